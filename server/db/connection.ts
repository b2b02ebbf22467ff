import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

// PostgreSQL sends int8 as text to protect big values; ours (epoch ms, paise) fit in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: {
  databaseUrl: string | undefined;
  sqlitePath: string;
  onIdleClientError?: (error: Error) => void;
}): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
    // An idle client whose connection dies (a database restart, a failover, an administrator
    // ending sessions) reports it here; unheard, that event would crash the whole server. The
    // pool drops the client and the next query opens a new connection.
    pool.on('error', (error) =>
      (
        options.onIdleClientError ??
        ((e) => console.warn(`database connection lost (${e.message}); the pool will reconnect`))
      )(error),
    );
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  mkdirSync(path.dirname(options.sqlitePath), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(options.sqlitePath);
  // Every account and payment is in this file: readable by the server's user only, like
  // secret.key. SQLite gives its -wal and -shm files the same mode as the database.
  chmodSync(options.sqlitePath, 0o600);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // 128 MB of page cache (the default is 2 MB): ranking a contest of a million tickets writes
  // its contest_ranks a third faster (measured by bench/ranking.ts).
  sqlite.pragma('cache_size = -131072');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}
