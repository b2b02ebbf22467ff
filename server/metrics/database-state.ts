import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DatabaseState } from './families.ts';

/** A contest closed this long ago and still not sealed needs a look (the seal job runs every minute). */
export const AWAITING_SEAL_AFTER_MS = 60 * 60 * 1000;

/** The gauges' questions to the database, asked at each scrape (three small indexed queries). */
export function databaseState(db: Kysely<Database>, now: () => number): DatabaseState {
  return {
    now,
    async pendingPayments() {
      const rows = await db
        .selectFrom('payments')
        .select((eb) => ['gateway', eb.fn.countAll<number | string>().as('n')])
        .where('status', '=', 'pending')
        .groupBy('gateway')
        .execute();
      return rows.map((row) => ({ gateway: row.gateway, count: Number(row.n) }));
    },
    async oldestPendingSince() {
      const row = await db
        .selectFrom('payments')
        .select((eb) => eb.fn.min<number | string | null>('created_at').as('since'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.since === null || row?.since === undefined ? null : Number(row.since);
    },
    async contestsAwaitingSeal() {
      const row = await db
        .selectFrom('contests')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('closes_at', '<=', now() - AWAITING_SEAL_AFTER_MS)
        .where('state', '!=', 'cancelled')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('contest_seals')
                .select('contest_seals.contest_id')
                .whereRef('contest_seals.contest_id', '=', 'contests.id'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
