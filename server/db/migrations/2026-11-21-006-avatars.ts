import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Profile pictures and the erasure of deleted accounts.
// Avatars need no schema change of their own: pictures.kind has no CHECK constraint (any kind
// fits its varchar), and users.avatar_picture_id exists since 004. So no table rebuild.
// erased_at marks a deleted account whose personal data was erased after the retention period;
// the row itself stays, for the payments that reference it (tax records).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('erased_at', 'bigint').execute();
  // The retention job looks for deleted accounts past the period and not erased yet.
  await db.schema.createIndex('users_status_deleted_at_idx').on('users').columns(['status', 'deleted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_status_deleted_at_idx').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
}
