import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { BACKUP_FORMAT, folderSize, KEY_FILES, type Manifest } from './backup.ts';
import { differences, postgresTableRows, sqliteTableRows, type TableRows, totalRows } from './inventory.ts';
import { BackupError, postgresEnv, postgresTool, run } from './tools.ts';

/**
 * Puts a backup (server/db/backup/backup.ts) back into the configured database and DATA_DIR:
 * the database, the picture files and the keys. A database that holds anything is not replaced
 * without `force` (stop the server first). SQLite is written through its backup API, PostgreSQL
 * by `pg_restore --clean --if-exists` in one transaction. Every table's rows are then counted
 * against the backup's manifest; a difference is an error.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { force: boolean },
  say: (line: string) => void,
): Promise<Manifest> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  const staging = mkdtempSync(path.join(os.tmpdir(), 'cricspot-restore-'));
  try {
    await run('tar', ['-xf', source, '-C', staging]).catch((error: unknown) => {
      throw new BackupError(`${source} is not a CricSpot backup (${error instanceof Error ? error.message : 'tar'})`);
    });
    const manifest = readManifest(path.join(staging, 'manifest.json'), source);
    const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.dialect !== dialect)
      throw new BackupError(
        `This backup holds a ${manifest.dialect} database, but the configuration names ${dialect} ` +
          `(${dialect === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}): restore it where the database is of the same kind`,
      );
    const live = dialect === 'postgres' ? await postgresRows(config.databaseUrl!) : sqliteRows(config.sqlitePath);
    if (totalRows(live) > 0 && !options.force)
      throw new BackupError(
        `The ${dialect} database already holds data (${Object.keys(live).length} tables, ${totalRows(live)} rows). ` +
          'Restoring replaces it: stop the server, then run again with --force',
      );

    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    if (dialect === 'postgres') await restorePostgres(config.databaseUrl!, path.join(staging, manifest.database), say);
    else await restoreSqlite(path.join(staging, manifest.database), config.sqlitePath, say);

    const uploads = path.join(staging, path.basename(config.uploadsDir));
    if (existsSync(uploads)) {
      rmSync(config.uploadsDir, { recursive: true, force: true });
      cpSync(uploads, config.uploadsDir, { recursive: true });
    }
    for (const name of manifest.keys.filter((key) => (KEY_FILES as readonly string[]).includes(key))) {
      copyFileSync(path.join(staging, 'keys', name), path.join(config.dataDir, name));
      chmodSync(path.join(config.dataDir, name), 0o600);
    }

    const restored = dialect === 'postgres' ? await postgresRows(config.databaseUrl!) : sqliteRows(config.sqlitePath);
    const wrong = differences(manifest.tables, pick(restored, Object.keys(manifest.tables)));
    if (wrong.length) throw new BackupError(`The restored rows differ from the backup's:\n  ${wrong.join('\n  ')}`);
    const pictures = folderSize(config.uploadsDir);
    if (pictures.files < manifest.uploads.files)
      throw new BackupError(
        `${manifest.uploads.files} picture files were backed up but ${pictures.files} are in place`,
      );
    say(
      `Restored ${Object.keys(manifest.tables).length} tables (${totalRows(manifest.tables)} rows, every table's count as backed up ` +
        `on ${manifest.createdAt}), ${manifest.uploads.files} picture files, keys ${manifest.keys.join(', ') || 'none'}`,
    );
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(file: string, source: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${source} is not a CricSpot backup (no readable manifest.json)`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${source} is in format ${String(manifest.format)}; this version reads ${BACKUP_FORMAT}`);
  return manifest as Manifest;
}

const pick = (rows: TableRows, names: string[]): TableRows =>
  Object.fromEntries(names.filter((name) => name in rows).map((name) => [name, rows[name]!]));

function sqliteRows(file: string): TableRows {
  return existsSync(file) ? sqliteTableRows(file) : {};
}

async function postgresRows(url: string): Promise<TableRows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await postgresTableRows(client);
  } finally {
    await client.end();
  }
}

/** Through SQLite's backup API into the target file, which another connection may hold open. */
async function restoreSqlite(copy: string, target: string, say: (line: string) => void): Promise<void> {
  const db = new SQLite(copy, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
  say(`SQLite: ${target} written from the backup with SQLite's backup API`);
}

async function restorePostgres(url: string, dump: string, say: (line: string) => void): Promise<void> {
  const { env, dbname } = postgresEnv(url);
  const pgRestore = postgresTool('pg_restore');
  say(
    `PostgreSQL: running ${pgRestore} --clean --if-exists --single-transaction into ${new URL(dbname).pathname.slice(1)}`,
  );
  await run(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '-d', dbname, dump],
    env,
  );
}
