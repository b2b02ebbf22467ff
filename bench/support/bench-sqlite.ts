// The SQLite file of a bench's production server (bench/server-load.ts serverPlace: its own
// DATA_DIR), for a bench that sets the scene in the database as the server runs.
import SQLite from 'better-sqlite3';
import { loadConfig } from '../../server/config.ts';

/** The database file of the server started with `env`. */
export const benchSqlitePath = (env: Record<string, string>): string =>
  loadConfig({ ...process.env, ...env, DATABASE_URL: '' }).sqlitePath;

/** `change` on the server's database, opened beside it (waiting out its writes) and closed after. */
export function withBenchSqlite<T>(env: Record<string, string>, change: (db: SQLite.Database) => T): T {
  const db = new SQLite(benchSqlitePath(env));
  db.pragma('busy_timeout = 5000');
  try {
    return change(db);
  } finally {
    db.close();
  }
}
