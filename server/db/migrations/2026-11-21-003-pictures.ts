import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Pictures are stored as files under DATA_DIR/uploads; these tables say where and how big.
// Widths and heights are of the picture as seen (EXIF orientation applied), the space in
// which every coordinate of the game lives.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pictures')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('mime', 'varchar(64)', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('picture_variants')
    .addColumn('picture_id', 'varchar(36)', (col) => col.notNull().references('pictures.id').onDelete('cascade'))
    .addColumn('name', 'varchar(16)', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('path', 'varchar(512)', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('picture_variants_pk', ['picture_id', 'name'])
    .execute();

  await db.schema
    .createTable('practice_pairs')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('removed_picture_id', 'varchar(36)', (col) => col.notNull().references('pictures.id'))
    .addColumn('original_picture_id', 'varchar(36)', (col) => col.notNull().references('pictures.id'))
    .addColumn('ball_x', 'integer', (col) => col.notNull())
    .addColumn('ball_y', 'integer', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('practice_pairs_order_idx')
    .on('practice_pairs')
    .columns(['is_active', 'sort_order', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('practice_pairs').execute();
  await db.schema.dropTable('picture_variants').execute();
  await db.schema.dropTable('pictures').execute();
}
