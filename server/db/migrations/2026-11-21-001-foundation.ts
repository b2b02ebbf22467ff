import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('subject', 'varchar(150)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('phone', 'varchar(16)', (col) => col.notNull())
    .addColumn('message', 'varchar(500)', (col) => col.notNull())
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('new'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created_at_idx').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('app_meta').execute();
}
