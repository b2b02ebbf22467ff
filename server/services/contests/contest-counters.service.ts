import { sql, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, TicketStatus } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { metrics } from '../../metrics/scope.ts';
import { lockContests } from '../../db/lock-order.ts';

/**
 * The predicate of the partial unique index tickets_live_point_uq, written as the literal the
 * index was made with: SQLite (and PostgreSQL's generic plans) use a partial index only for a
 * query whose WHERE contains its predicate, which `status IN ('reserved', 'confirmed')` or a bound
 * parameter does not prove.
 */
export const NOT_RELEASED = sql.lit<TicketStatus>('released');

/**
 * Reserved plus confirmed tickets per contest, as counted in contest_counters (no row: 0).
 * Read on every contest page and cart change; never a COUNT over the contest's tickets.
 */
export async function takenCounts(db: Db, contestIds: readonly string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>(contestIds.map((id) => [id, 0]));
  if (contestIds.length === 0) return taken;
  const rows = await db
    .selectFrom('contest_counters')
    .select(['contest_id', 'taken'])
    .where('contest_id', 'in', [...contestIds])
    .execute();
  for (const row of rows) taken.set(row.contest_id, Number(row.taken));
  return taken;
}

export async function takenCount(db: Db, contestId: string): Promise<number> {
  return (await takenCounts(db, [contestId])).get(contestId) ?? 0;
}

/** One player's reserved plus confirmed tickets in a contest, from contest_player_counts. */
export async function heldCount(db: Db, contestId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('contest_player_counts')
    .select('held')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}

export type TakeOutcome = 'taken' | 'contestFull' | 'playerFull';

/**
 * Counts `count` new live tickets of a player, inside the transaction that inserts them. Each
 * counter moves only if it stays within its cap (one guarded upsert per counter: on PostgreSQL
 * the row is locked until commit, so two transactions can never both pass the same last seats);
 * 'contestFull' or 'playerFull' when a cap would be passed, and then nothing has changed.
 * The contest's counter is taken before the player's, as everywhere (server/db/lock-order.ts).
 */
export async function takeTickets(
  trx: Transaction<Database>,
  input: { contestId: string; userId: string; count: number; totalTickets: number; maxPerPerson: number },
): Promise<TakeOutcome> {
  const { contestId, userId, count } = input;
  if (count > input.totalTickets) return 'contestFull';
  if (count > input.maxPerPerson) return 'playerFull';
  const contest = await trx
    .insertInto('contest_counters')
    .values({ contest_id: contestId, taken: count })
    .onConflict((oc) =>
      oc
        .column('contest_id')
        .doUpdateSet({ taken: sql<number>`contest_counters.taken + ${count}` })
        .where('contest_counters.taken', '<=', input.totalTickets - count),
    )
    .returning('taken')
    .executeTakeFirst();
  if (!contest) return 'contestFull';
  const player = await trx
    .insertInto('contest_player_counts')
    .values({ contest_id: contestId, user_id: userId, held: count })
    .onConflict((oc) =>
      oc
        .columns(['contest_id', 'user_id'])
        .doUpdateSet({ held: sql<number>`contest_player_counts.held + ${count}` })
        .where('contest_player_counts.held', '<=', input.maxPerPerson - count),
    )
    .returning('held')
    .executeTakeFirst();
  if (!player) {
    // Give the contest's seats back: the caller refuses, and may not roll back at once.
    await trx
      .updateTable('contest_counters')
      .set({ taken: sql<number>`taken - ${count}` })
      .where('contest_id', '=', contestId)
      .execute();
    return 'playerFull';
  }
  return 'taken';
}

export type ReleaseScope = { reservationIds: readonly string[] } | { contestId: string };

const CHUNK = 500;

/**
 * Releases the reserved tickets of some reservations (an expiry, a failed or cancelled payment)
 * or of a whole contest (its cancellation), and counts them out of contest_counters and
 * contest_player_counts in the same transaction. Returns how many tickets were released.
 *
 * The caller has locked the contests and what owns these tickets (the reservations' rows, or the
 * contest's row), in the lock order of server/db/lock-order.ts, so the reserved tickets read first
 * are the ones the update releases. The counters are taken before the tickets change and in one
 * order everywhere (contests by id, then each contest's players by id), the order the reservation
 * transaction uses too, so on PostgreSQL two of these never wait on each other in a circle, and a
 * recount holding a contest's counter row never sees a release half done.
 */
