import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A new mobile number in My account is the player's only with its code (security review of
// 2026-11-29): the number waits in users.pending_phone, and one-time codes get a fourth purpose,
// 'phone', for the code sent to it. SQLite cannot change a CHECK constraint in place, so there
// the table is rebuilt (with its two indexes), as 2026-11-25-090 did.
const PURPOSES_NOW = sql`purpose in ('signup', 'reset', 'login', 'phone')`;
const PURPOSES_BEFORE = sql`purpose in ('signup', 'reset', 'login')`;

async function rebuildOnSqlite(db: Kysely<unknown>, purposes: typeof PURPOSES_NOW): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('otp_codes_next')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
      .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('recipient_key', 'varchar(64)', (col) => col.notNull())
      .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('last_sent_at', 'bigint', (col) => col.notNull())
      .addColumn('consumed_at', 'bigint')
      .addCheckConstraint('otp_codes_purpose_check', purposes)
      .execute();
    await sql`insert into otp_codes_next (id, purpose, user_id, recipient_key, code_hash, attempts, created_at, expires_at, last_sent_at, consumed_at)
      select id, purpose, user_id, recipient_key, code_hash, attempts, created_at, expires_at, last_sent_at, consumed_at from otp_codes`.execute(
      trx,
    );
    await trx.schema.dropTable('otp_codes').execute();
    await trx.schema.alterTable('otp_codes_next').renameTo('otp_codes').execute();
    await trx.schema.createIndex('otp_codes_user_id_idx').on('otp_codes').column('user_id').execute();
    await trx.schema
      .createIndex('otp_codes_recipient_purpose_idx')
      .on('otp_codes')
      .columns(['recipient_key', 'purpose', 'created_at'])
      .execute();
  });
}

async function setPurposes(db: Kysely<unknown>, purposes: typeof PURPOSES_NOW): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('otp_codes').dropConstraint('otp_codes_purpose_check').execute();
    await db.schema.alterTable('otp_codes').addCheckConstraint('otp_codes_purpose_check', purposes).execute();
  } else {
    await rebuildOnSqlite(db, purposes);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_phone', 'varchar(16)').execute();
  await setPurposes(db, PURPOSES_NOW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from otp_codes where purpose = 'phone'`.execute(db);
  await setPurposes(db, PURPOSES_BEFORE);
  await db.schema.alterTable('users').dropColumn('pending_phone').execute();
}
