import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The ball's width in a contest picture (original px), so the winners' pages tell distances in
// ball widths as the practice reveal does. Null until the console sets it: the pages then take
// the default of domain/contest-ball-width.ts (one percent of the picture's width).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pictures').addColumn('ball_width', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pictures').dropColumn('ball_width').execute();
}
