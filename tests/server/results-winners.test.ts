import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoResults } from '../../scripts/demo/seed-results.ts';
import { withFrameSource } from '../../server/plugins/security.ts';
import { get, insertActiveUsers, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { addJudgedContest } from '../support/results.ts';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';

const DAY = 86_400_000;

describeOnEachDatabase('results: the winners pages, my entries and the prize claim', (server) => {
  const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
  let pictureId = '';

  it('lists only published contests, newest first, a page at a time, with a card that says no more than it should', async () => {
    pictureId = await addContestPicture(server);
    const older = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [
        { x: 810, y: 500 },
        { x: 800, y: 501 },
        { x: 10, y: 10 },
      ],
      publishedAt: clock.now - 3 * DAY,
    });
    const judgedOnly = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [{ x: 1, y: 1 }],
      publishedAt: null,
    });
    const newer = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [
        { x: 700, y: 400 },
        { x: 799, y: 501 },
      ],
      publishedAt: clock.now - DAY,
    });

    const first = await get(server, '/api/v1/results/winners?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.results.map((c: { contestId: string }) => c.contestId)).toEqual([newer.contestId]);
    const card = page1.results[0];
    // The judged point is the exact mean of (800,500), (801,500), (800,502).
    expect(card.judgedPoint).toEqual({ x: 2401 / 3, y: 1502 / 3 });
    expect(card.winner).toEqual({
      firstName: 'Ravi',
      state: null,
      mark: { x: 799, y: 501 },
      distance: Math.round(Math.hypot(799 - 2401 / 3, 501 - 1502 / 3) * 10) / 10,
    });
    expect(card.entries).toBe(2);
    expect(card.picture.variants.length).toBeGreaterThan(0);
    expect(card.prize).toMatchObject({ kind: expect.any(String), valuePaise: 500_000 });
    expect(first.body).not.toMatch(/Kumar|@|\+91/);

    const second = (await get(server, `/api/v1/results/winners?limit=1&cursor=${page1.nextCursor}`)).json().data;
    expect(second.results.map((c: { contestId: string }) => c.contestId)).toEqual([older.contestId]);
    const rest = (await get(server, `/api/v1/results/winners?limit=1&cursor=${second.nextCursor}`)).json().data;
    expect(rest.results.map((c: { contestId: string }) => c.contestId)).not.toContain(judgedOnly.contestId);
    const all = (await get(server, '/api/v1/results/winners?limit=24')).json().data;
    expect(all.results.map((c: { contestId: string }) => c.contestId)).not.toContain(judgedOnly.contestId);
    expect(all.nextCursor).toBeNull();
    expect((await get(server, '/api/v1/results/winners?limit=500')).statusCode).toBe(400);
  });

  it('the live page: the next show with its stream embedded from a YouTube URL, and the latest result', async () => {
    const upcoming = await addTestContest(server, { pictureId, now: clock.now, opensInMs: -DAY, closesInMs: DAY });
    await server.app.db
      .updateTable('contests')
      .set({ stream_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', show_at: clock.now + DAY + 3_600_000 })
      .where('id', '=', upcoming)
      .execute();
    // A contest whose show is sooner but which was cancelled has no show.
    const cancelled = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -DAY,
      closesInMs: 3_600_000,
    });
    await server.app.db.updateTable('contests').set({ state: 'cancelled' }).where('id', '=', cancelled).execute();
    const res = await get(server, '/api/v1/results/live?lang=hi');
    expect(res.statusCode, res.body).toBe(200);
    const { next, latest } = res.json().data;
    expect(next).toMatchObject({
      contestId: upcoming,
      streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(latest.state).toBeUndefined();
    expect(latest.publishedAt).toBe(new Date(clock.now - DAY).toISOString());
    expect(latest.prize.title).toBe(server.config.contestDefaults.prizeTitleHi);
  });

  it('my entries: the tickets a player holds; ranks, distances and the judged point only once published', async () => {
    const hidden = await addJudgedContest(server, {
      pictureId,
      now: clock.now,
      points: [
        { x: 805, y: 500 },
        { x: 900, y: 900 },
      ],
      owners: [0, 0],
      players: 1,
      publishedAt: null,
    });
    const player = hidden.players[0]!;
    let mine = (await get(server, '/api/v1/account/entries', { cookie: player.cookie })).json().data.contests;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      contestId: hidden.contestId,
      state: 'judged',
      judgedPoint: null,
      entries: null,
      isWinner: false,
      claim: null,
    });
    expect(mine[0].tickets.map((t: { x: number; rank: number | null }) => [t.x, t.rank])).toEqual([
      [805, null],
      [900, null],
    ]);

    await server.app.db
      .updateTable('contests')
      .set({ state: 'published', published_at: clock.now })
      .where('id', '=', hidden.contestId)
      .execute();
    mine = (await get(server, '/api/v1/account/entries', { cookie: player.cookie })).json().data.contests;
    expect(mine[0]).toMatchObject({
      state: 'published',
      judgedPoint: { x: 2401 / 3, y: 1502 / 3 },
      entries: 2,
      isWinner: true,
    });
    expect(mine[0].tickets.map((t: { rank: number | null }) => t.rank)).toEqual([1, 2]);
    expect(mine[0].tickets[0].distance).toBe(Math.round(Math.hypot(805 - 2401 / 3, 500 - 1502 / 3) * 10) / 10);
    expect(mine[0].tax).toMatchObject({ grossPaise: 500_000, tdsPaise: 0, netPaise: 500_000 });

    const [stranger] = await insertActiveUsers(server, 1, clock.now);
    expect((await get(server, '/api/v1/account/entries', { cookie: stranger!.cookie })).json().data.contests).toEqual(
      [],
    );
    expect((await get(server, '/api/v1/account/entries')).statusCode).toBe(401);
  });
});

