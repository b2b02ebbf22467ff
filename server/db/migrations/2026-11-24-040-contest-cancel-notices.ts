import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// contest_cancel_notices: every player holding tickets in a cancelled contest, written in the
// transaction that cancels it and marked sent one by one afterwards, so each player is told once
// and a relay that is down is retried by the contest job. Like result_notices (migration 052): a
// sender leases a notice (claimed_until) so the cancel request's own send and the job never both
// send it, and each channel is stamped as it goes so a retry does not repeat the SMS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_cancel_notices')
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('tickets', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_until', 'bigint')
    .addColumn('sms_sent_at', 'bigint')
    .addColumn('email_sent_at', 'bigint')
    .addPrimaryKeyConstraint('contest_cancel_notices_pk', ['contest_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('contest_cancel_notices_unsent_idx')
    .on('contest_cancel_notices')
    .columns(['sent_at', 'contest_id'])
    .execute();
  // The console's list reads contests newest window first.
  await db.schema.createIndex('contests_opens_desc_idx').on('contests').columns(['opens_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contests_opens_desc_idx').execute();
  await db.schema.dropTable('contest_cancel_notices').execute();
}
