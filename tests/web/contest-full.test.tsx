import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { ContestCard } from '../../src/screens/home/ContestCard.tsx';
import { PlayPrice, useEntryTexts } from '../../src/screens/play/PlayPrice.tsx';
import { useCurrentContests } from '../../src/shared/use-current-contests.ts';
import type { ContestView, CurrentContests } from '../../domain/contests.ts';
import { ok, stubApi } from '../support/api-stub.tsx';
import { createTestI18n } from '../support/i18n.ts';
import { contestView, currentAnswer } from './contest-fixtures.ts';

// A contest whose every ticket is taken, and the play screen's words before a ticket is marked:
// no "Open now / Play now" for a contest nobody new can enter, no "Enter for ₹0".

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
  cleanup();
});

function Card() {
  const { load, retry } = useCurrentContests();
  return <ContestCard load={load} retry={retry} />;
}

async function renderCard(view: ContestView, lng = 'en', extra: Partial<CurrentContests> = {}) {
  stubApi({ 'GET /contests/current': () => ok({ ...currentAnswer(view), ...extra }) });
  render(
    <I18nextProvider i18n={await createTestI18n(lng)}>
      <MemoryRouter>
        <Card />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

function EntryWords({ contest, count }: { contest: ContestView; count: number }) {
  const texts = useEntryTexts(contest, count);
  return (
    <>
      <PlayPrice contest={contest} count={count} />
      <button type="button">{texts.submit}</button>
    </>
  );
}

describe('a full contest on the home card', () => {
  it('says Full, offers the free practice instead of Play, and explains', async () => {
    await renderCard(contestView({ ticketsLeft: 0, myTickets: 0 }));
    expect(await screen.findByText('Full')).toHaveClass('contest-badge--full');
    expect(screen.queryByText('Open now')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a free practice game' })).toHaveAttribute('href', '/quick_game');
    expect(screen.getByRole('note')).toHaveTextContent('Every ticket of this contest has been taken.');
  });

  it('keeps Play for a player who holds tickets in it, in Hindi too', async () => {
    await renderCard(contestView({ ticketsLeft: 0, myTickets: 2 }), 'hi');
    expect(await screen.findByText('भर गई')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अभी खेलें' })).toBeInTheDocument();
  });
});

describe('the play screen before a ticket is marked', () => {
  it('says Enter with no amount and no total, then the amount once a ticket counts', async () => {
    const i18n = await createTestI18n('en');
    const contest = contestView({});
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <EntryWords contest={contest} count={0} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: 'Enter' })).toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
    rerender(
      <I18nextProvider i18n={i18n}>
        <EntryWords contest={contest} count={2} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: /^Enter for ₹/ })).toBeInTheDocument();
    expect(screen.getByText(/^Total: ₹/)).toBeInTheDocument();
  });
});

describe('a closed contest waiting for its live show, under the next contest', () => {
  const awaitingShow = { slot: 'B' as const, showAt: '2026-11-23T15:30:00.000Z', myTickets: 3 };

  it("says it is closed, when its winner is revealed, the player's tickets in it, and links the live show", async () => {
    await renderCard(contestView({ slot: 'A', state: 'upcoming' }), 'en', { awaitingShow });
    const note = await screen.findByText('Contest B: Game Play Closed!');
    const box = note.closest('[role="note"]') as HTMLElement;
    expect(box).toHaveTextContent('Winner revealed live: Monday, 23 November at 21:00 IST.');
    expect(box).toHaveTextContent('You have 3 tickets in it.');
    expect(screen.getByRole('link', { name: 'The live winner show' })).toHaveAttribute('href', '/live_weekly_winner');
  });

  it('in Hindi, and without tickets for a visitor', async () => {
    await renderCard(contestView({ slot: 'A', state: 'upcoming' }), 'hi', {
      awaitingShow: { ...awaitingShow, myTickets: 0 },
    });
    const note = await screen.findByText('प्रतियोगिता B: खेल बंद हो गया!');
    expect(note.closest('[role="note"]')).not.toHaveTextContent('टिकट');
  });
});
