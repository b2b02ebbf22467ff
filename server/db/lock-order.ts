import type { Kysely, Transaction } from 'kysely';
import { isPostgres } from './dialect.ts';
import { lockConflictOf } from './errors.ts';
import type { Database } from './schema.ts';

/**
 * THE LOCK ORDER of everything that holds, sells or gives back tickets (issue 27, finding 1).
 * On PostgreSQL a transaction takes its row locks in this order and never goes back up it, so
 * two of them never wait on each other in a circle:
 *
 *   1. the payment row (FOR UPDATE: what the gateway said is applied once);
 *   2. the contest rows, by id (lockContests: FOR NO KEY UPDATE, so foreign-key checks of other
 *      inserts, which take FOR KEY SHARE, do not wait on it; a player's cart add takes FOR KEY
 *      SHARE itself, lockContestForCart, before its counter);
 *   3. the reservation rows;
 *   4. the counters: contest_counters, then contest_player_counts by player id;
 *   5. tickets, cart items, cart promos, promo codes and their redemptions.
 *
 * A transaction may skip a step, never take one after a later one. Before this order, reserving
 * took (2) then (4) while releasing took (4) and then (2) through the foreign key of the cart
 * items it put back: 29 of 80 concurrent cancels, failures and orders deadlocked (500). SQLite
 * runs one write transaction at a time, so none of it applies there.
 */
/** Step 2: the contests' rows, locked in id order (PostgreSQL; SQLite serialises writers anyway). */
export async function lockContests(trx: Transaction<Database>, contestIds: Iterable<string>): Promise<void> {
  if (!isPostgres(trx)) return;
  for (const id of [...new Set(contestIds)].sort()) {
    await trx.selectFrom('contests').select('id').where('id', '=', id).forNoKeyUpdate().execute();
  }
}

/**
 * Step 2 for a cart add: the contest stays as it is (no cancel or edit takes FOR UPDATE meanwhile),
 * while other players' adds and reservations go on. Then the player's counter (step 4) serialises
 * that player's adds.
 */
export async function lockContestForCart(trx: Transaction<Database>, contestId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('contests').select('id').where('id', '=', contestId).forKeyShare().execute();
}

/**
 * Step 4 for a cart add: the player's counter row of the contest (made at 0 when missing), locked
 * until commit, so one player's adds (and a reservation of theirs, which moves that counter) run
 * one at a time and each counts the cart the previous one left. On SQLite the one connection
 * already runs them one at a time.
 */
export async function lockPlayerCounter(trx: Transaction<Database>, contestId: string, userId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx
    .insertInto('contest_player_counts')
    .values({ contest_id: contestId, user_id: userId, held: 0 })
    .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
    .execute();
  await trx
    .selectFrom('contest_player_counts')
    .select('held')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .forUpdate()
    .execute();
}

export interface RetryLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * One transaction, run again once if PostgreSQL ended it as a deadlock victim (40P01) or for a
 * serialization failure (40001): the whole transaction rolled back, so running it again is
 * safe. With the lock order above a deadlock should not happen; this is the net under it.
 * Used by reserving, releasing (payment outcomes, expiry) and a promo code's last use.
 */
export async function retriedTransaction<T>(
  { db, log }: { db: Kysely<Database>; log?: RetryLog | undefined },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    const conflict = lockConflictOf(error);
    if (!conflict) throw error;
    lockRetries[conflict] += 1;
    log?.warn({ sqlState: conflict === 'deadlock' ? '40P01' : '40001' }, `database: ${conflict}, retried once`);
    return db.transaction().execute(work);
  }
}

/** How many transactions this process ran again, by cause (the drill and the tests read it). */
export const lockRetries = { deadlock: 0, serialization: 0 };
