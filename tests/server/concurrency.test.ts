import { beforeAll, expect, it } from 'vitest';
import { checkContest } from '../../server/services/contests/contest-counters.service.ts';
import { get, insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest, insertTickets } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const BUYERS = 200;
const TOTAL = 12;
const ALREADY_SOLD = 2;
const LEFT = TOTAL - ALREADY_SOLD;

/**
 * 200 buyers, each with one ticket in the cart, reserve at the same moment while 10 tickets
 * are left. On PostgreSQL the requests really overlap (a pool of 10 connections, the contest
 * row locked FOR UPDATE inside each reservation, the counters moved by guarded upserts); on
 * SQLite the one connection serialises them. The counters must end equal to the tickets.
 */
describeOnEachDatabase('200 buyers race for the last 10 tickets', (server) => {
  const clock = useTestClock(server);
  let contestId: string;
  let buyers: Array<{ id: string; cookie: string }>;

  beforeAll(async () => {
    const pictureId = await addContestPicture(server);
    contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      defaults: { totalTickets: TOTAL, maxTicketsPerPerson: 75 },
    });
    const [early, ...rest] = await insertActiveUsers(server, BUYERS + 1, clock.now);
    buyers = rest;
    // Two tickets sold before the rush (written in, then counted like the console's repair does).
    await insertTickets(
      server,
      Array.from({ length: ALREADY_SOLD }, (_, i) => ({
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: early!.id,
        x: i,
        y: i,
        status: 'confirmed' as const,
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: clock.now,
      })),
    );
    expect(await checkContest(server.app.db, contestId)).toMatchObject({
      takenCounter: ALREADY_SOLD,
      takenActual: ALREADY_SOLD,
      ok: true,
    });
    // Everyone wants the same spot: points are per person, so it is no conflict.
    await server.app.db
      .insertInto('cart_items')
      .values(
        buyers.map((b) => ({
          id: crypto.randomUUID(),
          user_id: b.id,
          contest_id: contestId,
          x: 640,
          y: 360,
          created_at: clock.now,
        })),
      )
      .execute();
  }, 60_000);

  it('sells exactly 10, none twice, and tells the rest why', async () => {
    const started = performance.now();
    const answers = await Promise.all(
      buyers.map((b) => post(server, '/api/v1/payments/orders', { contestId }, { cookie: b.cookie })),
    );
    const ms = performance.now() - started;
    console.warn(`[${server.dialectName}] ${BUYERS} parallel reservations for ${LEFT} tickets in ${ms.toFixed(0)} ms`);

    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won).toHaveLength(LEFT);
    for (const answer of lost) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toMatch(/^(No Tickets Available|Only \d+ tickets are available)$/);
    }
    const payments = await server.app.db
      .selectFrom('payments')
      .select('reservation_id')
      .where(
        'id',
        'in',
        won.map((a) => a.json().data.paymentId as string),
      )
      .execute();
    const reservationIds = payments.map((p) => p.reservation_id);
    expect(new Set(reservationIds).size).toBe(LEFT);

    const reserved = await server.app.db
      .selectFrom('tickets')
      .select(['user_id', 'reservation_id'])
      .where('contest_id', '=', contestId)
      .where('status', '=', 'reserved')
      .execute();
    expect(reserved).toHaveLength(LEFT);
    expect(new Set(reserved.map((t) => t.user_id)).size).toBe(LEFT);
    expect(new Set(reserved.map((t) => t.reservation_id))).toEqual(new Set(reservationIds));
    const live = await server.app.db
      .selectFrom('tickets')
      .select('id')
      .where('contest_id', '=', contestId)
      .where('status', '<>', 'released')
      .execute();
    expect(live).toHaveLength(TOTAL);
    const reservations = await server.app.db
      .selectFrom('reservations')
      .select(['status'])
      .where('contest_id', '=', contestId)
      .execute();
    expect(reservations).toHaveLength(LEFT);
    // The losers keep their cart; the winners' is empty.
    const carts = await server.app.db
      .selectFrom('cart_items')
      .select('user_id')
      .where('contest_id', '=', contestId)
      .execute();
    expect(carts).toHaveLength(BUYERS - LEFT);

    // The counters moved with the tickets: all taken, one held by each winner, none by the rest.
    expect(await checkContest(server.app.db, contestId)).toEqual({
      contestId,
      takenCounter: TOTAL,
      takenActual: TOTAL,
      players: LEFT + 1,
      playersMismatched: 0,
      ok: true,
    });
    const held = await server.app.db
      .selectFrom('contest_player_counts')
      .select(['user_id', 'held'])
      .where('contest_id', '=', contestId)
      .where('held', '>', 0)
      .execute();
    expect(
      held
        .filter((h) => h.held === 1)
        .map((h) => h.user_id)
        .sort(),
    ).toEqual(reserved.map((t) => t.user_id).sort());
    const home = (await get(server, '/api/v1/contests/current')).json().data;
    expect([home.current, home.next].find((c: { id: string } | null) => c?.id === contestId)).toMatchObject({
      totalTickets: TOTAL,
      ticketsLeft: 0,
    });
  }, 60_000);
});
