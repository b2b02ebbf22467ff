import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/api/http.ts';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { practiceDay, readPracticeGames } from '../../src/shared/practice-count.ts';
import QuickGameScreenPage from '../../src/screens/trial/QuickGameScreenPage.tsx';
import { ok, renderScreen, stubApi } from '../support/api-stub.tsx';

// The Pixi stage cannot run in jsdom; these tests never mark.
vi.mock('../../src/stage/PictureStage.tsx', () => ({ PictureStage: () => <div data-testid="stage" /> }));

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

const picture = {
  width: 1600,
  height: 1000,
  variants: [{ name: 'large', url: '/pictures/p.jpg', width: 1600, height: 1000 }],
};

function stub() {
  let served = 0;
  return stubApi({ 'GET /practice/pairs/next': () => ok({ pairId: `pair-${++served}`, picture }) });
}

const DAY = 86_400_000;
const store = (day: string, games: number) =>
  localStorage.setItem(STORAGE_KEYS.practiceGames, JSON.stringify({ day, games }));

describe('the daily limit of practice games', () => {
  it('counts the IST day: 23:59 IST and 00:00 IST are two days', () => {
    expect(practiceDay(new Date('2026-11-25T18:29:59Z'))).toBe('2026-11-25');
    expect(practiceDay(new Date('2026-11-25T18:30:00Z'))).toBe('2026-11-26');
  });

  it('survives a reload: the next visit goes on from the games already started today', async () => {
    stub();
    const first = await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    await screen.findByTestId('stage');
    expect(screen.getByText('Practice game 1 of 4')).toBeInTheDocument();
    expect(readPracticeGames(new Date())).toBe(1);
    first.unmount();
    stub();
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    await screen.findByTestId('stage');
    expect(screen.getByText('Practice game 2 of 4')).toBeInTheDocument();
    expect(readPracticeGames(new Date())).toBe(2);
  });

  it("with today's 4 games used up, loads no picture and offers the real contest", async () => {
    store(practiceDay(new Date()), 4);
    const calls = stub();
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You have played your 4 practice games for today. Come back tomorrow for more, or try the real contest now!',
    );
    expect(screen.queryByTestId('stage')).toBeNull();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('button', { name: 'Play the real contest' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('says so in Hindi', async () => {
    store(practiceDay(new Date()), 4);
    stub();
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen', lng: 'hi' });
    expect(screen.getByRole('status')).toHaveTextContent('आज के आपके 4 अभ्यास गेम पूरे हो गए।');
  });

  it('starts again from game 1 on a new day', async () => {
    store(practiceDay(new Date(Date.now() - DAY)), 4);
    stub();
    await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen' });
    await screen.findByTestId('stage');
    expect(screen.getByText('Practice game 1 of 4')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.practiceGames)!)).toEqual({
      day: practiceDay(new Date()),
      games: 1,
    });
  });
});
