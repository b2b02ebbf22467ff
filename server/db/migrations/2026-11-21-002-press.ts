import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Hindi texts default to '' and fall back to English field by field when empty.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('press_articles')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('slug', 'varchar(120)', (col) => col.notNull().unique())
    .addColumn('outlet', 'varchar(120)', (col) => col.notNull())
    .addColumn('title_en', 'varchar(300)', (col) => col.notNull())
    .addColumn('title_hi', 'varchar(300)', (col) => col.notNull().defaultTo(''))
    .addColumn('summary_en', 'text', (col) => col.notNull())
    .addColumn('summary_hi', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body_en', 'text', (col) => col.notNull())
    .addColumn('body_hi', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('source_url', 'varchar(2048)')
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('press_articles_published_idx')
    .on('press_articles')
    .columns(['is_published', 'published_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('press_articles').execute();
}
