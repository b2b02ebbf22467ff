import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A unique index or primary key said no, on either database: PostgreSQL's SQLSTATE 23505,
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY (or only its message, when a driver
 * drops the code). Kysely and our own code may wrap the driver's error, so the `cause` chain
 * is followed too.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return true;
    }
    if (typeof e.message === 'string' && e.message.startsWith('UNIQUE constraint failed')) return true;
    current = e.cause;
  }
  return false;
}

/**
 * PostgreSQL ended the transaction to break a deadlock (SQLSTATE 40P01) or for a serialization
 * failure (40001): it rolled back and may run again (server/db/lock-order.ts). Null otherwise.
 */
export function lockConflictOf(error: unknown): 'deadlock' | 'serialization' | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === '40P01') return 'deadlock';
    if (code === '40001') return 'serialization';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A check-then-insert transaction (the console's create and edit forms): a unique violation means
 * a twin request (a double submit) passed the same check and inserted first, so it is answered
 * with the conflict the check gives (409), on PostgreSQL as on SQLite, where the second request
 * runs after the first and its check sees the row (issue 27, finding 5).
 */
export async function uniqueTransaction<T>(
  db: Kysely<Database>,
  conflict: () => Error,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    throw isUniqueViolation(error) ? conflict() : error;
  }
}
