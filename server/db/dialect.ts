import { PostgresAdapter } from 'kysely';
import type { Db } from './types.ts';

/** PostgreSQL (row locks, advisory locks, bytea) rather than the embedded SQLite. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
