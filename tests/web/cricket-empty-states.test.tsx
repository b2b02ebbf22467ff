import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { AppRoutes } from '../../src/app/routes.tsx';
import CartPage from '../../src/screens/cart/CartPage.tsx';
import LiveWeeklyWinnerPage from '../../src/screens/winners/LiveWeeklyWinnerPage.tsx';
import MyEntriesPage from '../../src/screens/entries/MyEntriesPage.tsx';
import WinnersCirclePage from '../../src/screens/winners/WinnersCirclePage.tsx';
import { ok, renderScreen, stubApi } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';
import { contestView, currentAnswer } from './contest-fixtures.ts';
import { renderAt } from './payments-render.tsx';

const original = http.defaults.adapter;
beforeEach(() => loginMarker.set());
afterEach(() => {
  http.defaults.adapter = original;
  loginMarker.clear();
});

/** The drawing beside an empty state's words: hidden from screen readers, coloured by the tokens. */
function expectStumps(bowled = false) {
  const drawing = document.querySelector('svg.stumps-picture');
  expect(drawing).not.toBeNull();
  expect(drawing).toHaveAttribute('aria-hidden', 'true');
  expect(drawing?.innerHTML).toContain('var(--color-ball)');
  // Bowled: the middle stump leans and the bails fly.
  expect(drawing?.querySelectorAll('rect[transform]').length).toBe(bowled ? 4 : 0);
  expect((drawing?.outerHTML.length ?? 0) < 1500).toBe(true);
}

describe('the cricket touch', () => {
  it.each([
    [
      'en',
      'Page not found',
      "Sorry, this page doesn't appear to exist",
      'TAKE ME HOME',
      'Clean bowled! This page has walked back to the pavilion.',
    ],
    ['hi', 'पेज नहीं मिला', 'क्षमा करें, यह पेज मौजूद नहीं लगता', 'मुझे होम पर ले चलें', 'क्लीन बोल्ड! यह पेज पवेलियन लौट चुका है।'],
  ])('404 in %s: the spec texts, a bowled wicket and a cricket line', async (lng, title, text, home, line) => {
    loginMarker.clear();
    await renderWithApp(<AppRoutes />, { path: '/no/such/page', lng });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', '/');
    expect(screen.getByText(line)).toBeInTheDocument();
    expectStumps(true);
  });

  it('empty cart', async () => {
    stubApi({
      'GET /cart': () => ok({ items: [], groups: [], held: [] }),
      'GET /contests/current': () => ok(currentAnswer(contestView())),
    });
    await renderScreen(<CartPage />, { path: '/cart', lng: 'hi' });
    expect(await screen.findByText('आपका कार्ट खाली है।')).toBeInTheDocument();
    expect(screen.getByText('पिच तैयार है और क्रीज़ खाली है: गार्ड लीजिए और अपना पहला टिकट लगाइए।')).toBeInTheDocument();
    expectStumps();
  });

  it('no entries in My entries', async () => {
    stubApi({ 'GET /account/entries': () => ok({ contests: [] }) });
    await renderScreen(<MyEntriesPage />, { path: '/my_entries' });
    expect(
      await screen.findByText("You have no tickets yet. Mark the ball in this week's contest to enter."),
    ).toBeInTheDocument();
    expect(screen.getByText('Your innings has not started yet. Pad up!')).toBeInTheDocument();
    expectStumps();
  });

  it('no payments', async () => {
    stubApi({ 'GET /payments': () => ok([]) });
    await renderAt('/payments');
    expect(await screen.findByText('You have no payments yet.')).toBeInTheDocument();
    expect(screen.getByText('No runs on the scoreboard yet.')).toBeInTheDocument();
    expectStumps();
  });

  it('no winner announced yet on the live page', async () => {
    stubApi({ 'GET /results/live': () => ok({ next: null, latest: null }) });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByText('No winner has been announced yet.')).toBeInTheDocument();
    expect(
      screen.getByText('The umpire has not raised the finger yet: the winner is announced at the live show.'),
    ).toBeInTheDocument();
    expectStumps();
  });

  it('no winners yet', async () => {
    stubApi({ 'GET /results/winners': () => ok({ results: [], nextCursor: null }) });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle', lng: 'hi' });
    expect(await screen.findByText('स्टंप्स लगे हैं, गिल्लियाँ सजी हैं: पहला विजेता अभी मैदान पर आना बाकी है।')).toBeInTheDocument();
    expectStumps();
  });
});
