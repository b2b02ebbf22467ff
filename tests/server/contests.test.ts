import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { istDate } from '../../domain/schedule.ts';
import { contestState, ensureUpcomingContests } from '../../server/services/contests/contest.service.ts';
import { clearPaidPlay, setPaidPlay } from '../../server/services/contests/settings.service.ts';
import { createSession } from '../../server/services/accounts/session.service.ts';
import { get, insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, PICTURE_HEIGHT, PICTURE_WIDTH } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// The test clock starts on Saturday 2026-11-21 11:30 IST: contest B of that week is open.
const OPEN_KEY = '2026-11-19-B';
const NEXT_KEYS = ['2026-11-23-A', '2026-11-26-B'];

describe('contestState', () => {
  const contest = {
    state: 'upcoming' as const,
    opens_at: istDate(2026, 11, 23, 12).getTime(),
    closes_at: istDate(2026, 11, 26).getTime() - 1,
  };
  it('derives upcoming, open and closed from the clock and keeps judged and published', () => {
    expect(contestState(contest, contest.opens_at - 1)).toBe('upcoming');
    expect(contestState(contest, contest.opens_at)).toBe('open');
    expect(contestState(contest, contest.closes_at)).toBe('open');
    expect(contestState(contest, contest.closes_at + 1)).toBe('closed');
    expect(contestState({ ...contest, state: 'judged' }, contest.closes_at + 1)).toBe('judged');
    expect(contestState({ ...contest, state: 'published' }, contest.closes_at + 1)).toBe('published');
  });
});

describeOnEachDatabase('contests without a picture', (server) => {
  it('makes no contest before the demo picture exists', async () => {
    const result = await ensureUpcomingContests(server.app.db, Date.now(), server.config.contestDefaults);
    expect(result).toEqual({ created: [], skipped: 'no_picture' });
    const res = await get(server, '/api/v1/contests/current');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { current: null, next: null, paidPlay: { enabled: true } } });
    const picture = await get(server, '/api/v1/contests/current/picture');
    expect(picture.statusCode).toBe(404);
    expect(picture.json().code).toBe('NOT_FOUND');
  });
});

