import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 26, the console without SQL:
// - contests: a sponsor (name, https link, logo picture of kind 'sponsor'); who bears the TDS of a
//   prize in kind (section 194B: 'winner', collected before dispatch, or 'company'); and the close
//   a 'Close now' replaced (closed_early_from), which 'Reopen' offers back.
// - prize_claims: the prize's kind and the TDS payer frozen with the claim (like the tax figures),
//   the winner's language for the claim's messages, and the last status the winner was told of
//   (claims made before this migration count as told).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contests').addColumn('sponsor_name', 'varchar(80)').execute();
  await db.schema.alterTable('contests').addColumn('sponsor_url', 'varchar(500)').execute();
  await db.schema.alterTable('contests').addColumn('sponsor_picture_id', 'varchar(36)').execute();
  await db.schema
    .alterTable('contests')
    .addColumn('prize_tds_payer', 'varchar(16)', (col) => col.notNull().defaultTo('winner'))
    .execute();
  await db.schema.alterTable('contests').addColumn('closed_early_from', 'bigint').execute();
  await db.schema
    .alterTable('prize_claims')
    .addColumn('prize_kind', 'varchar(16)', (col) => col.notNull().defaultTo('cash'))
    .execute();
  await db.schema.alterTable('prize_claims').addColumn('tds_payer', 'varchar(16)').execute();
  await db.schema
    .alterTable('prize_claims')
    .addColumn('language', 'varchar(2)', (col) => col.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('prize_claims').addColumn('told_status', 'varchar(16)').execute();
  // Claims made before: nobody is told now of a step that happened long ago.
  await sql`update prize_claims set told_status = status`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['told_status', 'language', 'tds_payer', 'prize_kind'])
    await db.schema.alterTable('prize_claims').dropColumn(column).execute();
  for (const column of ['closed_early_from', 'prize_tds_payer', 'sponsor_picture_id', 'sponsor_url', 'sponsor_name'])
    await db.schema.alterTable('contests').dropColumn(column).execute();
}
