import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';

const fakeDist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
mkdirSync(path.join(fakeDist, 'assets'));
writeFileSync(path.join(fakeDist, 'index.html'), '<!doctype html><title>CricSpot</title><div id="root"></div>');
writeFileSync(path.join(fakeDist, 'assets', 'main-abc123.js'), 'console.log(1)');
writeFileSync(path.join(fakeDist, 'meta.json'), JSON.stringify({ version: '9.9.9+cafe' }));

describeOnEachDatabase('health and build meta', (server) => {
  it('answers /healthz', async () => {
    const res = await server.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers /readyz after reaching the database', async () => {
    const res = await server.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ready', database: server.dialectName } });
  });

  it('serves the build version uncached', async () => {
    const res = await server.app.inject('/meta.json?t=123');
    expect(res.json()).toEqual({ version: '9.9.9+cafe' });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('creates the signing secret once in DATA_DIR', () => {
    const file = path.join(server.config.dataDir, 'secret.key');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(server.app.secret);
    expect(server.app.secret).toMatch(/^[0-9a-f]{96}$/);
  });
}, { distDir: fakeDist });

describe('the single-page app host', () => {
  const server = startServer('sqlite', { distDir: fakeDist });

  it('serves index.html for client routes (history fallback), never cached', async () => {
    for (const url of ['/', '/rules', '/press-details/7/some-slug', '/no/such/page']) {
      const res = await server.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await server.app.inject('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not the app, so a failed chunk is noticed', async () => {
    const res = await server.app.inject({ url: '/assets/gone-000.js', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await server.app.inject({ url: '/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await server.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('without a build', () => {
  const server = startServer('sqlite', { distDir: path.join(fakeDist, 'missing') });
  it('tells the user to build instead of failing obscurely', async () => {
    const res = await server.app.inject({ url: '/rules', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('NOT_BUILT');
  });
});
