import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';

/** A stable 63-bit advisory lock key for a job name. */
export function jobLockKey(name: string): bigint {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(`cricspot-job:${name}`).digest('hex').slice(0, 16)}`),
  );
}

export type LockedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs a scheduled job on one instance at a time. On PostgreSQL (several instances share it) the
 * run holds a session advisory lock on a connection of its own; an instance that finds the lock
 * taken skips this run (the holder is doing the work). The embedded SQLite default is one
 * process, so the job simply runs.
 */
export async function withJobLock<T>(db: Kysely<Database>, name: string, job: () => Promise<T>): Promise<LockedRun<T>> {
  if (!isPostgres(db)) return { ran: true, result: await job() };
  const key = jobLockKey(name).toString();
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await job() };
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
    }
  });
}
