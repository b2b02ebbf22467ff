import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// picture_files: the bytes of picture files when PICTURE_STORAGE=database (several instances
// share one database and no disk). The key is what picture_variants.path records; files are
// written before their picture's rows, so there is no foreign key to pictures.
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('picture_files')
    .addColumn('key', 'varchar(512)', (col) => col.primaryKey())
    .addColumn('picture_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('data', binary, (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('picture_files_picture_idx').on('picture_files').column('picture_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('picture_files').execute();
}