describeOnEachDatabase('contests', (server) => {
  const clock = useTestClock(server);

  beforeAll(async () => {
    await addContestPicture(server, { asDemo: true });
  });

  it('makes the open window and the next two from the schedule, once, even when asked in parallel', async () => {
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => ensureUpcomingContests(server.app.db, clock.now, server.config.contestDefaults)),
    );
    expect(runs.flatMap((r) => r.created).sort()).toEqual([OPEN_KEY, ...NEXT_KEYS]);
    expect((await ensureUpcomingContests(server.app.db, clock.now, server.config.contestDefaults)).created).toEqual([]);
    const rows = await server.app.db.selectFrom('contests').selectAll().orderBy('opens_at').execute();
    expect(rows.map((r) => r.window_key)).toEqual([OPEN_KEY, ...NEXT_KEYS]);
    expect(rows[0]).toMatchObject({
      slot: 'B',
      opens_at: istDate(2026, 11, 19, 12).getTime(),
      closes_at: istDate(2026, 11, 23).getTime() - 1,
      show_at: istDate(2026, 11, 23, 21).getTime(),
      ticket_price_paise: 4900,
      max_tickets_per_person: 75,
      total_tickets: 10000,
      prize_kind: 'merchandise',
      prize_title_en: 'Signed cricket bat',
      prize_value_paise: 1500000,
      state: 'upcoming',
    });
  });

  it('shows the open contest and the next one to anyone, in English or Hindi', async () => {
    const res = await get(server, '/api/v1/contests/current');
    expect(res.statusCode).toBe(200);
    const { current, next, paidPlay } = res.json().data;
    expect(paidPlay).toEqual({ enabled: true });
    expect(current).toMatchObject({
      slot: 'B',
      state: 'open',
      opensAt: istDate(2026, 11, 19, 12).toISOString(),
      closesAt: new Date(istDate(2026, 11, 23).getTime() - 1).toISOString(),
      showAt: istDate(2026, 11, 23, 21).toISOString(),
      prize: { kind: 'merchandise', title: 'Signed cricket bat', valuePaise: 1500000 },
      ticketPricePaise: 4900,
      maxTickets: 75,
      totalTickets: 10000,
      ticketsLeft: 10000,
      myTickets: 0,
      myPoints: [],
    });
    expect(current.picture.width).toBe(PICTURE_WIDTH);
    expect(current.picture.height).toBe(PICTURE_HEIGHT);
    expect(current.picture.variants.map((v: { name: string }) => v.name)).toEqual(['small', 'large']);
    const image = await server.app.inject(current.picture.variants[0].url);
    expect(image.statusCode).toBe(200);
    // The pre-rendered home page's picture: the current contest's small copy at a stable address,
    // revalidated on each visit (the contest changes) by its ETag.
    const picture = await get(server, '/api/v1/contests/current/picture');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(image.rawPayload)).toBe(true);
    expect(picture.headers['cache-control']).toBe('no-cache');
    const again = await get(server, '/api/v1/contests/current/picture', {
      headers: { 'if-none-match': String(picture.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // The phone copy: 800 px wide, fewer bytes, its own ETag; any other width is refused.
    const phone = await get(server, '/api/v1/contests/current/picture?w=800');
    expect(phone.statusCode).toBe(200);
    expect((await sharp(phone.rawPayload).metadata()).width).toBe(800);
    expect(phone.rawPayload.length).toBeLessThan(picture.rawPayload.length);
    expect(phone.headers.etag).not.toBe(picture.headers.etag);
    expect(
      (
        await get(server, '/api/v1/contests/current/picture', {
          headers: { 'if-none-match': String(phone.headers.etag) },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(server, '/api/v1/contests/current/picture?w=801')).statusCode).toBe(400);
    expect(next).toMatchObject({ slot: 'A', state: 'upcoming', opensAt: istDate(2026, 11, 23, 12).toISOString() });

    const hindi = (await get(server, '/api/v1/contests/current?lang=hi')).json().data;
    expect(hindi.current.prize.title).toBe('हस्ताक्षरित क्रिकेट बल्ला');
    expect((await get(server, '/api/v1/contests/current?lang=fr')).statusCode).toBe(400);
  });

  it('gives a logged-in caller their tickets and everyone the tickets left', async () => {
    const [buyer, other] = await insertActiveUsers(server, 2, clock.now);
    const { current } = (await get(server, '/api/v1/contests/current')).json().data;
    const add = await post(
      server,
      '/api/v1/cart/items',
      {
        contestId: current.id,
        tickets: [
          { x: 10, y: 20 },
          { x: 30, y: 40 },
        ],
      },
      { cookie: buyer!.cookie },
    );
    expect(add.statusCode, add.body).toBe(200);
    // In the cart only: nothing is held yet.
    expect(
      (await get(server, '/api/v1/contests/current', { cookie: buyer!.cookie })).json().data.current,
    ).toMatchObject({ ticketsLeft: 10000, myTickets: 0 });
    const reserve = await post(server, '/api/v1/payments/orders', { contestId: current.id }, { cookie: buyer!.cookie });
    expect(reserve.statusCode, reserve.body).toBe(200);

    const mine = (await get(server, '/api/v1/contests/current', { cookie: buyer!.cookie })).json().data.current;
    expect(mine).toMatchObject({
      ticketsLeft: 9998,
      myTickets: 2,
      myPoints: [
        { x: 10, y: 20 },
        { x: 30, y: 40 },
      ],
    });
    const theirs = (await get(server, '/api/v1/contests/current', { cookie: other!.cookie })).json().data.current;
    expect(theirs).toMatchObject({ ticketsLeft: 9998, myTickets: 0, myPoints: [] });
    const anonymous = (await get(server, '/api/v1/contests/current')).json().data.current;
    expect(anonymous).toMatchObject({ ticketsLeft: 9998, myTickets: 0, myPoints: [] });
  });

  it('lets caches keep the anonymous answer for 5 seconds and never stores a logged-in one', async () => {
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const anonymous = await get(server, '/api/v1/contests/current');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=5');
    expect(
      String(anonymous.headers['vary'])
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('cookie');
    expect(anonymous.headers['set-cookie']).toBeUndefined();

    const mine = await get(server, '/api/v1/contests/current', { cookie: player!.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(
      String(mine.headers['vary'])
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('cookie');

    // A dead session cookie is cleared in the answer: that answer is not for anyone else either.
    const stale = await get(server, '/api/v1/contests/current', { cookie: `cs_session=${'A'.repeat(43)}` });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('private, no-store');
    expect(String(stale.headers['set-cookie'])).toMatch(/^cs_session=;/);
    expect(stale.json().data.current).toMatchObject({ myTickets: 0, myPoints: [] });

    // The same with compression asked for (the compression plugin adds its own Vary).
    const gzipped = await get(server, '/api/v1/contests/current', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['cache-control']).toBe('public, max-age=5');
    expect(
      String(gzipped.headers['vary'])
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('cookie');
  });

  it('says when paid play is suspended', async () => {
    await setPaidPlay(server.app.db, false, clock.now);
    expect((await get(server, '/api/v1/contests/current')).json().data.paidPlay).toEqual({
      enabled: false,
      message: PAID_PLAY_SUSPENDED_MESSAGE,
    });
    await clearPaidPlay(server.app.db);
    expect((await get(server, '/api/v1/contests/current')).json().data.paidPlay).toEqual({ enabled: true });
  });

  it('moves on with time: closed in the Monday-morning gap, the next one upcoming, then open', async () => {
    // A player enters the open contest B (free, with paid play off) before it closes.
    const [entrant] = await insertActiveUsers(server, 1, clock.now);
    const open = (await get(server, '/api/v1/contests/current')).json().data.current;
    await setPaidPlay(server.app.db, false, clock.now);
    try {
      const tickets = [
        { x: 11, y: 21 },
        { x: 31, y: 41 },
        { x: 51, y: 61 },
      ];
      expect(
        (await post(server, '/api/v1/cart/items', { contestId: open.id, tickets }, { cookie: entrant!.cookie }))
          .statusCode,
      ).toBe(200);
      const entered = await post(
        server,
        '/api/v1/cart/checkout-free',
        { contestId: open.id },
        { cookie: entrant!.cookie },
      );
      expect(entered.statusCode, entered.body).toBe(200);
    } finally {
      await clearPaidPlay(server.app.db);
    }
    expect((await get(server, '/api/v1/contests/current')).json().data.awaitingShow).toBeUndefined();

    const mondayMorning = istDate(2026, 11, 23, 9).getTime();
    clock.advance(mondayMorning - clock.now);
    let data = (await get(server, '/api/v1/contests/current')).json().data;
    expect(data.current).toMatchObject({
      slot: 'A',
      state: 'upcoming',
      opensAt: istDate(2026, 11, 23, 12).toISOString(),
    });
    expect(data.next).toMatchObject({ slot: 'B', state: 'upcoming' });
    // Contest B has closed; its winner show is tonight: its entrants are told when, and their tickets.
    const showAt = istDate(2026, 11, 23, 21).toISOString();
    expect(data.awaitingShow).toEqual({ slot: 'B', showAt, myTickets: 0 });
    // The player comes back (a new session: the Saturday one has long expired).
    const { token } = await createSession(server.app.db, entrant!.id, clock.now, {
      userAgent: 'test',
      ip: '127.0.0.1',
    });
    const back = await get(server, '/api/v1/contests/current', { cookie: `cs_session=${token}` });
    expect(back.json().data.awaitingShow).toEqual({ slot: 'B', showAt, myTickets: 3 });

    clock.advance(istDate(2026, 11, 23, 12).getTime() - clock.now);
    data = (await get(server, '/api/v1/contests/current')).json().data;
    expect(data.current).toMatchObject({ slot: 'A', state: 'open' });
    // The hourly run makes the window after next.
    expect((await ensureUpcomingContests(server.app.db, clock.now, server.config.contestDefaults)).created).toEqual([
      '2026-11-30-A',
    ]);

    const closed = await server.app.db
      .selectFrom('contests')
      .select(['id', 'state', 'opens_at', 'closes_at'])
      .where('window_key', '=', OPEN_KEY)
      .executeTakeFirstOrThrow();
    expect(contestState(closed, clock.now)).toBe('closed');
    await server.app.db.updateTable('contests').set({ state: 'judged' }).where('id', '=', closed.id).execute();
    const judged = await server.app.db
      .selectFrom('contests')
      .select(['state', 'opens_at', 'closes_at'])
      .where('id', '=', closed.id)
      .executeTakeFirstOrThrow();
    expect(contestState(judged, clock.now)).toBe('judged');
    // Once the show has begun, nothing is awaited any more.
    clock.advance(istDate(2026, 11, 23, 21).getTime() - clock.now);
    expect((await get(server, '/api/v1/contests/current')).json().data.awaitingShow).toBeUndefined();
  });
});

describeOnEachDatabase(
  'contests with PAID_PLAY=off',
  (server) => {
    it('says paid play is suspended by default', async () => {
      expect(server.config.paidPlayDefault).toBe(false);
      expect((await get(server, '/api/v1/contests/current')).json().data.paidPlay).toEqual({
        enabled: false,
        message: PAID_PLAY_SUSPENDED_MESSAGE,
      });
      await setPaidPlay(server.app.db, true, Date.now());
      expect((await get(server, '/api/v1/contests/current')).json().data.paidPlay).toEqual({ enabled: true });
    });
  },
  { env: { PAID_PLAY: 'off' } },
);
