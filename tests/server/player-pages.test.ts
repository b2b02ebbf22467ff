import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ASSUMED_LOGIN_ATTRIBUTE } from '../../domain/html.ts';
import {
  ABSOLUTE_LINKS_SLOT,
  FIRST_PAINT_SCREENS,
  PRERENDERED_PAGES,
  prerenderedFile,
} from '../../domain/site-paths.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// The build writes a player's page beside a visitor's where a logged-in player's first render
// differs (scripts/prerender.ts: the header's tools, the returning player's home). The server sends
// it to a request carrying a session cookie, so the app takes the page over without moving it.
const dist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head></head><div id="root"></div>');
const WITH_PLAYER_PAGE = new Set(['home', 'rules', 'not-found']);
const page = (lng: string, body: string, attributes = '') =>
  `<!doctype html><html lang="${lng}"><head>${ABSOLUTE_LINKS_SLOT}</head><div id="root" data-prerendered="${lng}"${attributes}>${body}</div></html>`;
for (const lng of ['en', 'hi']) {
  mkdirSync(path.join(dist, 'prerendered', lng), { recursive: true });
  for (const { name } of [...PRERENDERED_PAGES, ...FIRST_PAINT_SCREENS]) {
    writeFileSync(path.join(dist, prerenderedFile(lng, name)), page(lng, `visitor ${name}`));
    if (WITH_PLAYER_PAGE.has(name))
      writeFileSync(
        path.join(dist, prerenderedFile(lng, name, true)),
        page(lng, `player ${name}`, ` ${ASSUMED_LOGIN_ATTRIBUTE}`),
      );
  }
}
const SESSION = `${SESSION_COOKIE}=${'a'.repeat(43)}`;

describeOnEachDatabase(
  "a player's pre-rendered page",
  (server) => {
    const open = (url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ url, headers: { accept: 'text/html', ...headers } });

    it('is sent to a request with a session cookie, in its language; a visitor gets the visitor’s', async () => {
      expect((await open('/')).body).toContain('>visitor home<');
      const home = await open('/', { cookie: SESSION });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(`data-prerendered="en" ${ASSUMED_LOGIN_ATTRIBUTE}>player home<`);
      expect((await open('/rules?lng=hi', { cookie: SESSION })).body).toContain('lang="hi"');
      expect((await open('/rules?lng=hi', { cookie: SESSION })).body).toContain('>player rules<');
      // Its answer depends on the cookie: a cache between keeps the two apart.
      expect(String(home.headers.vary)).toMatch(/\bCookie\b/);
      // The not-found page too, with its status.
      const missing = await open('/no/such/page', { cookie: SESSION });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('>player not-found<');
    });

    it("falls back to the visitor's page where the build wrote no player's, or the cookie is not a session's", async () => {
      expect((await open('/terms', { cookie: SESSION })).body).toContain('>visitor terms<');
      expect((await open('/quick_game_screen', { cookie: SESSION })).body).toContain('>visitor quick_game_screen<');
      expect((await open('/', { cookie: `${SESSION_COOKIE}=not-a-token` })).body).toContain('>visitor home<');
    });

    it('is revalidated by its own tag, never answered with the other one', async () => {
      const visitor = await open('/');
      const player = await open('/', { cookie: SESSION });
      expect(player.headers.etag).not.toBe(visitor.headers.etag);
      expect((await open('/', { cookie: SESSION, 'if-none-match': String(player.headers.etag) })).statusCode).toBe(304);
      // A visitor's copy kept from before the login is not reused once the player has a session.
      const after = await open('/', { cookie: SESSION, 'if-none-match': String(visitor.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('>player home<');
    });
  },
  { distDir: dist },
);
