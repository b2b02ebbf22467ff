import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// result_notices, sent once even with two senders at work (the publish request's own send and the
// notices job, or two machines): a sender leases a notice (claimed_until) before sending it, and
// another sender skips a notice whose lease has not run out, where before it took an unsent
// notice with more attempts for a failed one and sent it again. A failed send gives the lease back;
// a sender that died mid-send loses it when it runs out. Each channel is stamped when it has gone,
// so a retry after the e-mail failed does not send the SMS a second time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('result_notices').addColumn('claimed_until', 'bigint').execute();
  await db.schema.alterTable('result_notices').addColumn('sms_sent_at', 'bigint').execute();
  await db.schema.alterTable('result_notices').addColumn('email_sent_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('result_notices').dropColumn('email_sent_at').execute();
  await db.schema.alterTable('result_notices').dropColumn('sms_sent_at').execute();
  await db.schema.alterTable('result_notices').dropColumn('claimed_until').execute();
}
