import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the signing secret, the Web Push keys, the SQLite file and the uploads: the
 * server's alone (issue 27, finding 7). At start-up, on either database, the folder is made 0700
 * (or tightened to it), secret.key, vapid.json and the SQLite files 0600, and the uploads tree
 * 0700 folders and 0600 files. A file copied in with a looser mode (a restore, a shared secret
 * put on a second instance) is tightened, and the caller logs a warning naming it.
 */
export interface Tightened {
  path: string;
  from: string;
  to: string;
}

const SECRET_FILES = ['secret.key', 'vapid.json', 'cricspot.sqlite', 'cricspot.sqlite-wal', 'cricspot.sqlite-shm'];
const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

function tighten(target: string, wanted: number, fixed: Tightened[]): void {
  const mode = lstatSync(target).mode & 0o777;
  if ((mode & ~wanted & 0o777) === 0) return;
  chmodSync(target, wanted);
  fixed.push({ path: target, from: octal(mode), to: octal(wanted) });
}

/** Folders 0700 and files 0600 under `root` (symbolic links are left alone). */
function tightenTree(root: string, fixed: Tightened[]): void {
  tighten(root, 0o700, fixed);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const target = path.join(root, entry.name);
    if (entry.isDirectory()) tightenTree(target, fixed);
    else if (entry.isFile()) tighten(target, 0o600, fixed);
  }
}

export function secureDataDir(dataDir: string, uploadsDir: string): Tightened[] {
  const fixed: Tightened[] = [];
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700, fixed);
  for (const name of SECRET_FILES) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) tighten(file, 0o600, fixed);
  }
  if (existsSync(uploadsDir)) tightenTree(uploadsDir, fixed);
  return fixed;
}
