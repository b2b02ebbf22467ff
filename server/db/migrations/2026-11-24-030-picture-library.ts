import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The console's picture library lists pictures of one kind, newest first, a page at a time
// (created_at, id as the cursor); avatars, by far the most numerous, are never read this way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('pictures_kind_created_idx')
    .on('pictures')
    .columns(['kind', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pictures_kind_created_idx').execute();
}
