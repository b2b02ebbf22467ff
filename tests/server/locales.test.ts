import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server-harness.ts';

describe('translation files', () => {
  const server = startServer('sqlite', { nodeEnv: 'development', isProduction: false });

  it('serves /locales/{lng}/{ns}.json from the locale files', async () => {
    for (const lng of ['en', 'hi']) {
      const res = await server.app.inject(`/locales/${lng}/common.json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const onDisk = JSON.parse(readFileSync(path.join(server.config.localesDir, lng, 'common.json'), 'utf8'));
      expect(res.json()).toEqual(onDisk);
    }
  });

  it('refuses unknown languages, namespaces and path tricks', async () => {
    for (const url of [
      '/locales/fr/common.json',
      '/locales/en/nope.json',
      '/locales/en/..%2F..%2Fpackage.json',
      '/locales/en/common.txt',
    ]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('records missing keys in development', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/locales/add/hi/common',
      payload: { 'home.newThing': 'New thing' },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(201);
    const file = path.join(server.config.dataDir, 'locales-missing', 'hi', 'common.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'home.newThing': 'New thing' });
    await server.app.inject({
      method: 'POST',
      url: '/locales/add/hi/common',
      payload: { other: 'Other' },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'home.newThing': 'New thing', other: 'Other' });
  });

  it('rejects a malformed missing-keys body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/locales/add/en/common',
      payload: { key: { nested: true } },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('translation files in production', () => {
  const server = startServer('sqlite', { nodeEnv: 'production', isProduction: true });

  it('answers 404 to the missing-keys door', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/locales/add/en/common', payload: { a: 'b' } });
    expect(res.statusCode).toBe(404);
    expect(existsSync(path.join(server.config.dataDir, 'locales-missing'))).toBe(false);
  });

  it('lets browsers cache translation files', async () => {
    const res = await server.app.inject('/locales/en/common.json');
    expect(res.headers['cache-control']).toContain('max-age=3600');
  });
});
