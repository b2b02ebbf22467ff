// The server Playwright tests against: the real build, a throwaway data directory, SQLite.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './ensure-built.ts';

// A test build: the same app with the picture stage's test API (VITE_TEST_API=1), kept apart
// from the production build in dist/.
ensureBuilt({ outDir: 'dist-e2e', env: { VITE_TEST_API: '1' } });
process.env.DIST_DIR = path.resolve(import.meta.dirname, '..', 'dist-e2e');
// playwright.config.ts makes the directory and tells the tests where it is (E2E_DATA_DIR).
process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'cricspot-e2e-'));
process.env.HOST ??= '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
// Several checkouts run their browser tests at once: no metrics listener to fight over.
process.env.METRICS_PORT ??= 'off';
// Every browser test comes from 127.0.0.1: the suite signs up more players in an hour than one
// address may (the limits themselves are tested in tests/server).
process.env.RATE_LIMIT_FACTOR ??= '20';
delete process.env.DATABASE_URL;
await import('../server/main.ts');
