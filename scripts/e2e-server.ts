// The server Playwright tests against: the real build, a throwaway data directory, SQLite.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './ensure-built.ts';

ensureBuilt();
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'cricspot-e2e-'));
process.env.HOST ??= '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
delete process.env.DATABASE_URL;
await import('../server/main.ts');
