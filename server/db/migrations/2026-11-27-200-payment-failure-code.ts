import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Why a payment failed, as a code the web says in the player's language (domain/payments.ts
// PAYMENT_FAILURE_CODES, mapped from Razorpay's error reason); null when the gateway gave no
// reason we know (failure_reason keeps the gateway's own words either way).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('failure_code', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('failure_code').execute();
}
