import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The ball's width in a practice pair's pictures (original px), so the reveal tells distances in
// ball widths, a unit a player understands. Pairs made before keep null and are told in pixels.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('practice_pairs').addColumn('ball_width', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('practice_pairs').dropColumn('ball_width').execute();
}
