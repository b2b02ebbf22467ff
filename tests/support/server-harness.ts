import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface ServerHarness {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly dialectName: 'sqlite' | 'postgres';
}

type Overrides = Partial<Config> & { env?: Record<string, string> };

const adminUrl = process.env.TEST_DATABASE_URL;
export const testDialects: Array<'sqlite' | 'postgres'> = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh PostgreSQL database per suite, so suites run in parallel without seeing each other. */
export function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createScratchDatabase(adminUrl!, 't');
}

/** Starts one real app (not listening; call it with app.inject) for the suite. */
/**
 * The suites' players have no device to locate: the play gate is off unless a suite turns it on
 * (tests/server/location.test.ts). Production refuses it off, so there the test addresses
 * (loopback) count as India and the suite keeps to what needs no location check.
 */
function withoutPlayGate(env: Record<string, string> | undefined): Record<string, string> {
  return env?.NODE_ENV === 'production' ? { GEO_LOCAL_COUNTRY: 'IN' } : { LOCATION_CHECK: 'off' };
}

export function startServer(dialectName: 'sqlite' | 'postgres', overrides: Overrides = {}): ServerHarness {
  let app: FastifyInstance | undefined;
  let config: Config | undefined;
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-test-'));
    let databaseUrl: string | undefined;
    if (dialectName === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    const { env, ...configOverrides } = overrides;
    config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...withoutPlayGate(env),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      }),
      ...configOverrides,
    };
    app = await buildApp(config, { logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get app() {
      if (!app) throw new Error('server not started');
      return app;
    },
    get config() {
      if (!config) throw new Error('server not started');
      return config;
    },
    dialectName,
  };
}

/** Runs the same suite against every database under test: SQLite always, PostgreSQL when configured. */
export function describeOnEachDatabase(
  title: string,
  body: (server: ServerHarness) => void,
  overrides: Overrides = {},
): void {
  for (const dialect of testDialects) {
    describe(`${title} [${dialect}]`, () => {
      body(startServer(dialect, overrides));
    });
  }
}
