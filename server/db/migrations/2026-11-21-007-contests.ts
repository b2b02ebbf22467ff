import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Contests, tickets, reservations, the cart and server settings.
//
// contests.state is stored as 'upcoming' when a contest is made and only moves on to 'judged'
// and 'published' (judging and the winner show write those). Whether a contest is upcoming,
// open or closed is derived from opens_at / closes_at and the clock (domain/schedule.ts
// windowState), never stored, so no job has to flip it at 12:00 on a Monday.
//
// tickets: a point may be played once per person and contest while it is reserved or confirmed;
// a released ticket (an expired or cancelled reservation) frees its point again. Both SQLite
// and PostgreSQL have partial unique indexes, so the rule is one index on both: the last line
// of defence behind the checks of the reservation transaction.
//
// settings: a table of its own rather than app_meta, which holds internal markers (seed
// version, demo picture ids); settings are what admins will change from the console (paid
// play first), and keeping them apart keeps that console from ever touching the markers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contests')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('window_key', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('slot', 'varchar(1)', (col) => col.notNull())
    .addColumn('opens_at', 'bigint', (col) => col.notNull())
    .addColumn('closes_at', 'bigint', (col) => col.notNull())
    .addColumn('show_at', 'bigint', (col) => col.notNull())
    .addColumn('picture_id', 'varchar(36)', (col) => col.notNull().references('pictures.id'))
    .addColumn('prize_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('prize_title_en', 'varchar(200)', (col) => col.notNull())
    .addColumn('prize_title_hi', 'varchar(200)', (col) => col.notNull())
    .addColumn('prize_value_paise', 'bigint', (col) => col.notNull())
    .addColumn('ticket_price_paise', 'bigint', (col) => col.notNull())
    .addColumn('max_tickets_per_person', 'integer', (col) => col.notNull())
    .addColumn('total_tickets', 'integer', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('upcoming'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contests_closes_at_idx').on('contests').columns(['closes_at', 'opens_at']).execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('ticket_count', 'integer', (col) => col.notNull())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reservations_status_expires_idx')
    .on('reservations')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema.createIndex('reservations_user_idx').on('reservations').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('x', 'integer', (col) => col.notNull())
    .addColumn('y', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('reservation_id', 'varchar(36)', (col) => col.references('reservations.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('confirmed_at', 'bigint')
    .execute();
  await sql`CREATE UNIQUE INDEX tickets_live_point_uq ON tickets (contest_id, user_id, x, y) WHERE status <> 'released'`.execute(
    db,
  );
  await db.schema.createIndex('tickets_contest_status_idx').on('tickets').columns(['contest_id', 'status']).execute();
  await db.schema.createIndex('tickets_reservation_idx').on('tickets').column('reservation_id').execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('x', 'integer', (col) => col.notNull())
    .addColumn('y', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('cart_items_point_uq', ['user_id', 'contest_id', 'x', 'y'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('cart_items').execute();
  await db.schema.dropTable('tickets').execute();
  await db.schema.dropTable('reservations').execute();
  await db.schema.dropTable('contests').execute();
}
