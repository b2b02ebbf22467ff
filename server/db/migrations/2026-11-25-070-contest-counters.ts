import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Ticket counters, so that what every request needs (tickets left, a player's held count) is one
// row away instead of a COUNT over a contest that may hold a million tickets.
//
// contest_counters.taken: the contest's reserved plus confirmed tickets (status <> 'released').
// contest_player_counts.held: the same, per player. Both change only in the transaction that
// changes the tickets (server/services/contest-counters.service.ts); a missing row means 0.
// Every writer takes the contest's contest_counters row before a player's row, so on
// PostgreSQL the contest row serialises them and a recount (the console's repair) that holds
// it sees no write half done.
//
// Filled here from the tickets already sold. Nothing in this migration touches the tickets
// index: the players' own points are read with the predicate of tickets_live_point_uq
// (status <> 'released'), which that partial index serves in (x, y) order without a sort.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_counters')
    .addColumn('contest_id', 'varchar(36)', (col) => col.primaryKey().references('contests.id'))
    .addColumn('taken', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('contest_player_counts')
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('held', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('contest_player_counts_pk', ['contest_id', 'user_id'])
    .execute();

  await sql`
    INSERT INTO contest_counters (contest_id, taken)
    SELECT contests.id, (SELECT count(*) FROM tickets WHERE tickets.contest_id = contests.id AND tickets.status <> 'released')
    FROM contests
  `.execute(db);
  await sql`
    INSERT INTO contest_player_counts (contest_id, user_id, held)
    SELECT contest_id, user_id, count(*) FROM tickets WHERE status <> 'released' GROUP BY contest_id, user_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_player_counts').execute();
  await db.schema.dropTable('contest_counters').execute();
}
