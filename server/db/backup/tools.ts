import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** A failure the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * A PostgreSQL client tool (pg_dump, pg_restore): on PATH, else the newest of Debian's
 * /usr/lib/postgresql/<version>/bin, where the postgresql package puts it without a PATH entry.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter))
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new BackupError(
      `${name} was not found: install PostgreSQL's client tools (apt-get install -y postgresql-client)`,
    );
  return path.join(root, versions[0]!, 'bin', name);
}

/** Runs a tool to its end; its standard error becomes the message of a failure. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`${path.basename(command)} could not run: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${path.basename(command)} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}

/** A PostgreSQL URL's parts for the client tools, without putting the password on a command line. */
export function postgresEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { env, dbname: parsed.toString() };
}
