import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Refunds as their own record, GST credit notes, the place of supply and payment receipts (issue 26).
// - users.supply_state: the GST state code of the player's state, asked at the first purchase
//   (IGST Act 2017, s.12(2)(b): the place of supply of a service to an unregistered person is the
//   address on record).
// - payments.place_of_supply: that state as it was when the order was made (the invoice and the
//   credit note print it); payments.language: the language the order was made in, for the receipt.
// - payments.refunded_paise and refund_reason beside the existing refund_id and refunded_at: the
//   payment's status keeps the spec's five values; a refund is its own record. Refunds made
//   before this migration were always of the whole amount, so they are filled in from it.
// - credit_notes and credit_note_counters: the credit notes of refunded invoiced payments
//   (CGST Act 2017, s.34), one per payment, in their own gap-free series per financial year, as
//   invoices and invoice_counters are (migration 009).
// - payment_receipts: the receipt message owed to each player whose payment succeeded, written
//   in the transaction that confirms the payment, leased and stamped per channel as the contest
//   notices are (migrations 040 and 052), so it goes once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('supply_state', 'varchar(2)').execute();
  await db.schema.alterTable('payments').addColumn('place_of_supply', 'varchar(2)').execute();
  await db.schema.alterTable('payments').addColumn('language', 'varchar(2)').execute();
  await db.schema.alterTable('payments').addColumn('refunded_paise', 'bigint').execute();
  await db.schema.alterTable('payments').addColumn('refund_reason', 'varchar(300)').execute();
  await sql`UPDATE payments SET refunded_paise = amount_paise WHERE refund_id IS NOT NULL`.execute(db);
  await sql`UPDATE payments SET refund_reason = failure_reason WHERE refund_due = 1 OR refund_id IS NOT NULL`.execute(
    db,
  );
  // The console's payments list, newest first.
  await db.schema.createIndex('payments_created_idx').on('payments').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('credit_note_counters')
    .addColumn('financial_year', 'varchar(7)', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('payment_id', 'varchar(36)', (col) => col.notNull().unique().references('payments.id'))
    .addColumn('invoice_id', 'varchar(36)', (col) => col.notNull().references('invoices.id'))
    .addColumn('number', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('financial_year', 'varchar(7)', (col) => col.notNull())
    .addColumn('serial', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'bigint', (col) => col.notNull())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'varchar(300)')
    .execute();

  await db.schema
    .createTable('payment_receipts')
    .addColumn('payment_id', 'varchar(36)', (col) => col.primaryKey().references('payments.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_until', 'bigint')
    .addColumn('sms_sent_at', 'bigint')
    .addColumn('email_sent_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('payment_receipts_unsent_idx')
    .on('payment_receipts')
    .columns(['sent_at', 'payment_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_receipts').execute();
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('credit_note_counters').execute();
  await db.schema.dropIndex('payments_created_idx').execute();
  await db.schema.alterTable('payments').dropColumn('refund_reason').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_paise').execute();
  await db.schema.alterTable('payments').dropColumn('language').execute();
  await db.schema.alterTable('payments').dropColumn('place_of_supply').execute();
  await db.schema.alterTable('users').dropColumn('supply_state').execute();
}
