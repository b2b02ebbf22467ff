import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// result_notices: who must be told that a contest's result is out (the winner, every entrant),
// written in the transaction that publishes, and marked sent one by one afterwards, so a crash or
// a failed SMS relay never loses a notice and a retry never sends one twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_notices')
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull().check(sqlIn(['winner', 'entrant'])))
    .addColumn('best_rank', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('result_notices_pk', ['contest_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('result_notices_unsent_idx')
    .on('result_notices')
    .columns(['sent_at', 'contest_id'])
    .execute();
}

function sqlIn(values: string[]) {
  return sql`kind in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('result_notices').execute();
}
