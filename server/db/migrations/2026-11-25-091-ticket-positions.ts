import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The order a player marked their tickets in. Tickets added together share one created_at, so
// without it the cart, the payment screen and My entries fell back to sorting by X and Y and
// numbered the tickets differently from the play screen's chips. Rows from before keep 0 and sort
// as they did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cart_items')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tickets')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('position').execute();
  await db.schema.alterTable('cart_items').dropColumn('position').execute();
}
