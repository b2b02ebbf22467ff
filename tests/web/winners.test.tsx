import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveShow, WinnerCard } from '../../domain/results.ts';
import { http } from '../../src/api/http.ts';
import LiveWeeklyWinnerPage from '../../src/screens/winners/LiveWeeklyWinnerPage.tsx';
import WinnersCirclePage from '../../src/screens/winners/WinnersCirclePage.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
});

const picture = {
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: '/api/v1/pictures/p1/small', width: 1280, height: 800 },
    { name: 'large' as const, url: '/api/v1/pictures/p1/large', width: 1600, height: 1000 },
  ],
};

const card = (n: number, overrides: Partial<WinnerCard> = {}): WinnerCard => ({
  contestId: `c${n}`,
  slot: n % 2 ? 'A' : 'B',
  opensAt: '2026-11-16T06:30:00.000Z',
  closesAt: '2026-11-18T18:29:59.000Z',
  showAt: '2026-11-19T15:30:00.000Z',
  publishedAt: '2026-11-19T16:15:00.000Z',
  picture,
  judgedPoint: { x: 2401 / 3, y: 500 },
  prize: { kind: 'cash', title: `Prize ${n}`, valuePaise: 2_500_000 },
  entries: 24,
  ballWidth: 16,
  winner: { firstName: `Winner${n}`, state: 'Maharashtra', mark: { x: 801, y: 498 }, distance: 2.1 },
  ...overrides,
});

describe('/live_weekly_winner', () => {
  it('counts down to the next show, embeds its stream, and shows the latest winner with both marks on their pixels', async () => {
    const live: LiveShow = {
      next: {
        contestId: 'n1',
        slot: 'A',
        showAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
        streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
      latest: card(1),
    };
    stubApi({ 'GET /results/live': () => ok(live) });
    const { container } = await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Live weekly winner' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /^Time until the live show: 2 / })).toBeInTheDocument();
    expect(screen.getByTitle('Live winner show')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByRole('link', { name: 'Open the stream on youtube.com' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(screen.getByText('Winner1 from Maharashtra')).toBeInTheDocument();
    // 2.1 px from the judged point with a 16 px ball: on the ball; the pixels in a details line.
    expect(screen.getByText('On the judged ball position')).toBeInTheDocument();
    expect(screen.getByText('2.1 px in the original photo')).toBeInTheDocument();
    expect(screen.getByText('24 entries')).toBeInTheDocument();
    // A cash prize's title names its amount; no '(worth ...)' after it.
    expect(screen.getAllByText('Prize 1').length).toBeGreaterThan(0);
    expect(screen.queryByText(/worth/)).toBeNull();
    // The overlay's coordinate space is the original photo's: each mark sits on its pixel centre.
    const overlay = container.querySelector('svg.marked-picture__overlay')!;
    expect(overlay.getAttribute('viewBox')).toBe('0 0 1600 1000');
    const judged = container.querySelector('.mark--judged circle')!;
    expect(Number(judged.getAttribute('cx'))).toBeCloseTo(2401 / 3 + 0.5, 10);
    expect(judged.getAttribute('cy')).toBe('500.5');
    expect(container.querySelector('.mark--winner circle')!.getAttribute('cx')).toBe('801.5');
  });

  it('before anything is set: no stream yet, no winner yet', async () => {
    stubApi({
      'GET /results/live': () =>
        ok({
          next: {
            contestId: 'n1',
            slot: 'B',
            showAt: new Date(Date.now() + 3_600_000).toISOString(),
            streamUrl: null,
            embedUrl: null,
          },
          latest: null,
        }),
    });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(
      await screen.findByText('The link to the live stream will appear here before the show.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No winner has been announced yet.')).toBeInTheDocument();
    expect(screen.queryByTitle('Live winner show')).toBeNull();
  });

  it('a stream that cannot be embedded is a link; during the show it says live now; in Hindi', async () => {
    stubApi({
      'GET /results/live': () =>
        ok({
          next: {
            contestId: 'n1',
            slot: 'B',
            showAt: new Date(Date.now() - 600_000).toISOString(),
            streamUrl: 'https://www.facebook.com/cricspot/live',
            embedUrl: null,
          },
          latest: null,
        }),
    });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner', lng: 'hi' });
    expect(await screen.findByText('शो अभी लाइव है')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'लाइव शो देखें' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/cricspot/live',
    );
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('a failed load says so and tries again', async () => {
    let n = 0;
    stubApi({ 'GET /results/live': () => (n++ === 0 ? fail(500, 'boom') : ok({ next: null, latest: null })) });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The show could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No show is scheduled yet. Check back soon.')).toBeInTheDocument();
  });
});

describe('/the_winners_circle', () => {
  it('shows the newest winners and loads more until the end', async () => {
    const calls = stubApi({
      'GET /results/winners': () =>
        calls.length === 1
          ? ok({ results: [card(3), card(2)], nextCursor: 'next-1' })
          : ok({ results: [card(1, { winner: null, entries: 0 })], nextCursor: null }),
    });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle' });
    expect(await screen.findByText('Winner3 from Maharashtra')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // Each result links to its public check.
    expect(screen.getAllByRole('link', { name: 'Check this result' }).map((a) => a.getAttribute('href'))).toEqual([
      `/the_winners_circle/${card(3).contestId}/verify`,
      `/the_winners_circle/${card(2).contestId}/verify`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Nobody entered this contest.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('That is every winner so far.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a failed further page keeps the cards, says so, and offers the button again', async () => {
    let n = 0;
    stubApi({
      'GET /results/winners': () =>
        n++ === 0
          ? ok({ results: [card(3)], nextCursor: 'next-1' })
          : n === 2
            ? fail(500, 'boom')
            : ok({ results: [card(2)], nextCursor: null }),
    });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More winners could not be loaded.');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Winner2 from Maharashtra')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when nothing is published yet, in Hindi too', async () => {
    stubApi({ 'GET /results/winners': () => ok({ results: [], nextCursor: null }) });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle', lng: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'विजेताओं का मंच' })).toBeInTheDocument();
    expect(await screen.findByText(/अभी तक कोई परिणाम प्रकाशित नहीं हुआ है/)).toBeInTheDocument();
  });
});
