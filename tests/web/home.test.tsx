import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { istDate } from '../../domain/schedule.ts';
import { http } from '../../src/api/http.ts';
import HomePage from '../../src/screens/home/HomePage.tsx';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { contestView, currentAnswer } from './contest-fixtures.ts';

const original = http.defaults.adapter;
afterEach(() => {
  vi.useRealTimers();
  http.defaults.adapter = original;
});

describe('home page hero', () => {
  it("shows the contest's prize and one countdown, the contest card's", async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(contestView())) });
    await renderWithApp(<HomePage />);
    const prize = await screen.findByRole('region', { name: 'Weekly jackpot' });
    expect(within(prize).getByText("This week's prize · Contest A")).toBeInTheDocument();
    expect(within(prize).getByText('Worth ₹1,00,000')).toBeInTheDocument();
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Closes in: 1 Day,/);
    expect(screen.queryByRole('heading', { name: 'Contest A is open now' })).not.toBeInTheDocument();
  });

  it('shows the photo of the prize the operator set, in Hindi too', async () => {
    stubApi({
      'GET /contests/current': () =>
        ok(
          currentAnswer(
            contestView({
              prize: {
                kind: 'merchandise',
                title: 'हस्ताक्षरित बल्ला',
                valuePaise: 1_500_000,
                pictureUrl: '/uploads/bat-small.jpg',
              },
            }),
          ),
        ),
    });
    await renderWithApp(<HomePage />, { lng: 'hi' });
    const prize = await screen.findByRole('region', { name: 'हस्ताक्षरित बल्ला' });
    expect(within(prize).getByRole('img', { name: 'इनाम की फ़ोटो: हस्ताक्षरित बल्ला' })).toHaveAttribute(
      'src',
      '/uploads/bat-small.jpg',
    );
    expect(within(prize).getByText('मूल्य ₹15,000')).toBeInTheDocument();
  });

  it('counts down by the schedule when no contest can be shown', async () => {
    stubApi({ 'GET /contests/current': () => fail(500, 'down') });
    await renderWithApp(<HomePage />);
    expect(
      await screen.findByText('The contest could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Weekly jackpot' })).not.toBeInTheDocument();
  });
});

describe('home page of a returning player (issue 25)', () => {
  afterEach(() => localStorage.clear());

  it('puts the contest card with Play first, practice second', async () => {
    localStorage.setItem('loginToken', String(Date.now()));
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(contestView())) });
    const { container } = await renderWithApp(<HomePage />);
    const play = await screen.findByRole('button', { name: 'Play now' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    const practice = screen.getByRole('link', { name: 'Play a free practice game' });
    expect(play.compareDocumentPosition(practice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Inside the card, Play comes right under the picture and the countdown, before the facts.
    const facts = container.querySelector('.contest-card__facts')!;
    expect(play.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('.hero--returning')).not.toBeNull();
    expect(screen.queryByText(/Every week we take a cricket photo/)).not.toBeInTheDocument();
  });

  it('keeps the pitch first for a new visitor', async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(contestView())) });
    await renderWithApp(<HomePage />);
    await screen.findByRole('button', { name: 'Play now' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Find the hidden ball. Win real prizes.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Every week we take a cricket photo/)).toBeInTheDocument();
  });
});

// Without a contest to show (none made yet, or none loaded), the hero counts down by the weekly schedule.
describe('home page schedule', () => {
  it('shows the open window, the time to close and the next show in IST', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(istDate(2026, 11, 23, 15, 30, 0)); // Monday 15:30 IST: contest A open
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    await renderWithApp(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Contest A is open now' })).toBeInTheDocument();
    expect(
      screen.getByRole('timer', { name: /Entries close in: 2 Days, 8 Hours, 29 Minutes, 59 Seconds/ }),
    ).toBeInTheDocument();
    // Monday evening's show is contest B's, still ahead at 15:30.
    expect(screen.getByText(/Next live winner show: Monday, 23 November(,| at) 21:00/)).toBeInTheDocument();
  });

  it("says 'Game Play Closed!' between contests and counts down to the next opening", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(istDate(2026, 11, 26, 9, 0, 0)); // Thursday 09:00 IST: A closed, B opens at 12:00
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(null)) });
    await renderWithApp(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Game Play Closed!' })).toBeInTheDocument();
    expect(screen.getByText(/Contest B opens Thursday, 26 November(,| at) 12:00/)).toBeInTheDocument();
    expect(
      screen.getByRole('timer', { name: /Entries open in: 0 Days, 3 Hours, 0 Minutes, 0 Seconds/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Next live winner show: Thursday, 26 November(,| at) 21:00/)).toBeInTheDocument();
  });

  it('lists the weekly schedule and the ways in', async () => {
    await renderWithApp(<HomePage />);
    expect(screen.getByText('Contest A')).toBeInTheDocument();
    expect(screen.getByText('Wednesday 23:59')).toBeInTheDocument();
    expect(screen.getByText('Monday 21:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a free practice game' })).toHaveAttribute('href', '/quick_game');
    expect(screen.getByRole('link', { name: 'Read the rules' })).toHaveAttribute('href', '/rules');
    expect(screen.getByText('Max 75 tickets per person.')).toBeInTheDocument();
  });

  it("names one ticket limit: the contest on show's, when it sets its own", async () => {
    stubApi({ 'GET /contests/current': () => ok(currentAnswer(contestView({ maxTickets: 5 }))) });
    await renderWithApp(<HomePage />);
    expect(await screen.findByText('Max 5 tickets per person.')).toBeInTheDocument();
    expect(screen.queryByText(/Max 75 tickets/)).not.toBeInTheDocument();
  });
});
