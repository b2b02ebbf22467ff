import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Wrong passwords for one e-mail or phone from one address within the window (issue 27, finding 4). */
export const FAILED_LOGINS_PER_ADDRESS = { max: 10, windowMs: 15 * 60_000 } as const;
/** Wrong passwords for one e-mail or phone from anywhere within the window. */
export const FAILED_LOGINS_PER_IDENTIFIER = { max: 30, windowMs: 15 * 60_000 } as const;

const WINDOW_MS = Math.max(FAILED_LOGINS_PER_ADDRESS.windowMs, FAILED_LOGINS_PER_IDENTIFIER.windowMs);

export interface LoginFailures {
  /** When this address's failures happened, newest first. */
  mine: number[];
  /** When everyone else's happened, newest first. */
  others: number[];
}

/** The recent wrong passwords for an identifier, this address's apart from everyone else's. */
export async function loginFailuresOf(
  db: Kysely<Database>,
  identifierKey: string,
  address: string,
  now: number,
): Promise<LoginFailures> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['address', 'failed_at'])
    .where('identifier_key', '=', identifierKey)
    .where('failed_at', '>', now - WINDOW_MS)
    .orderBy('failed_at', 'desc')
    .execute();
  return {
    mine: rows.filter((r) => r.address === address).map((r) => Number(r.failed_at)),
    others: rows.filter((r) => r.address !== address).map((r) => Number(r.failed_at)),
  };
}

/** Seconds until fewer than `max` of these (newest first) are within the window; 0 when already. */
function secondsUntilBelow(times: readonly number[], limit: { max: number; windowMs: number }, now: number): number {
  const recent = times.filter((t) => t > now - limit.windowMs);
  if (recent.length < limit.max) return 0;
  return Math.max(1, Math.ceil((recent[limit.max - 1]! + limit.windowMs - now) / 1000));
}

/**
 * Before the password is checked: the seconds to wait, or 0 to check it. Only an address past its
 * own limit while the account also fails from elsewhere (a distributed guesser using it too) is
 * refused unchecked. An account failing from this one address only (strangers behind the owner's
 * carrier address, CGNAT) always has its password checked, so the owner's right one gets in.
 */
export function waitBeforeCheck(failures: LoginFailures, now: number): number {
  if (failures.others.length === 0) return 0;
  return secondsUntilBelow(failures.mine, FAILED_LOGINS_PER_ADDRESS, now);
}

/**
 * After a wrong password, counted with it: the seconds a 429 names when this address or everyone
 * together is past its limit, or 0 for the ordinary 401.
 */
export function waitAfterFailure(failures: LoginFailures, now: number): number {
  const mine = [now, ...failures.mine];
  const all = [now, ...failures.mine, ...failures.others].sort((a, b) => b - a);
  return Math.max(
    mine.length > FAILED_LOGINS_PER_ADDRESS.max ? secondsUntilBelow(mine, FAILED_LOGINS_PER_ADDRESS, now) : 0,
    all.length > FAILED_LOGINS_PER_IDENTIFIER.max ? secondsUntilBelow(all, FAILED_LOGINS_PER_IDENTIFIER, now) : 0,
  );
}

/** One wrong password; the identifier's rows past the window go as it is written. */
export async function recordLoginFailure(
  db: Kysely<Database>,
  identifierKey: string,
  address: string,
  now: number,
): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('identifier_key', '=', identifierKey)
    .where('failed_at', '<=', now - WINDOW_MS)
    .execute();
  await db
    .insertInto('login_failures')
    .values({ id: crypto.randomUUID(), identifier_key: identifierKey, address, failed_at: now })
    .execute();
}

/** Rows past the window of every identifier (for the retention job). */
export async function forgetOldLoginFailures(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('login_failures')
    .where('failed_at', '<=', now - WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
