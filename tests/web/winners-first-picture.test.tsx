// Issue 29: the first card's picture on the winners' pages is the page's largest, which the server
// preloads (server/plugins/static-site.ts): the card asks for the very copy the preload fetched,
// at once and at high priority; the pictures below it wait until they are near (lazy). Every card
// offers the small copy's phone copy.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveShow, WinnerCard } from '../../domain/results.ts';
import { resultPicture } from '../../domain/site-paths.ts';
import { http } from '../../src/api/http.ts';
import LiveWeeklyWinnerPage from '../../src/screens/winners/LiveWeeklyWinnerPage.tsx';
import WinnersCirclePage from '../../src/screens/winners/WinnersCirclePage.tsx';
import { ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  http.defaults.adapter = original;
});

const pictureOf = (id: string) => ({
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: `/api/v1/pictures/${id}/small`, width: 1280, height: 800 },
    { name: 'large' as const, url: `/api/v1/pictures/${id}/large`, width: 1600, height: 1000 },
  ],
});

const card = (n: number): WinnerCard => ({
  contestId: `c${n}`,
  slot: 'A',
  opensAt: '2026-11-16T06:30:00.000Z',
  closesAt: '2026-11-18T18:29:59.000Z',
  showAt: '2026-11-19T15:30:00.000Z',
  publishedAt: '2026-11-19T16:15:00.000Z',
  picture: pictureOf(`p${n}`),
  judgedPoint: { x: 800, y: 500 },
  prize: { kind: 'cash', title: `Prize ${n}`, valuePaise: 2_500_000 },
  entries: 24,
  ballWidth: 16,
  winner: { firstName: `Winner${n}`, state: 'Maharashtra', mark: { x: 801, y: 498 }, distance: 2.1 },
});

function expectPreloaded(img: HTMLElement, id: string) {
  const preloaded = resultPicture(pictureOf(id).variants)!;
  expect(img).toHaveAttribute('src', preloaded.src);
  expect(img).toHaveAttribute('srcset', preloaded.srcSet);
  expect(img).toHaveAttribute('sizes', preloaded.sizes);
  expect(img.getAttribute('srcset')).toContain(`/api/v1/pictures/${id}/small?w=800 800w`);
  expect(img).toHaveAttribute('loading', 'eager');
  expect(img).toHaveAttribute('fetchpriority', 'high');
  // Its box is reserved before it loads: no layout shift.
  expect(img).toHaveAttribute('width', '1600');
  expect(img).toHaveAttribute('height', '1000');
}

describe("the winners' pages' first picture", () => {
  it('/the_winners_circle: the first card asks for the preloaded copy at once, the others lazily', async () => {
    stubApi({ 'GET /results/winners': () => ok({ results: [card(3), card(2)], nextCursor: null }) });
    await renderScreen(<WinnersCirclePage />, { path: '/the_winners_circle' });
    expect(await screen.findByText('Winner3 from Maharashtra')).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('img', { name: /contest picture/i });
    expectPreloaded(first!, 'p3');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
    // It offers its phone copy too.
    expect(second).toHaveAttribute(
      'srcset',
      '/api/v1/pictures/p2/small?w=800 800w, /api/v1/pictures/p2/small 1280w, /api/v1/pictures/p2/large 1600w',
    );
  });

  it("/live_weekly_winner: the latest winner's picture is the preloaded copy", async () => {
    const live: LiveShow = { next: null, latest: card(1) };
    stubApi({ 'GET /results/live': () => ok(live) });
    await renderScreen(<LiveWeeklyWinnerPage />, { path: '/live_weekly_winner' });
    expect(await screen.findByText('Winner1 from Maharashtra')).toBeInTheDocument();
    expectPreloaded(screen.getByRole('img', { name: /contest picture/i }), 'p1');
  });
});
