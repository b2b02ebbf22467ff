import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Web Push: a logged-in player's browser subscriptions (the spec's device token), one row per
// endpoint (a browser that re-subscribes for another account moves the row), and the notices
// sent, one row per contest and kind, claimed before sending so that no instance sends twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'varchar(1000)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'varchar(128)', (col) => col.notNull())
    .addColumn('auth', 'varchar(64)', (col) => col.notNull())
    .addColumn('lang', 'varchar(2)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createTable('push_notices')
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .addColumn('sent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('gone', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('push_notices_pk', ['contest_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_notices').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
