import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database or a transaction on it: what a service function that may run inside a caller's transaction takes. */
export type Db = Kysely<Database> | Transaction<Database>;
