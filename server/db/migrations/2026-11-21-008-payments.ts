import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Promo codes, the promo a cart carries, payments, webhook deduplication and the sandbox
// gateway's own orders.
//
// payments.reservation_id and payments.gateway_order_id are unique: one payment per
// reservation, one payment per gateway order, so a replayed order creation cannot make two.
// webhook_events.event_id is the primary key: the insert IS the deduplication.
// promo_redemptions are written with the payment order and removed when it fails, so the
// usage limits count paid and pending orders alike.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('basis_points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('amount_paise', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cap_paise', 'bigint')
    .addColumn('valid_from', 'bigint', (col) => col.notNull())
    .addColumn('valid_until', 'bigint', (col) => col.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_user', 'integer')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('promo_code', 'varchar(32)', (col) => col.notNull().references('promo_codes.code'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('payment_id', 'varchar(36)', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('promo_redemptions_code_user_idx')
    .on('promo_redemptions')
    .columns(['promo_code', 'user_id'])
    .execute();

  await db.schema
    .createTable('cart_promos')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('promo_code', 'varchar(32)', (col) => col.notNull().references('promo_codes.code'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_promos_pk', ['user_id', 'contest_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('reservation_id', 'varchar(36)', (col) => col.notNull().unique().references('reservations.id'))
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('gateway', 'varchar(16)', (col) => col.notNull())
    .addColumn('gateway_order_id', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('gateway_payment_id', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('bill_json', 'text', (col) => col.notNull())
    .addColumn('promo_code', 'varchar(32)')
    .addColumn('ref_no', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('phone', 'varchar(32)', (col) => col.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('refund_due', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('refunded_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('finalized_at', 'bigint')
    .execute();
  await db.schema.createIndex('payments_user_created_idx').on('payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payments_status_created_idx').on('payments').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('gateway', 'varchar(16)', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addColumn('payload_hash', 'varchar(64)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_orders')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('receipt', 'varchar(64)', (col) => col.notNull())
    .addColumn('notes_json', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_orders').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('cart_promos').execute();
  await db.schema.dropTable('promo_redemptions').execute();
  await db.schema.dropTable('promo_codes').execute();
}
