import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ABSOLUTE_LINKS_SLOT, FIRST_PAINT_SCREENS, PRERENDERED_PAGES } from '../../domain/site-paths.ts';
import { setPaidPlay } from '../../server/services/contests/settings.service.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// A pre-rendered page carries an inline script in its head, the popup bar of its first paint
// (src/app/watchers/first-paint-popup.ts, written by scripts/prerender.ts). The server allows it by
// its hash in that page's policy, and says on <html> whether paid play is suspended as it sends it.
const SCRIPT = 'document.documentElement.setAttribute("data-first-popup","cookies");';
const dist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head></head><div id="root"></div>');
for (const lng of ['en', 'hi']) {
  mkdirSync(path.join(dist, 'prerendered', lng), { recursive: true });
  for (const page of [...PRERENDERED_PAGES, ...FIRST_PAINT_SCREENS])
    writeFileSync(
      path.join(dist, 'prerendered', lng, `${page.name}.html`),
      `<!doctype html><html lang="${lng}"><head>${ABSOLUTE_LINKS_SLOT}<script>${SCRIPT}</script>` +
        `<script type="module" src="/assets/index.js"></script></head><div id="root">${page.name}</div></html>`,
    );
}
const hash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
const scriptSources = (policy: unknown) =>
  String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);

describeOnEachDatabase(
  "a pre-rendered page's first-paint script",
  (server) => {
    const open = (url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ url, headers: { accept: 'text/html', ...headers } });

    it('is allowed by its hash in that page, and nowhere else', async () => {
      for (const url of ['/', '/quick_game_screen', '/rules?lng=hi']) {
        const page = await open(url);
        expect(page.statusCode, url).toBe(200);
        expect(scriptSources(page.headers['content-security-policy']), url).toEqual(["'self'", hash]);
        // Revalidated, the page's headers come again with the same policy (a 304 updates the cached ones).
        const again = await open(url, { 'if-none-match': String(page.headers.etag) });
        expect(again.statusCode, url).toBe(304);
        expect(scriptSources(again.headers['content-security-policy']), url).toEqual(["'self'", hash]);
      }
      // The shell has no inline script, nor does the API.
      expect(scriptSources((await open('/login')).headers['content-security-policy'])).toEqual(["'self'"]);
      const api = await server.app.inject({ url: '/api/v1/contests/current' });
      expect(scriptSources(api.headers['content-security-policy'])).toEqual(["'self'"]);
    });

    it("says on <html> whether paid play is suspended, following the console's switch at once", async () => {
      // PAID_PLAY=off: suspended, so the first paint may show the announcement.
      expect((await open('/quick_game_screen')).body).toMatch(
        /^<!doctype html><html data-paid-play="suspended" lang="en">/,
      );
      await setPaidPlay(server.app.db, true, Date.now());
      const on = await open('/quick_game_screen');
      expect(on.body).toMatch(/^<!doctype html><html lang="en">/);
      await setPaidPlay(server.app.db, false, Date.now());
      const off = await open('/quick_game_screen');
      expect(off.body).toMatch(/^<!doctype html><html data-paid-play="suspended" lang="en">/);
      // The page changed with the switch: a copy kept from before is not reused.
      expect(off.headers.etag).not.toBe(on.headers.etag);
      expect((await open('/play_screen?lng=hi')).body).toContain('<html data-paid-play="suspended" lang="hi">');
    });
  },
  { distDir: dist, env: { PAID_PLAY: 'off', PAYMENT_GATEWAY: 'sandbox' } },
);
