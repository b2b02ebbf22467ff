import SQLite from 'better-sqlite3';
import type pg from 'pg';

/** Rows per table: what a backup holds, and what a restore must give back. */
export type TableRows = Record<string, number>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function sqliteTableRows(file: string): TableRows {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as Array<{ name: string }>;
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        (db.prepare(`select count(*) as n from ${quoted(name)}`).get() as { n: number }).n,
      ]),
    );
  } finally {
    db.close();
  }
}

/** Rows per table of the public schema, read by `client` (in its transaction, when it has one). */
export async function postgresTableRows(client: pg.ClientBase): Promise<TableRows> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const out: TableRows = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from public.${quoted(name)}`);
    out[name] = Number(rows[0]!.n);
  }
  return out;
}

/** The tables whose rows differ between two inventories, as 'name: expected -> found'. */
export function differences(expected: TableRows, found: TableRows): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names
    .filter((name) => expected[name] !== found[name])
    .map((name) => `${name}: ${expected[name] ?? 'absent'} -> ${found[name] ?? 'absent'}`);
}

export const totalRows = (rows: TableRows) => Object.values(rows).reduce((sum, n) => sum + n, 0);