describe("the content security policy opens frame-src for the next show's stream host only", () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>t</title>');
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));
  const server = startServer('sqlite', { distDir, env: { PAYMENT_GATEWAY: 'sandbox' } });
  const clock = useTestClock(server, Date.UTC(2026, 10, 26, 6, 0, 0));
  const frameSrc = async (url: string) => {
    const res = await get(server, url, { headers: { accept: 'text/html' } });
    const directive = String(res.headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find((words) => words[0] === 'frame-src');
    return directive?.slice(1);
  };

  it('no stream: no frame-src; a YouTube stream: its embed host; another site: still none', async () => {
    const pictureId = await addContestPicture(server);
    const contest = await addTestContest(server, { pictureId, now: clock.now });
    expect(await frameSrc('/live_weekly_winner')).toBeUndefined();
    await server.app.db
      .updateTable('contests')
      .set({ stream_url: 'https://youtu.be/dQw4w9WgXcQ' })
      .where('id', '=', contest)
      .execute();
    expect(await frameSrc('/live_weekly_winner')).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(await frameSrc('/')).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    // JSON answers are not documents: their policy stays as it was.
    expect(await frameSrc('/api/v1/results/live')).toBeUndefined();
    await server.app.db
      .updateTable('contests')
      .set({ stream_url: 'https://www.youtube.com/channel/UC0123456789abcdefghijkl/live' })
      .where('id', '=', contest)
      .execute();
    expect(await frameSrc('/live_weekly_winner')).toEqual(["'self'", 'https://www.youtube.com']);
    await server.app.db
      .updateTable('contests')
      .set({ stream_url: 'https://evil.example.com/live' })
      .where('id', '=', contest)
      .execute();
    expect(await frameSrc('/live_weekly_winner')).toBeUndefined();
  });
});

describeOnEachDatabase('the demo results seed', (server) => {
  const SIZE = { width: 480, height: 320 };
  const now = Date.UTC(2026, 10, 26, 6, 0, 0);

  it('seeds two past published contests with demo players, ranked by the judging rules, once, and never in production', async () => {
    const config = { pictures: server.app.pictures, secret: server.app.secret };
    expect((await seedDemoResults(server.app.db, { ...config, isProduction: true }, { ...SIZE, now })).seeded).toBe(
      false,
    );
    const result = await seedDemoResults(server.app.db, { ...config, isProduction: false }, { ...SIZE, now });
    expect(result.seeded).toBe(true);
    expect(result.contests).toHaveLength(2);
    expect((await seedDemoResults(server.app.db, { ...config, isProduction: false }, { ...SIZE, now })).seeded).toBe(
      false,
    );

    server.app.clock.now = () => now;
    const page = (await get(server, '/api/v1/results/winners')).json().data;
    expect(page.results).toHaveLength(2);
    for (const card of page.results) {
      expect(card.winner.firstName).toMatch(/^Demo player \d+$/);
      expect(card.winner.state).toEqual(expect.any(String));
      expect(card.entries).toBe(24);
      expect(new Date(card.showAt).getTime()).toBeLessThan(now);
      // The winner is the nearest ticket to the judged point.
      const ranks = await server.app.db
        .selectFrom('contest_ranks')
        .select(['rank', 'distance'])
        .where('contest_id', '=', card.contestId)
        .orderBy('rank')
        .execute();
      expect(ranks[0]!.distance).toBe(Math.min(...ranks.map((r) => r.distance)));
      expect(card.winner.distance).toBe(Math.round(ranks[0]!.distance * 10) / 10);
    }
    expect(new Date(page.results[0].publishedAt).getTime()).toBeGreaterThan(
      new Date(page.results[1].publishedAt).getTime(),
    );
    const users = await server.app.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('email', 'like', 'demo.%')
      .execute();
    expect(users.length).toBe(11);
    for (const user of users) {
      expect(user.email).toMatch(/@example\.invalid$/);
      expect(user.password_hash).toBeNull();
    }
    expect((await get(server, '/api/v1/results/live')).json().data.latest.contestId).toBe(page.results[0].contestId);
  });
});

describe('frame-src for the stream', () => {
  it('adds the host to an existing frame-src once, or makes one from self', () => {
    expect(
      withFrameSource(
        "default-src 'self';frame-src 'self' https://checkout.razorpay.com",
        'https://www.youtube-nocookie.com',
      ),
    ).toBe("default-src 'self';frame-src 'self' https://checkout.razorpay.com https://www.youtube-nocookie.com");
    expect(withFrameSource("default-src 'self'", 'https://www.youtube-nocookie.com')).toBe(
      "default-src 'self';frame-src 'self' https://www.youtube-nocookie.com",
    );
    expect(withFrameSource("frame-src 'self' https://www.youtube.com", 'https://www.youtube.com')).toBe(
      "frame-src 'self' https://www.youtube.com",
    );
  });
});
