import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Users, their sessions (only the sha256 of the cookie's id is stored), one-time codes (only an
// HMAC of the code is stored) and the outbox of messages the embedded sender records.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('first_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('last_name', 'varchar(100)', (col) => col.notNull())
    // Stored lower-cased, so the unique index is case-insensitive on both dialects.
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    // E.164: '+91' and 10 digits.
    .addColumn('phone', 'varchar(16)', (col) => col.notNull().unique())
    // Null for users who sign in only through a social provider.
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('player'))
    .addColumn('avatar_picture_id', 'varchar(36)')
    .addColumn('signup_method', 'varchar(16)', (col) => col.notNull().defaultTo('password'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint')
    .addCheckConstraint('users_status_check', sql`status in ('pending', 'active', 'suspended', 'deleted')`)
    .addCheckConstraint('users_role_check', sql`role in ('player', 'admin')`)
    .addCheckConstraint('users_signup_method_check', sql`signup_method in ('password', 'google')`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    // Null for a decoy challenge (forgot for an unknown account, sign-up with a taken number),
    // which behaves like a real one and can never succeed.
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    // HMAC of whom the code was requested for, the key of the per-recipient send limit; not the
    // address itself, so decoys keep no personal data.
    .addColumn('recipient_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('last_sent_at', 'bigint', (col) => col.notNull())
    .addColumn('consumed_at', 'bigint')
    .addCheckConstraint('otp_codes_purpose_check', sql`purpose in ('signup', 'reset')`)
    .execute();
  await db.schema.createIndex('otp_codes_user_id_idx').on('otp_codes').column('user_id').execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('channel', 'varchar(8)', (col) => col.notNull())
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(200)')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint('outbox_messages_channel_check', sql`channel in ('sms', 'email')`)
    .execute();
  await db.schema.createIndex('outbox_messages_created_at_idx').on('outbox_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_messages').execute();
  await db.schema.dropTable('otp_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
