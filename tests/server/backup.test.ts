import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createPostgresDatabase, describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';
import { paymentsSetup } from './payments.helpers.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** `npm run db:backup` / `db:restore` as an operator runs them, with this environment. */
function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...env };
    if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
    execFile(
      process.execPath,
      [path.join(root, 'scripts', `${script}.ts`), ...args],
      { cwd: root, env: childEnv, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every row of every table, each table's rows as sorted JSON lines: equal means the same data. */
async function everyRow(dialect: 'sqlite' | 'postgres', where: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (dialect === 'sqlite') {
    const db = new SQLite(where, { readonly: true, fileMustExist: true });
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as Array<{ name: string }>;
    for (const { name } of tables)
      out[name] = db
        .prepare(`select * from "${name}"`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort();
    db.close();
    return out;
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  const { rows: tables } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  for (const { name } of tables)
    out[name] = (await client.query(`select * from public."${name}"`)).rows.map((row) => JSON.stringify(row)).sort();
  await client.end();
  return out;
}

/** Every file under a folder with its bytes. */
function filesOf(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file).toString('base64')];
      }),
  );
}

/** The database as the server under test holds it: its SQLite file or its PostgreSQL URL. */
const databaseOf = (server: ServerHarness) => server.config.databaseUrl ?? server.config.sqlitePath;

describeOnEachDatabase('npm run db:backup, then db:restore elsewhere', (server) => {
  const pay = paymentsSetup(server);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cricspot-backup-test-'));
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("reproduces every table's rows, the pictures on disk and the keys of a running server", async () => {
    // A week's worth in small: a contest with its picture file, paid, failed and pending orders.
    const contestId = await pay.contest();
    const paid = await pay.order(pay.user(0), contestId, 2);
    expect((await pay.sendWebhook((await pay.decide(paid.orderId, 'success')).hook())).statusCode).toBe(200);
    const failed = await pay.order(pay.user(1), contestId, 1);
    expect((await pay.sendWebhook((await pay.decide(failed.orderId, 'failure')).hook())).statusCode).toBe(200);
    await pay.order(pay.user(2), contestId, 3);
    const liveEnv = {
      DATA_DIR: server.config.dataDir,
      ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
    };

    // The server keeps running (its connection open) while the backup is taken.
    const file = path.join(scratch, `cricspot-${server.dialectName}.tar`);
    const backup = await cli('db-backup', [file], liveEnv);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(
      server.dialectName === 'postgres' ? 'pg_dump -Fc (custom format)' : "SQLite's online backup API",
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(filesOf(server.config.uploadsDir)).not.toEqual({});

    // Elsewhere: an empty DATA_DIR (and, on PostgreSQL, an empty database).
    const elsewhere = mkdtempSync(path.join(scratch, 'restored-'));
    const target = { DATA_DIR: elsewhere } as Record<string, string>;
    if (server.dialectName === 'postgres') {
      const created = await createPostgresDatabase();
      drops.push(created.drop);
      target.DATABASE_URL = created.url;
    }
    const restore = await cli('db-restore', [file], target);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Restored \d+ tables/);

    const restoredDatabase = target.DATABASE_URL ?? path.join(elsewhere, 'cricspot.sqlite');
    const [live, restored] = await Promise.all([
      everyRow(server.dialectName, databaseOf(server)),
      everyRow(server.dialectName, restoredDatabase),
    ]);
    expect(Object.keys(restored).sort()).toEqual(Object.keys(live).sort());
    for (const table of Object.keys(live)) expect(restored[table], table).toEqual(live[table]);
    expect(live.payments).toHaveLength(3);
    expect(live.tickets!.length).toBeGreaterThanOrEqual(6);
    expect(filesOf(path.join(elsewhere, 'uploads'))).toEqual(filesOf(server.config.uploadsDir));
    for (const key of ['secret.key', 'vapid.json'])
      expect(readFileSync(path.join(elsewhere, key)).equals(readFileSync(path.join(server.config.dataDir, key)))).toBe(
        true,
      );
    expect(statSync(path.join(elsewhere, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite a database that holds data without --force, and loses nothing', async () => {
    const file = path.join(scratch, `cricspot-${server.dialectName}.tar`);
    const before = await everyRow(server.dialectName, databaseOf(server));
    const env = {
      DATA_DIR: server.config.dataDir,
      ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
    };
    const refused = await cli('db-restore', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /already holds data \(\d+ tables, \d+ rows\)\. Restoring replaces it: stop the server, then run again with --force/,
    );
    expect(await everyRow(server.dialectName, databaseOf(server))).toEqual(before);
  });

  it('says what is wrong with a missing file, a file that is not a backup, and an existing target', async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(scratch, 'empty-')) };
    const missing = await cli('db-restore', [path.join(scratch, 'nope.tar')], env);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('does not exist') });
    const junk = path.join(scratch, 'junk.tar');
    writeFileSync(junk, 'not an archive');
    const notBackup = await cli('db-restore', [junk], env);
    expect(notBackup).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a CricSpot backup') });
    const usage = await cli('db-backup', [], env);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run db:backup -- FILE') });
    const again = await cli('db-backup', [path.join(scratch, `cricspot-${server.dialectName}.tar`)], {
      DATA_DIR: server.config.dataDir,
      ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
    });
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('exists already') });
  });
});
