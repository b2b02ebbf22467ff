import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { rateLimited } from '../../errors.ts';

const HOUR_MS = 60 * 60_000;

/**
 * The wait before the next code to one recipient (a phone, or the identifier a reset was asked
 * for), by how many went to it in the last hour (issue 27, finding 4). Two come at once (a
 * sign-up, then a login; two tabs); then the waits grow to 15 minutes, so strangers asking for
 * someone's codes get them at most 8 SMS an hour, while the owner waits minutes, never an hour.
 */
export const CODE_SEND_WAITS_MS = [0, 0, 60_000, 2 * 60_000, 4 * 60_000, 8 * 60_000, 15 * 60_000] as const;

export function waitAfter(sendsInLastHour: number): number {
  return CODE_SEND_WAITS_MS[Math.min(sendsInLastHour, CODE_SEND_WAITS_MS.length - 1)]!;
}

/** A 63-bit advisory lock key per recipient, so two requests for one phone are counted one after the other. */
function lockKey(recipientKey: string): string {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(`cricspot-code-send:${recipientKey}`).digest('hex').slice(0, 16)}`),
  ).toString();
}

/**
 * Takes one send for a recipient, or refuses with 429 RATE_LIMITED and the seconds to wait. Every
 * request that would text a code counts, a decoy's too (an unknown number answers exactly like
 * a known one). Requests for one recipient are serialised (a PostgreSQL advisory lock for the
 * transaction; SQLite runs one transaction at a time), so a burst cannot all pass the same wait.
 */
export async function claimCodeSend(db: Kysely<Database>, recipientKey: string, now: number): Promise<void> {
  const wait = await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${lockKey(recipientKey)}::bigint)`.execute(trx);
    await trx
      .deleteFrom('code_sends')
      .where('recipient_key', '=', recipientKey)
      .where('sent_at', '<=', now - HOUR_MS)
      .execute();
    const sends = await trx
      .selectFrom('code_sends')
      .select('sent_at')
      .where('recipient_key', '=', recipientKey)
      .orderBy('sent_at', 'desc')
      .execute();
    const last = sends[0]?.sent_at;
    const left = last === undefined ? 0 : Number(last) + waitAfter(sends.length) - now;
    if (left > 0) return left;
    await trx
      .insertInto('code_sends')
      .values({ id: crypto.randomUUID(), recipient_key: recipientKey, sent_at: now })
      .execute();
    return 0;
  });
  if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
}

/** Rows past the hour of every recipient (the check above removes one recipient's as it goes). */
export async function forgetOldCodeSends(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('code_sends')
    .where('sent_at', '<=', now - HOUR_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
