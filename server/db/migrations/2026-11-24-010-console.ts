import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The operator console: roles, the audit log, and what a contest needs to be judged, published
// or cancelled.
//
// user_roles: a person may hold several roles (an admin who also judges). 'player' is not a row:
// every account plays. users.role (player/admin) is left in place for old rows but is no longer
// read; its admins are copied here.
//
// audit_log: one row per admin or judge action, written in the transaction of the change, with
// the row before and after as JSON. Nothing updates or deletes it.
//
// contests: the stored state now also says 'judging' (the first judge has marked), 'judged' (the
// required judges have marked: the judged point is fixed), 'published' and 'cancelled'; upcoming,
// open and closed still come from the clock. The judged point is kept as the exact mean
// (sum_x / count, sum_y / count; domain/judging.ts JudgedMean).
//
// judge_marks: one mark per judge and contest, never shown to another judge before publication.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('granted_by', 'varchar(36)')
    .addColumn('granted_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .addCheckConstraint('user_roles_role_check', sql`role in ('judge', 'admin')`)
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').columns(['role', 'user_id']).execute();
  await sql`INSERT INTO user_roles (user_id, role, granted_by, granted_at) SELECT id, 'admin', NULL, updated_at FROM users WHERE role = 'admin'`.execute(
    db,
  );

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('actor_id', 'varchar(36)')
    .addColumn('actor_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('action', 'varchar(64)', (col) => col.notNull())
    .addColumn('target_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('target_id', 'varchar(64)')
    .addColumn('summary', 'varchar(300)', (col) => col.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'created_at']).execute();

  for (const [name, type] of [
    ['prize_picture_id', 'varchar(36)'],
    ['stream_url', 'varchar(500)'],
    ['cancelled_at', 'bigint'],
    ['cancel_reason', 'varchar(500)'],
    ['judged_sum_x', 'bigint'],
    ['judged_sum_y', 'bigint'],
    ['judged_count', 'integer'],
    ['judged_at', 'bigint'],
    ['published_at', 'bigint'],
    ['published_by', 'varchar(36)'],
  ] as const) {
    await db.schema.alterTable('contests').addColumn(name, type).execute();
  }
  await db.schema.createIndex('contests_state_idx').on('contests').columns(['state', 'closes_at']).execute();

  await db.schema
    .createTable('judge_marks')
    .addColumn('contest_id', 'varchar(36)', (col) => col.notNull().references('contests.id'))
    .addColumn('judge_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('x', 'integer', (col) => col.notNull())
    .addColumn('y', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('judge_marks_pk', ['contest_id', 'judge_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('judge_marks').execute();
  await db.schema.dropIndex('contests_state_idx').execute();
  for (const name of [
    'published_by',
    'published_at',
    'judged_at',
    'judged_count',
    'judged_sum_y',
    'judged_sum_x',
    'cancel_reason',
    'cancelled_at',
    'stream_url',
    'prize_picture_id',
  ]) {
    await db.schema.alterTable('contests').dropColumn(name).execute();
  }
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('user_roles').execute();
}
