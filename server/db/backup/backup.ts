import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { postgresTableRows, sqliteTableRows, type TableRows, totalRows } from './inventory.ts';
import { BackupError, postgresEnv, postgresTool, run } from './tools.ts';

export const BACKUP_FORMAT = 'cricspot-backup-v1';
/** The keys a restored site needs to be the same site: sessions, published pseudonyms, Web Push. */
export const KEY_FILES = ['secret.key', 'vapid.json'] as const;

/** manifest.json, first in every backup archive. */
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** The database inside the archive: an SQLite file, or pg_dump's custom format. */
  database: 'cricspot.sqlite' | 'database.pgdump';
  /** Rows per table when the copy was taken. */
  tables: TableRows;
  /** Picture files on disk (DATA_DIR/uploads); with PICTURE_STORAGE=database they are in the database. */
  uploads: { files: number; bytes: number };
  keys: string[];
}

/** Files and bytes under a folder. */
export function folderSize(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * One archive (tar, mode 0600: it holds every account and the site's keys) with manifest.json,
 * the database, the picture files on disk (uploads/) and the keys (keys/). SQLite is copied with
 * its online backup API (better-sqlite3's db.backup()), safe while the server writes; PostgreSQL
 * with `pg_dump -Fc` from the snapshot the row counts were read in.
 */
export async function createBackup(config: Config, file: string, say: (line: string) => void): Promise<Manifest> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} exists already: give the backup a new name`);
  mkdirSync(path.dirname(target), { recursive: true });
  const staging = mkdtempSync(path.join(os.tmpdir(), 'cricspot-backup-'));
  try {
    const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
    const tables =
      dialect === 'postgres'
        ? await dumpPostgres(config.databaseUrl!, path.join(staging, 'database.pgdump'), say)
        : await copySqlite(config.sqlitePath, path.join(staging, 'cricspot.sqlite'), say);
    const keys = KEY_FILES.filter((name) => existsSync(path.join(config.dataDir, name)));
    mkdirSync(path.join(staging, 'keys'));
    for (const name of keys) copyFileSync(path.join(config.dataDir, name), path.join(staging, 'keys', name));
    const uploads = folderSize(config.uploadsDir);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      dialect,
      database: dialect === 'postgres' ? 'database.pgdump' : 'cricspot.sqlite',
      tables,
      uploads,
      keys,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.partial`;
    const pictures = uploads.files ? ['-C', path.dirname(config.uploadsDir), path.basename(config.uploadsDir)] : [];
    await run('tar', ['-cf', partial, '-C', staging, 'manifest.json', manifest.database, 'keys', ...pictures]);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    say(
      `${Object.keys(tables).length} tables (${totalRows(tables)} rows), ${uploads.files} picture files on disk ` +
        `(${(uploads.bytes / 1e6).toFixed(1)} MB), keys ${keys.join(', ') || 'none'} -> ${target} ` +
        `(${(statSync(target).size / 1e6).toFixed(1)} MB, mode 0600: it holds every account and the site's keys)`,
    );
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function copySqlite(source: string, copy: string, say: (line: string) => void): Promise<TableRows> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} (DATA_DIR) to back up`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(copy);
  } finally {
    db.close();
  }
  say(`SQLite: ${source} copied with SQLite's online backup API (safe while the server runs)`);
  return sqliteTableRows(copy);
}

/** pg_dump -Fc from an exported snapshot, in which the row counts are read too. */
async function dumpPostgres(url: string, dump: string, say: (line: string) => void): Promise<TableRows> {
  const { env, dbname } = postgresEnv(url);
  const pgDump = postgresTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const tables = await postgresTableRows(client);
    say(`PostgreSQL: running ${pgDump} -Fc (custom format) of ${new URL(dbname).pathname.slice(1)}`);
    await run(pgDump, ['-Fc', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.id}`, '-f', dump, dbname], env);
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
}
