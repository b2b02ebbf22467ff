import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The console's everyday areas.
// users: why and when an admin suspended an account (null when the person deactivated it
// themselves, or before this migration); cleared when the account is restored.
// contact_messages: when and by whom a message was marked answered (status 'new' or 'answered').
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('suspend_reason', 'varchar(500)').execute();
  await db.schema.alterTable('contact_messages').addColumn('answered_at', 'bigint').execute();
  await db.schema.alterTable('contact_messages').addColumn('answered_by', 'varchar(36)').execute();
  await db.schema
    .createIndex('contact_messages_status_idx')
    .on('contact_messages')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contact_messages_status_idx').execute();
  await db.schema.alterTable('contact_messages').dropColumn('answered_by').execute();
  await db.schema.alterTable('contact_messages').dropColumn('answered_at').execute();
  await db.schema.alterTable('users').dropColumn('suspend_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