export async function releaseReservedTickets(trx: Transaction<Database>, scope: ReleaseScope): Promise<number> {
  const groups: Array<{ contest_id: string; user_id: string; n: number }> = [];
  const chunks: Array<{ reservationIds?: string[]; contestId?: string }> =
    'contestId' in scope
      ? [{ contestId: scope.contestId }]
      : chunked(scope.reservationIds).map((ids) => ({ reservationIds: ids }));
  for (const chunk of chunks) {
    const rows = await trx
      .selectFrom('tickets')
      .select((eb) => ['contest_id', 'user_id', eb.fn.countAll<number | string>().as('n')])
      .$if(chunk.contestId !== undefined, (qb) => qb.where('contest_id', '=', chunk.contestId!))
      .$if(chunk.reservationIds !== undefined, (qb) => qb.where('reservation_id', 'in', chunk.reservationIds!))
      .where('status', '=', 'reserved')
      .groupBy(['contest_id', 'user_id'])
      .execute();
    for (const row of rows) groups.push({ contest_id: row.contest_id, user_id: row.user_id, n: Number(row.n) });
  }
  if (groups.length === 0) return 0;

  const perContest = new Map<string, number>();
  for (const g of groups) perContest.set(g.contest_id, (perContest.get(g.contest_id) ?? 0) + g.n);
  // Held by the caller already, as the lock order wants (then this changes nothing).
  await lockContests(trx, perContest.keys());
  const perPlayer = new Map<string, { contestId: string; userId: string; n: number }>();
  for (const g of groups) {
    const key = `${g.contest_id}\u0000${g.user_id}`;
    const entry = perPlayer.get(key) ?? { contestId: g.contest_id, userId: g.user_id, n: 0 };
    entry.n += g.n;
    perPlayer.set(key, entry);
  }
  for (const [contestId, n] of [...perContest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await trx
      .updateTable('contest_counters')
      .set({ taken: sql<number>`taken - ${n}` })
      .where('contest_id', '=', contestId)
      .execute();
  }
  const players = [...perPlayer.values()].sort((a, b) =>
    a.contestId === b.contestId ? (a.userId < b.userId ? -1 : 1) : a.contestId < b.contestId ? -1 : 1,
  );
  for (const p of players) {
    await trx
      .updateTable('contest_player_counts')
      .set({ held: sql<number>`held - ${p.n}` })
      .where('contest_id', '=', p.contestId)
      .where('user_id', '=', p.userId)
      .execute();
  }

  let released = 0;
  for (const chunk of chunks) {
    const result = await trx
      .updateTable('tickets')
      .set({ status: 'released' })
      .$if(chunk.contestId !== undefined, (qb) => qb.where('contest_id', '=', chunk.contestId!))
      .$if(chunk.reservationIds !== undefined, (qb) => qb.where('reservation_id', 'in', chunk.reservationIds!))
      .where('status', '=', 'reserved')
      .executeTakeFirst();
    released += Number(result.numUpdatedRows);
  }
  const counted = groups.reduce((sum, g) => sum + g.n, 0);
  // Cannot differ while the owners are locked; if it ever does, nothing is written rather than
  // counters that disagree with the tickets.
  if (released !== counted) throw new Error(`ticket counters: released ${released} tickets but counted ${counted}`);
  metrics().ticketsReleased.inc(released);
  return released;
}

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface CounterCheck {
  contestId: string;
  /** contest_counters.taken (0 without a row). */
  takenCounter: number;
  /** The tickets themselves: reserved plus confirmed. */
  takenActual: number;
  /** Players holding live tickets. */
  players: number;
  /** Players whose contest_player_counts.held differs from their live tickets. */
  playersMismatched: number;
  ok: boolean;
}

/** Compares one contest's counters with its tickets (one index scan of the contest's live tickets). */
export async function checkContest(db: Db, contestId: string): Promise<CounterCheck> {
  const actual = db
    .selectFrom('tickets')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
    .where('contest_id', '=', contestId)
    .where('status', '<>', NOT_RELEASED)
    .groupBy('user_id')
    .as('actual');
  const [counter, perPlayer, stale] = await Promise.all([
    takenCount(db, contestId),
    db
      .selectFrom(actual)
      .leftJoin('contest_player_counts as p', (join) =>
        join.on('p.contest_id', '=', contestId).onRef('p.user_id', '=', 'actual.user_id'),
      )
      .select((eb) => [
        eb.fn.countAll<number | string>().as('players'),
        eb.fn.coalesce(eb.fn.sum<number | string>('actual.n'), sql.lit(0)).as('taken'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.or([eb('p.held', 'is', null), eb('p.held', '<>', eb.ref('actual.n'))]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('mismatched'),
      ])
      .executeTakeFirstOrThrow(),
    // Counts left on players who hold nothing any more.
    db
      .selectFrom('contest_player_counts as p')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('p.contest_id', '=', contestId)
      .where('p.held', '<>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('tickets')
              .select('tickets.id')
              .where('tickets.contest_id', '=', contestId)
              .whereRef('tickets.user_id', '=', 'p.user_id')
              .where('tickets.status', '<>', NOT_RELEASED),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  const takenActual = Number(perPlayer.taken ?? 0);
  const playersMismatched = Number(perPlayer.mismatched ?? 0) + Number(stale.n);
  return {
    contestId,
    takenCounter: counter,
    takenActual,
    players: Number(perPlayer.players),
    playersMismatched,
    ok: counter === takenActual && playersMismatched === 0,
  };
}

/**
 * Sets a contest's counters to what its tickets say, in the caller's transaction. The contest's
 * row and then its counter row are locked first (made if missing), so every writer of this contest's counters
 * either finished before the recount reads the tickets or waits until it commits.
 */
export async function recountContest(
  trx: Transaction<Database>,
  contestId: string,
): Promise<{ before: CounterCheck; after: CounterCheck }> {
  await lockContests(trx, [contestId]);
  await trx
    .insertInto('contest_counters')
    .values({ contest_id: contestId, taken: 0 })
    .onConflict((oc) => oc.column('contest_id').doNothing())
    .execute();
  await trx
    .selectFrom('contest_counters')
    .select('taken')
    .where('contest_id', '=', contestId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
  const before = await checkContest(trx, contestId);
  if (!before.ok) {
    await trx
      .updateTable('contest_counters')
      .set({ taken: before.takenActual })
      .where('contest_id', '=', contestId)
      .execute();
    await trx.deleteFrom('contest_player_counts').where('contest_id', '=', contestId).execute();
    await trx
      .insertInto('contest_player_counts')
      .columns(['contest_id', 'user_id', 'held'])
      .expression((eb) =>
        eb
          .selectFrom('tickets')
          .select((s) => ['contest_id', 'user_id', s.fn.countAll<number>().as('held')])
          .where('contest_id', '=', contestId)
          .where('status', '<>', NOT_RELEASED)
          .groupBy(['contest_id', 'user_id']),
      )
      .execute();
  }
  return { before, after: before.ok ? before : await checkContest(trx, contestId) };
}
