import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// sandbox_orders.paid_at: when the sandbox's Success was pressed, as Razorpay keeps a payment's
// time, so a payment taken before its reservation ran out confirms even if we learn of it later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_orders').addColumn('paid_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_orders').dropColumn('paid_at').execute();
}
