import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 12, results anyone can check.
//
// contest_seals: the entry list frozen at close as an RFC 6962 Merkle tree (domain/verification.ts).
// One row per contest, written once: the root, the number of leaves, when, and the leaves
// themselves in leaf order (a JSON array of SealedEntry), so a receipt is always cut from the
// tree that was sealed even if a ticket row were changed afterwards.
//
// contests.decided_by: 'judges' (the mean of the judges' marks) or 'sealedAnswer' (the true ball
// position of the picture's original, committed to when the contest is created and revealed at
// publication). answer_*: that position, its random salt and the commitment
// SHA-256('cricspot-answer-v1|x|y|salt'); null for contests decided by judges.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_seals')
    .addColumn('contest_id', 'varchar(36)', (col) => col.primaryKey().references('contests.id'))
    .addColumn('root', 'varchar(64)', (col) => col.notNull())
    .addColumn('leaf_count', 'integer', (col) => col.notNull())
    .addColumn('sealed_at', 'bigint', (col) => col.notNull())
    .addColumn('leaves', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('contests')
    .addColumn('decided_by', 'varchar(16)', (col) => col.notNull().defaultTo('judges'))
    .execute();
  await db.schema.alterTable('contests').addColumn('answer_x', 'integer').execute();
  await db.schema.alterTable('contests').addColumn('answer_y', 'integer').execute();
  await db.schema.alterTable('contests').addColumn('answer_salt', 'varchar(64)').execute();
  await db.schema.alterTable('contests').addColumn('answer_commitment', 'varchar(64)').execute();
  await db.schema.alterTable('contests').addColumn('answer_committed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'answer_committed_at',
    'answer_commitment',
    'answer_salt',
    'answer_y',
    'answer_x',
    'decided_by',
  ]) {
    await db.schema.alterTable('contests').dropColumn(column).execute();
  }
  await db.schema.dropTable('contest_seals').execute();
}
