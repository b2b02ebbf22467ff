import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 27, finding 4: the code channel's own records, in the database so that every instance
// sees them (no Redis needed):
// - code_sends: one row per code texted (or a decoy's, which answers the same) to a recipient
//   key (the HMAC of a phone or an identifier), for the growing delays between codes;
// - login_failures: one row per wrong password for an identifier key, with the address it came
//   from, so that one address's failures and everyone else's can be told apart (CGNAT).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_sends')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('recipient_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('code_sends_recipient_idx')
    .on('code_sends')
    .columns(['recipient_key', 'sent_at'])
    .execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('identifier_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_identifier_idx')
    .on('login_failures')
    .columns(['identifier_key', 'failed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('code_sends').execute();
}
