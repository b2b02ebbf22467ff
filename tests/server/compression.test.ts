// Issue 13, bytes on the wire: API answers compressed on the fly, built files sent in the form the
// build compressed them to, with Vary: Accept-Encoding; pictures untouched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../support/server-harness.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(path.join(dist, 'assets'));
const script = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;
writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`);
writeFileSync(path.join(dist, 'assets', 'app-abc.js'), script);
writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets', 'app-abc.js.gz'), gzipSync(script));

const server = startServer('sqlite', { distDir: dist });

it('sends a built script as its brotli or gzip file, chosen by Accept-Encoding, with Vary', async () => {
  const br = await server.app.inject({
    method: 'GET',
    url: '/assets/app-abc.js',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  expect(br.rawPayload.length).toBeLessThan(script.length / 10);
  const gz = await server.app.inject({
    method: 'GET',
    url: '/assets/app-abc.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  const plain = await server.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
  const big = await server.app.inject({
    method: 'GET',
    url: '/locales/en/common.json',
    headers: { 'accept-encoding': 'br' },
  });
  expect(big.statusCode).toBe(200);
  expect(big.headers['content-encoding']).toBe('br');
  expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('nav');
  const small = await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
  expect(small.headers['content-encoding']).toBeUndefined();
});

it('compresses the app page', async () => {
  const page = await server.app.inject({
    method: 'GET',
    url: '/rules',
    headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
  });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(page.rawPayload).toString()).toContain('<!doctype html>');
});
