import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Google sign-in: the account's Google subject (the token's stable 'sub', never the e-mail, which
// a Google account can change), and the pending social sign-ins of people who proved a Google
// identity and still have to fill in the social sign-up form.
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite cannot add a UNIQUE column; a unique index does the same on both dialects, and both
  // let any number of rows hold NULL.
  await db.schema.alterTable('users').addColumn('google_subject', 'varchar(255)').execute();
  await db.schema.createIndex('users_google_subject_key').on('users').column('google_subject').unique().execute();

  await db.schema
    .createTable('social_pending')
    // The sha256 of the random value in the cs_social cookie, like sessions: a database leak
    // hands nobody a pending sign-in.
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    // Verified by the provider; lower-cased.
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('given_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('family_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('social_pending_expires_at_idx').on('social_pending').column('expires_at').execute();
  await db.schema.createIndex('social_pending_subject_idx').on('social_pending').column('subject').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_pending').execute();
  await db.schema.dropIndex('users_google_subject_key').execute();
  await db.schema.alterTable('users').dropColumn('google_subject').execute();
}
