import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// prize_claims: a published contest's winner (rank 1) claims the prize once. PAN, address and
// payout details are personal data: they live only in details_enc (AES-256-GCM, key derived from
// the server secret; server/services/claim-crypto.ts), never in a plain column. The state is kept
// apart in plain text because the winners' pages show it anyway. The tax figures are frozen at
// submission, so a later change of the TDS settings does not rewrite a claim already made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prize_claims')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().unique().references('contests.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('ticket_id', 'varchar(36)', (col) => col.notNull().references('tickets.id'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('details_enc', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(64)', (col) => col.notNull())
    .addColumn('gross_paise', 'bigint', (col) => col.notNull())
    .addColumn('tds_paise', 'bigint', (col) => col.notNull())
    .addColumn('net_paise', 'bigint', (col) => col.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('submitted_at', 'bigint', (col) => col.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('prize_claims_status_idx')
    .on('prize_claims')
    .columns(['status', 'submitted_at', 'id'])
    .execute();
  await db.schema.createIndex('prize_claims_user_idx').on('prize_claims').columns(['user_id']).execute();
  await db.schema.createIndex('contests_published_idx').on('contests').columns(['published_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contests_published_idx').execute();
  await db.schema.dropTable('prize_claims').execute();
}
