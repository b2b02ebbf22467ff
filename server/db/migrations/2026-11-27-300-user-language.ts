import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The language a player uses the site in ('en' or 'hi'), so the SMS, e-mails and notices sent to
// them later (codes, results, cancellations, receipts) are in that language (issue 25). Every
// account made before reads English, the site's fallback, until its owner next logs in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'varchar(2)', (col) => col.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
