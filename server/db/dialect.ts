import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** PostgreSQL (row locks, advisory locks, bytea) rather than the embedded SQLite. */
export const isPostgres = (db: Kysely<Database> | Transaction<Database>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
