import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  checkContest,
  releaseReservedTickets,
  takeTickets,
} from '../../server/services/contests/contest-counters.service.ts';
import { heldPoints } from '../../server/services/contests/contest.service.ts';
import { insertActiveUsers, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest, insertTickets } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('ticket counters', (server) => {
  const clock = useTestClock(server);
  const db = () => server.app.db;

  async function freshContest(defaults: { totalTickets?: number; maxTicketsPerPerson?: number } = {}) {
    const pictureId = await addContestPicture(server);
    return addTestContest(server, { pictureId, now: clock.now, defaults });
  }

  it('lets exactly the last seats through when many transactions take them at once (the guard alone, no contest lock)', async () => {
    const contestId = await freshContest({ totalTickets: 10, maxTicketsPerPerson: 5 });
    const players = await insertActiveUsers(server, 40, clock.now);
    // On PostgreSQL these run on up to 10 connections at once and nothing else serialises them:
    // only the guarded upsert on contest_counters decides.
    const outcomes = await Promise.all(
      players.map((p) =>
        db()
          .transaction()
          .execute((trx) => takeTickets(trx, { contestId, userId: p.id, count: 1, totalTickets: 10, maxPerPerson: 5 })),
      ),
    );
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'contestFull')).toHaveLength(30);
    const counter = await db()
      .selectFrom('contest_counters')
      .select('taken')
      .where('contest_id', '=', contestId)
      .executeTakeFirstOrThrow();
    expect(counter.taken).toBe(10);
    const held = await db()
      .selectFrom('contest_player_counts')
      .select('held')
      .where('contest_id', '=', contestId)
      .where('held', '>', 0)
      .execute();
    expect(held).toHaveLength(10);
  });

  it("keeps one player within maxTickets however many of their transactions race, and gives the contest's seats back when the player is full", async () => {
    const contestId = await freshContest({ totalTickets: 100, maxTicketsPerPerson: 5 });
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        db()
          .transaction()
          .execute((trx) =>
            takeTickets(trx, { contestId, userId: player!.id, count: 2, totalTickets: 100, maxPerPerson: 5 }),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'playerFull')).toHaveLength(10);
    const counter = await db()
      .selectFrom('contest_counters')
      .select('taken')
      .where('contest_id', '=', contestId)
      .executeTakeFirstOrThrow();
    expect(counter.taken).toBe(4);
    const held = await db()
      .selectFrom('contest_player_counts')
      .select('held')
      .where('contest_id', '=', contestId)
      .where('user_id', '=', player!.id)
      .executeTakeFirstOrThrow();
    expect(held.held).toBe(4);
    // More than the whole contest or the whole allowance at once is refused without a write.
    expect(
      await db()
        .transaction()
        .execute((trx) =>
          takeTickets(trx, { contestId, userId: player!.id, count: 101, totalTickets: 100, maxPerPerson: 500 }),
        ),
    ).toBe('contestFull');
    expect(
      await db()
        .transaction()
        .execute((trx) =>
          takeTickets(trx, { contestId, userId: player!.id, count: 6, totalTickets: 100, maxPerPerson: 5 }),
        ),
    ).toBe('playerFull');
  });

  it('counts released tickets out per contest and per player, by reservation or by contest', async () => {
    const contestId = await freshContest();
    const other = await freshContest();
    const [a, b] = await insertActiveUsers(server, 2, clock.now);
    const reservation = async (userId: string, contest: string, points: Array<[number, number]>) => {
      const id = crypto.randomUUID();
      await db()
        .insertInto('reservations')
        .values({
          id,
          user_id: userId,
          contest_id: contest,
          status: 'active',
          ticket_count: points.length,
          amount_paise: 0,
          expires_at: clock.now + 60_000,
          created_at: clock.now,
        })
        .execute();
      await insertTickets(
        server,
        points.map(([x, y]) => ({
          id: crypto.randomUUID(),
          contest_id: contest,
          user_id: userId,
          x,
          y,
          status: 'reserved' as const,
          reservation_id: id,
          created_at: clock.now,
          confirmed_at: null,
        })),
      );
      return id;
    };
    const r1 = await reservation(a!.id, contestId, [
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const r2 = await reservation(b!.id, contestId, [[1, 1]]);
    const r3 = await reservation(a!.id, other, [
      [5, 5],
      [6, 6],
    ]);
    await insertTickets(server, [
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: a!.id,
        x: 9,
        y: 9,
        status: 'confirmed',
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: clock.now,
      },
    ]);
    expect(await checkContest(db(), contestId)).toMatchObject({
      takenCounter: 5,
      takenActual: 5,
      players: 2,
      ok: true,
    });

    expect(
      await db()
        .transaction()
        .execute((trx) => releaseReservedTickets(trx, { reservationIds: [r1, r3] })),
    ).toBe(5);
    expect(await checkContest(db(), contestId)).toEqual({
      contestId,
      takenCounter: 2,
      takenActual: 2,
      players: 2,
      playersMismatched: 0,
      ok: true,
    });
    expect(await checkContest(db(), other)).toEqual({
      contestId: other,
      takenCounter: 0,
      takenActual: 0,
      players: 0,
      playersMismatched: 0,
      ok: true,
    });
    // Nothing reserved is left in r1: a second release finds nothing and changes nothing.
    expect(
      await db()
        .transaction()
        .execute((trx) => releaseReservedTickets(trx, { reservationIds: [r1] })),
    ).toBe(0);
    // The whole contest (its cancellation): only the reserved ticket goes; the confirmed one stays counted.
    expect(
      await db()
        .transaction()
        .execute((trx) => releaseReservedTickets(trx, { contestId })),
    ).toBe(1);
    expect(await checkContest(db(), contestId)).toEqual({
      contestId,
      takenCounter: 1,
      takenActual: 1,
      players: 1,
      playersMismatched: 0,
      ok: true,
    });
    expect(
      (
        await db()
          .selectFrom('contest_player_counts')
          .select('held')
          .where('contest_id', '=', contestId)
          .where('user_id', '=', b!.id)
          .executeTakeFirstOrThrow()
      ).held,
    ).toBe(0);
    expect(
      (await db().selectFrom('tickets').select('status').where('reservation_id', '=', r2).executeTakeFirstOrThrow())
        .status,
    ).toBe('released');
  });

  it('finds counters that differ from the tickets: the contest total, a wrong player count, a count left on a player who holds nothing', async () => {
    const contestId = await freshContest();
    const [a, b, c] = await insertActiveUsers(server, 3, clock.now);
    await insertTickets(server, [
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: a!.id,
        x: 1,
        y: 1,
        status: 'confirmed',
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: clock.now,
      },
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: a!.id,
        x: 2,
        y: 2,
        status: 'confirmed',
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: clock.now,
      },
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: b!.id,
        x: 1,
        y: 1,
        status: 'released',
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: null,
      },
    ]);
    expect(await checkContest(db(), contestId)).toEqual({
      contestId,
      takenCounter: 2,
      takenActual: 2,
      players: 1,
      playersMismatched: 0,
      ok: true,
    });
    await db().updateTable('contest_counters').set({ taken: 7 }).where('contest_id', '=', contestId).execute();
    expect(await checkContest(db(), contestId)).toMatchObject({
      takenCounter: 7,
      takenActual: 2,
      playersMismatched: 0,
      ok: false,
    });
    await db().updateTable('contest_counters').set({ taken: 2 }).where('contest_id', '=', contestId).execute();
    await db()
      .updateTable('contest_player_counts')
      .set({ held: 1 })
      .where('contest_id', '=', contestId)
      .where('user_id', '=', a!.id)
      .execute();
    await db().insertInto('contest_player_counts').values({ contest_id: contestId, user_id: c!.id, held: 3 }).execute();
    expect(await checkContest(db(), contestId)).toMatchObject({
      takenCounter: 2,
      takenActual: 2,
      players: 1,
      playersMismatched: 2,
      ok: false,
    });
  });

  it("reads a player's points off the partial unique index, in its order, without a sort", async () => {
    const contestId = await freshContest();
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const query = db()
      .selectFrom('tickets')
      .select(['x', 'y'])
      .where('contest_id', '=', contestId)
      .where('user_id', '=', player!.id)
      .where('status', '<>', sql.lit('released'))
      .orderBy('x')
      .orderBy('y')
      .compile();
    // heldPoints compiles to exactly this query (the predicate as a literal, not a parameter).
    expect(query.sql).toContain(`<> 'released'`);
    if (server.dialectName === 'sqlite') {
      const plan = await sql
        .raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql.replaceAll('?', `'${contestId}'`)}`)
        .execute(db());
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/USING INDEX tickets_live_point_uq/);
      expect(details).not.toMatch(/TEMP B-TREE/);
    } else {
      // A few rows here: the planner would rather scan. With scans off it shows what the index can do.
      const plan = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
          return sql
            .raw<{ 'QUERY PLAN': string }>(
              `EXPLAIN ${query.sql.replace('$1', `'${contestId}'`).replace('$2', `'${player!.id}'`)}`,
            )
            .execute(trx);
        });
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index (Only )?Scan using tickets_live_point_uq/);
      expect(text).not.toMatch(/Sort/);
    }
    await insertTickets(server, [
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: player!.id,
        x: 30,
        y: 1,
        status: 'confirmed',
        reservation_id: null,
        created_at: clock.now,
        confirmed_at: clock.now,
      },
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: player!.id,
        x: 10,
        y: 5,
        status: 'reserved',
        reservation_id: null,
        created_at: clock.now + 1,
        confirmed_at: null,
      },
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: player!.id,
        x: 10,
        y: 2,
        status: 'released',
        reservation_id: null,
        created_at: clock.now + 2,
        confirmed_at: null,
      },
    ]);
    expect(await heldPoints(db(), contestId, player!.id)).toEqual([
      { x: 10, y: 5 },
      { x: 30, y: 1 },
    ]);
  });
});
