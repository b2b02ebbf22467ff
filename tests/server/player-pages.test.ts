import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ASSUMED_LOGIN_ATTRIBUTE, LIVE_SESSION_META, NO_SESSION_META } from '../../domain/html.ts';
import { SESSION_IDLE_MS } from '../../domain/session.ts';
import {
  ABSOLUTE_LINKS_SLOT,
  FIRST_PAINT_SCREENS,
  PRERENDERED_PAGES,
  prerenderedFile,
} from '../../domain/site-paths.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { insertActiveUsers, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// The build writes a player's page beside a visitor's where a logged-in player's first render
// differs (scripts/prerender.ts: the header's tools, the returning player's home). The server sends
// it to a request with a live session, so the app takes the page over without moving it; a page
// sent without one says so in its head, and the app forgets a login marker left from before.
const dist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
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
// A well-formed token no session has.
const UNKNOWN = `${SESSION_COOKIE}=${'a'.repeat(43)}`;

describeOnEachDatabase(
  "a player's pre-rendered page",
  (server) => {
    const clock = useTestClock(server);
    const open = (url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ url, headers: { accept: 'text/html', ...headers } });
    const session = async () => (await insertActiveUsers(server, 1, clock.now))[0]!.cookie;

    it('is sent to a request with a live session, in its language; a visitor gets the visitor’s', async () => {
      const visitor = await open('/');
      expect(visitor.body).toContain('>visitor home<');
      expect(visitor.body).toContain(`${NO_SESSION_META}</head>`);
      const cookie = await session();
      const home = await open('/', { cookie });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(`data-prerendered="en" ${ASSUMED_LOGIN_ATTRIBUTE}>player home<`);
      expect(home.body).not.toContain(NO_SESSION_META);
      const rules = await open('/rules?lng=hi', { cookie });
      expect(rules.body).toContain('lang="hi"');
      expect(rules.body).toContain('>player rules<');
      // Its answer depends on the cookie: a cache between keeps the two apart.
      expect(String(home.headers.vary)).toMatch(/\bCookie\b/);
      // The not-found page too, with its status.
      const missing = await open('/no/such/page', { cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('>player not-found<');
      // Where the build wrote no player's page, the visitor's, as a player's (no word of an ended session).
      const terms = await open('/terms', { cookie });
      expect(terms.body).toContain('>visitor terms<');
      expect(terms.body).not.toContain(NO_SESSION_META);
      expect((await open('/quick_game_screen', { cookie })).body).toContain('>visitor quick_game_screen<');
    });

    it('says in its head that the session lives, on every page the server sends, so a lost login marker is set again', async () => {
      const cookie = await session();
      for (const url of [
        '/',
        '/rules?lng=hi',
        '/terms',
        '/play_screen',
        '/quick_game_screen',
        '/no/such/page',
        '/my_account',
      ]) {
        const page = await open(url, { cookie });
        expect(page.body, url).toContain(`${LIVE_SESSION_META}</head>`);
        expect(page.body, url).not.toContain(NO_SESSION_META);
      }
      // A visitor's pages never say it; nor does one whose session has ended.
      clock.advance(SESSION_IDLE_MS);
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        for (const url of ['/', '/play_screen', '/my_account']) {
          expect((await open(url, headers)).body, url).not.toContain(LIVE_SESSION_META);
        }
      }
    });

    it("sends the visitor's page for a session that has ended, says so, and clears its cookie", async () => {
      const idle = await session();
      clock.advance(SESSION_IDLE_MS);
      for (const cookie of [idle, UNKNOWN, `${SESSION_COOKIE}=not-a-token`]) {
        const page = await open('/', { cookie });
        expect(page.body, cookie).toContain('>visitor home<');
        expect(page.body, cookie).toContain(`${NO_SESSION_META}</head>`);
        // Not on the play screen, which only players reach: the API's 401 there sends the player
        // to log in and back (a marker forgotten first would send them to the home page).
        expect((await open('/play_screen', { cookie })).body, cookie).not.toContain(NO_SESSION_META);
        expect(String(page.headers['set-cookie']), cookie).toMatch(
          new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
        );
      }
    });

    it('counts as activity: a page opened keeps the session alive, as the API does', async () => {
      const cookie = await session();
      clock.advance(SESSION_IDLE_MS - 60_000);
      expect((await open('/rules', { cookie })).body).toContain('>player rules<');
      clock.advance(SESSION_IDLE_MS - 60_000);
      expect((await open('/', { cookie })).body).toContain('>player home<');
    });

    it('is revalidated by its own tag, never answered with the other one', async () => {
      const cookie = await session();
      const visitor = await open('/');
      const player = await open('/', { cookie });
      expect(player.headers.etag).not.toBe(visitor.headers.etag);
      expect((await open('/', { cookie, 'if-none-match': String(player.headers.etag) })).statusCode).toBe(304);
      // A visitor's copy kept from before the login is not reused once the player has a session.
      const after = await open('/', { cookie, 'if-none-match': String(visitor.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('>player home<');
    });
  },
  { distDir: dist },
);
