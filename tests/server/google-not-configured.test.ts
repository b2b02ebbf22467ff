import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { CALLBACK, COMPLETE, PENDING, SOCIAL_LOGIN, START } from './social.helpers.ts';

// Issue 26 and issue 27 finding 6: a feature that is not configured is not offered. With
// GOOGLE_CLIENT_ID unset in production the site says so (GET /site googleSignIn: false, the web
// hides the button) and every Google route answers 404 without a line at error (or warn) level.

describe('Google sign-in not configured in production', () => {
  const lines: Array<{ level: number; msg?: string }> = [];
  let app: FastifyInstance;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-google-'));
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      GEO_LOCAL_COUNTRY: 'IN',
    });
    // The app's real logger, written to memory: what operators' alerting would read.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(config, { logger: true, logStream: stream });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /site tells the web not to offer the Google button', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/site' });
    expect(res.json().data.googleSignIn).toBe(false);
  });

  it('answers 404 GOOGLE_NOT_CONFIGURED on every Google route and logs nothing above info', async () => {
    const before = lines.length;
    const calls = [
      { method: 'GET' as const, url: `${START}?returnTo=/` },
      { method: 'GET' as const, url: CALLBACK },
      { method: 'GET' as const, url: `${CALLBACK}.js` },
      { method: 'GET' as const, url: PENDING },
      { method: 'POST' as const, url: COMPLETE, payload: { idToken: 'x', state: 'y' } },
      { method: 'POST' as const, url: SOCIAL_LOGIN, payload: {} },
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const call of calls) {
        const res = await app.inject({
          ...call,
          headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'http://localhost:3000' },
        });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json()).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: 'Google sign-in is not configured' });
      }
    }
    const logged = lines.slice(before);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
  });
});
