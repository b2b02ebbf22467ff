import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Where play is allowed: the state a session's device was last found in, until when that check
// holds, and the server's HMAC over both and the session (server/services/location.service.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('location_state', 'varchar(8)').execute();
  await db.schema.alterTable('sessions').addColumn('location_until', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('location_sig', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('location_sig').execute();
  await db.schema.alterTable('sessions').dropColumn('location_until').execute();
  await db.schema.alterTable('sessions').dropColumn('location_state').execute();
}
