import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's signing secret, generated on first run and kept in DATA_DIR (mode 0600) so a
 * restart keeps sessions and signatures valid without anyone having to invent a secret.
 */
export function loadOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secret.key');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 64) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  return secret;
}
