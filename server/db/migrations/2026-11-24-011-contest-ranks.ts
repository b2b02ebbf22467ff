import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// contest_ranks: the ranking of a judged contest, one row per confirmed ticket, written once when
// the judged point is fixed (domain/judging.ts rankTickets: exact squared distance, then the
// earliest confirmation, then the ticket id). Rank 1 is the winner. Kept apart from tickets so a
// contest of a million tickets is ranked with inserts, not a million updates of live rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_ranks')
    .addColumn('ticket_id', 'varchar(36)', (col) => col.primaryKey().references('tickets.id'))
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('distance', 'double precision', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('contest_ranks_contest_rank_uq')
    .on('contest_ranks')
    .columns(['contest_id', 'rank'])
    .unique()
    .execute();
  await db.schema
    .createIndex('contest_ranks_user_idx')
    .on('contest_ranks')
    .columns(['user_id', 'contest_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_ranks').execute();
}
