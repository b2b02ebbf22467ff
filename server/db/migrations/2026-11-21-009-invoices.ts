import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Tax invoices. invoices.payment_id is unique (one invoice per payment) and invoices.number is
// unique (e.g. 'CS/2026-27/000001'). invoice_counters holds the last number given in each Indian
// financial year (April to March); a number is taken by incrementing its row inside the same
// transaction that inserts the invoice, so the series has no gaps and no duplicates.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('financial_year', 'varchar(7)', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('payment_id', 'varchar(36)', (col) => col.notNull().unique().references('payments.id'))
    .addColumn('number', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('financial_year', 'varchar(7)', (col) => col.notNull())
    .addColumn('serial', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
