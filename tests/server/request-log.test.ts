import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

/** An app (SQLite) whose log lines land in `lines`, as LOG_FORMAT gives them. */
function loggingApp(format: 'json' | 'pretty') {
  const lines: string[] = [];
  let app: FastifyInstance | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-log-'));
    const config = loadConfig({
      NODE_ENV: format === 'pretty' ? 'development' : 'production',
      PUBLIC_URL: 'http://127.0.0.1:3171',
      GEO_LOCAL_COUNTRY: 'IN',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    app = await buildApp(config, {
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    lines,
    inject: (url: string) => app!.inject({ method: 'GET', url }),
  };
}

describe('request log in production: JSON lines', () => {
  const log = loggingApp('json');

  it('writes one line per request, with its route, status and time, and none for health checks', async () => {
    log.lines.length = 0;
    expect((await log.inject('/healthz')).statusCode).toBe(200);
    expect((await log.inject('/readyz')).statusCode).toBe(200);
    const res = await log.inject('/api/v1/contests/3f7d0f0e-0000-4000-8000-000000000000/seal');
    expect(res.statusCode).toBe(404);
    const entries = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.statusCode !== undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^GET \/api\/v1\/contests\/3f7d0f0e-0000-4000-8000-000000000000\/seal 404 [\d.]+ ms$/),
      method: 'GET',
      url: '/api/v1/contests/3f7d0f0e-0000-4000-8000-000000000000/seal',
      route: '/api/v1/contests/:id/seal',
      statusCode: 404,
      remoteAddress: '127.0.0.1',
      responseTime: expect.any(Number),
      reqId: expect.any(String),
    });
    expect(entries.some((entry) => /healthz|readyz/.test(JSON.stringify(entry)))).toBe(false);
    // Fastify's own two lines per request are gone.
    expect(entries.some((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed')).toBe(false);
  });
});

describe('request log in development: pino-pretty', () => {
  const log = loggingApp('pretty');

  it('writes one readable line per request, not JSON', async () => {
    log.lines.length = 0;
    expect((await log.inject('/api/v1/openapi.json')).statusCode).toBe(200);
    expect((await log.inject('/healthz')).statusCode).toBe(200);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/v1\/openapi\.json 200 [\d.]+ ms/);
    expect(() => JSON.parse(log.lines[0]!)).toThrow();
  });
});
