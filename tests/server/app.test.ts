import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ABSOLUTE_LINKS_SLOT, FIRST_PAINT_SCREENS, PRERENDERED_PAGES } from '../../domain/site-paths.ts';
import { NO_SESSION_META } from '../../domain/html.ts';
import { insertActiveUsers } from '../support/accounts.ts';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';

const fakeDist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(fakeDist, { recursive: true, force: true }));
mkdirSync(path.join(fakeDist, 'assets'));
writeFileSync(path.join(fakeDist, 'index.html'), '<!doctype html><title>CricSpot</title><div id="root"></div>');
writeFileSync(path.join(fakeDist, 'assets', 'main-abc123.js'), 'console.log(1)');
writeFileSync(path.join(fakeDist, 'meta.json'), JSON.stringify({ version: '9.9.9+cafe' }));

describeOnEachDatabase(
  'health and build meta',
  (server) => {
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
  },
  { distDir: fakeDist },
);

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

// The build pre-renders the public pages in English and Hindi (issue 13): the server sends them
// in the visitor's language, and the not-found page with a 404 for paths no route answers.
const prerenderedDist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(prerenderedDist, { recursive: true, force: true }));
writeFileSync(path.join(prerenderedDist, 'index.html'), '<!doctype html><div id="root"></div>');
/** The shell as the build writes it, with its card's slot: sent for the routes no page is rendered for. */
const shellFixture = `<!doctype html><html lang="en"><head><title>CricSpot</title><meta name="description" content="CricSpot: spot the hidden ball."><!--absolute-links--></head><div id="root"></div>`;
const shellDist = mkdtempSync(path.join(os.tmpdir(), 'cricspot-dist-'));
afterAll(() => rmSync(shellDist, { recursive: true, force: true }));
mkdirSync(path.join(shellDist, 'prerendered', 'en'), { recursive: true });
writeFileSync(path.join(shellDist, 'index.html'), shellFixture);
for (const lng of ['en', 'hi']) {
  mkdirSync(path.join(prerenderedDist, 'prerendered', lng), { recursive: true });
  for (const page of [...PRERENDERED_PAGES, ...FIRST_PAINT_SCREENS]) {
    writeFileSync(
      path.join(prerenderedDist, 'prerendered', lng, `${page.name}.html`),
      `<!doctype html><html lang="${lng}"><head>${ABSOLUTE_LINKS_SLOT}</head><div id="root" data-prerendered="${lng}">${page.name}</div>`,
    );
  }
}

describe('pre-rendered pages', () => {
  const server = startServer('sqlite', { distDir: prerenderedDist, publicUrl: 'https://cricspot.example' });
  const open = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it("sends each pre-rendered page in the language the visitor's browser would pick", async () => {
    expect((await open('/')).body).toContain('data-prerendered="en">home<');
    expect((await open('/rules', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).body).toContain(
      'data-prerendered="hi">rules<',
    );
    expect((await open('/rules', { 'accept-language': 'en-GB,en;q=0.9,hi;q=0.8' })).body).toContain(
      'data-prerendered="en">rules<',
    );
    expect((await open('/terms', { 'accept-language': 'ta-IN, hi;q=0.5, en;q=0.3' })).body).toContain(
      'data-prerendered="hi">terms<',
    );
    // The language kept in the i18next cookie wins over the browser's, and ?lng= over both.
    expect((await open('/privacy', { 'accept-language': 'en', cookie: 'i18next=hi' })).body).toContain(
      'data-prerendered="hi">privacy<',
    );
    expect((await open('/privacy?lng=en', { cookie: 'i18next=hi' })).body).toContain('data-prerendered="en">privacy<');
    const res = await open('/cookies?lng=hi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers.vary).toContain('Cookie');
  });

  it('answers a path no route knows with the not-found page and a 404', async () => {
    for (const url of ['/no/such/page', '/rules/extra', '/press-details/7']) {
      const res = await open(url, { 'accept-language': 'hi' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('data-prerendered="hi">not-found<');
    }
  });

  it("sends the app's pages to a client that takes any type (curl, uptime checks, the crawlers that draw a shared link's preview), and the JSON 404 elsewhere unless a browser asks", async () => {
    const take = (url: string, accept: string | undefined, method: 'GET' | 'HEAD' = 'GET') =>
      server.app.inject({ method, url, headers: accept === undefined ? {} : { accept } });
    const jsonNotFound = { message: 'Not found', code: 'NOT_FOUND' };
    for (const accept of [undefined, '*/*', 'text/*', 'text/html;q=0.9, application/json;q=0.5']) {
      const res = await take('/rules', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type'], String(accept)).toBe('text/html; charset=utf-8');
      expect(res.body, String(accept)).toContain('data-prerendered="en">rules<');
    }
    // A path no route of the app answers: the not-found page for a browser, the JSON 404 for the rest.
    expect((await take('/no/such/page', 'text/html')).body).toContain('data-prerendered="en">not-found<');
    for (const accept of [undefined, '*/*'])
      expect((await take('/no/such/page', accept)).json(), String(accept)).toEqual(jsonNotFound);
    const head = await take('/the_winners_circle', '*/*', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
    // A client that asks only for JSON, or refuses HTML by name, keeps the JSON 404.
    for (const accept of ['application/json', 'text/html;q=0, */*']) {
      const res = await take('/rules', accept);
      expect(res.statusCode, accept).toBe(404);
      expect(res.json(), accept).toEqual(jsonNotFound);
    }
    // Under /api/ and for a file name, the JSON 404 whatever the client takes.
    expect((await take('/api/v1/nothing-here', '*/*')).json()).toEqual(jsonNotFound);
    expect((await take('/missing-picture.jpg', undefined)).statusCode).toBe(404);
  });

  it("writes the page's absolute addresses from the site's public address: canonical, each language's, og:url and the share card", async () => {
    const headOf = async (url: string, headers: Record<string, string> = {}) =>
      /<head>(.*)<\/head>/.exec((await open(url, headers)).body)?.[1];
    const site = 'https://cricspot.example';
    const card = `<meta property="og:image" content="${site}/api/v1/site/card">`;
    const links = (own: string, en: string, hi: string) =>
      `<link rel="canonical" href="${own}">` +
      `<link rel="alternate" hreflang="en-IN" href="${en}">` +
      `<link rel="alternate" hreflang="hi-IN" href="${hi}">` +
      `<link rel="alternate" hreflang="x-default" href="${en}">` +
      `<meta property="og:url" content="${own}">` +
      card +
      // Sent without a session: the page says so (the app forgets a login marker left from before).
      NO_SESSION_META;
    expect(await headOf('/rules')).toBe(links(`${site}/rules`, `${site}/rules`, `${site}/rules?lng=hi`));
    // The same address in Hindi (by cookie or ?lng=) names its Hindi address as its own.
    expect(await headOf('/rules', { cookie: 'i18next=hi' })).toBe(
      links(`${site}/rules?lng=hi`, `${site}/rules`, `${site}/rules?lng=hi`),
    );
    expect(await headOf('/?lng=hi')).toBe(links(`${site}/?lng=hi`, `${site}/`, `${site}/?lng=hi`));
    // The press list keeps its page number (as the list reads it); other queries are not part of the address.
    expect(await headOf('/in_the_press?page=3&lng=hi&utm_source=x')).toBe(
      links(
        `${site}/in_the_press?page=3&amp;lng=hi`,
        `${site}/in_the_press?page=3`,
        `${site}/in_the_press?page=3&amp;lng=hi`,
      ),
    );
    expect(await headOf('/in_the_press?page=abc')).toBe(
      links(`${site}/in_the_press`, `${site}/in_the_press`, `${site}/in_the_press?lng=hi`),
    );
    expect(await headOf('/quick_game_screen?lng=en')).toBe(
      links(`${site}/quick_game_screen`, `${site}/quick_game_screen`, `${site}/quick_game_screen?lng=hi`),
    );
    // The not-found page is no address of the site's: only its card.
    expect(await headOf('/no/such/page')).toBe(card + NO_SESSION_META);
  });

  it('revalidates a pre-rendered page by its content (304), and answers HEAD without a body', async () => {
    const first = await open('/terms', { 'accept-language': 'hi' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await open('/terms', { 'accept-language': 'hi', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    // The other language's page is another content, so another tag.
    const english = await open('/terms', { 'if-none-match': etag });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);
    const head = await server.app.inject({ method: 'HEAD', url: '/terms', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(english.headers.etag);
    expect(head.body).toBe('');
    // The not-found page is never answered as not modified.
    const missing = await open('/no/such/page');
    expect((await open('/no/such/page', { 'if-none-match': String(missing.headers.etag) })).statusCode).toBe(404);
  });

  it('sends the app itself for every other route of the app, so it renders in the browser', async () => {
    for (const url of [
      '/signup',
      '/press-details/7/some-slug',
      '/the_winners_circle/c1/verify',
      '/admin/results/c1',
      '/login?next=/cart',
    ]) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it('names the largest picture of the home and practice screens in a preload header, so it loads with the page', async () => {
    expect((await open('/')).headers.link).toBe(
      '</api/v1/contests/current/picture>; rel=preload; as=image; fetchpriority=high; imagesrcset="/api/v1/contests/current/picture?w=800 800w, /api/v1/contests/current/picture 1280w"; imagesizes="(min-width: 56rem) 30rem, calc(100vw - 5rem)"',
    );
    const practice = await open('/quick_game_screen', { 'accept-language': 'hi' });
    // With its first answer, the first game's pair, as the trial's first request asks for it (no `after`).
    expect(practice.headers.link).toBe(
      '</api/v1/practice/pairs/first/picture>; rel=preload; as=image; fetchpriority=high; imagesrcset="/api/v1/practice/pairs/first/picture?w=800 800w, /api/v1/practice/pairs/first/picture 1280w"; imagesizes="(min-width: 56rem) 70vw, 100vw", </api/v1/practice/pairs/next>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    // The practice screen renders in the browser; its HTML, in the visitor's language, names what it needs.
    expect(practice.body).toContain('data-prerendered="hi">quick_game_screen<');
    expect((await open('/rules')).headers.link).toBeUndefined();
  });

  it("preloads the first API answer of the winners', live show's and press pages, in the page's language, as their first render asks for it", async () => {
    const answer = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    // No result is public in this database: the winners' pages name no picture, only their answer.
    expect((await open('/the_winners_circle')).headers.link).toBe(answer('/api/v1/results/winners?lang=en'));
    expect((await open('/live_weekly_winner', { 'accept-language': 'hi' })).headers.link).toBe(
      answer('/api/v1/results/live?lang=hi'),
    );
    expect((await open('/in_the_press?lng=hi')).headers.link).toBe(answer('/api/v1/press?lang=hi&page=1'));
    expect((await open('/in_the_press?page=3')).headers.link).toBe(answer('/api/v1/press?lang=en&page=3'));
    // A page number the list does not take means its first page, as the list reads it.
    expect((await open('/in_the_press?page=abc')).headers.link).toBe(answer('/api/v1/press?lang=en&page=1'));
    // The answer preloaded is the one the page's own request takes.
    const winners = await server.app.inject({ url: '/api/v1/results/winners?lang=en' });
    expect(winners.statusCode).toBe(200);
    const press = await server.app.inject({ url: '/api/v1/press?lang=en&page=3' });
    expect(press.statusCode).toBe(200);
  });

  it("sends the play screen's first paint with the current contest's picture named in a preload header, at the stage's width", async () => {
    const res = await open('/play_screen', { 'accept-language': 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered="hi">play_screen<');
    expect(res.headers.link).toBe(
      '</api/v1/contests/current/picture>; rel=preload; as=image; fetchpriority=high; imagesrcset="/api/v1/contests/current/picture?w=800 800w, /api/v1/contests/current/picture 1280w"; imagesizes="(min-width: 56rem) 70vw, 100vw"',
    );
  });

  it("preloads the play screen's first answers for a visitor with a session: the location check, the contest in the page's language, the cart", async () => {
    const picture =
      '</api/v1/contests/current/picture>; rel=preload; as=image; fetchpriority=high; imagesrcset="/api/v1/contests/current/picture?w=800 800w, /api/v1/contests/current/picture 1280w"; imagesizes="(min-width: 56rem) 70vw, 100vw"';
    const answer = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    const [player] = await insertActiveUsers(server, 1, Date.now());
    const res = await open('/play_screen', { 'accept-language': 'hi', cookie: player!.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(
      [picture, answer('/api/v1/location'), answer('/api/v1/contests/current?lang=hi'), answer('/api/v1/cart')].join(
        ', ',
      ),
    );
    // A cookie that is no live session of ours preloads nothing a player's: the page sends them to log in.
    expect((await open('/play_screen', { cookie: 'cs_session=not-a-token' })).headers.link).toBe(picture);
    expect((await open('/play_screen', { cookie: `cs_session=${'a'.repeat(43)}` })).headers.link).toBe(picture);
    // Other pages preload nothing of a player's, session or not.
    expect((await open('/the_winners_circle', { cookie: player!.cookie })).headers.link).toBe(
      answer('/api/v1/results/winners?lang=en'),
    );
  });
});

describeOnEachDatabase(
  'the app shell',
  (server) => {
    const open = (url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ url, headers: { accept: 'text/html', ...headers } });

    it("sends the app's shell with the share card, and a press article's with its headline, summary and addresses in the visitor's language", async () => {
      const site = 'https://cricspot.example';
      const card = `<meta property="og:image" content="${site}/api/v1/site/card">`;
      expect((await open('/signup')).body).toBe(shellFixture.replace(ABSOLUTE_LINKS_SLOT, card));
      const id = crypto.randomUUID();
      await server.app.db
        .insertInto('press_articles')
        .values({
          id,
          slug: 'spot-the-ball-returns',
          outlet: 'The Outlet',
          title_en: 'Spot the ball returns & $1 wins',
          title_hi: 'स्पॉट द बॉल की वापसी',
          summary_en: 'A "summary" in English',
          summary_hi: 'हिंदी में सार',
          body_en: 'Body.',
          body_hi: '',
          source_url: null,
          published_at: Date.UTC(2026, 10, 20),
          is_published: 1,
          created_at: Date.UTC(2026, 10, 20),
          updated_at: Date.UTC(2026, 10, 20),
        })
        .execute();
      const at = `/press-details/${id}/spot-the-ball-returns`;
      const addresses = (own: string) =>
        `<link rel="canonical" href="${own}">` +
        `<link rel="alternate" hreflang="en-IN" href="${site}${at}">` +
        `<link rel="alternate" hreflang="hi-IN" href="${site}${at}?lng=hi">` +
        `<link rel="alternate" hreflang="x-default" href="${site}${at}">` +
        `<meta property="og:url" content="${own}">`;
      // Reached by an old slug too, it names the article's own address.
      expect((await open(`/press-details/${id}/old-slug`)).body).toBe(
        '<!doctype html><html lang="en"><head><title>Spot the ball returns &amp; $1 wins | CricSpot</title>' +
          '<meta name="description" content="A &quot;summary&quot; in English">' +
          addresses(`${site}${at}`) +
          '<meta property="og:locale" content="en_IN">' +
          '<meta property="og:title" content="Spot the ball returns &amp; $1 wins | CricSpot">' +
          '<meta property="og:description" content="A &quot;summary&quot; in English">' +
          card +
          '</head><div id="root"></div>',
      );
      const hindi = (await open(at, { 'accept-language': 'hi' })).body;
      expect(hindi).toContain(addresses(`${site}${at}?lng=hi`));
      expect(hindi).toContain('<meta property="og:title" content="स्पॉट द बॉल की वापसी | CricSpot">');
      expect(hindi).toContain('<meta property="og:locale" content="hi_IN">');
      // An article that is not there (or not published) gets the shell's card only.
      expect((await open(`/press-details/${crypto.randomUUID()}/gone`)).body).toBe(
        shellFixture.replace(ABSOLUTE_LINKS_SLOT, card),
      );
    });
  },
  { distDir: shellDist, publicUrl: 'https://cricspot.example' },
);

describe('without a build', () => {
  const server = startServer('sqlite', { distDir: path.join(fakeDist, 'missing') });
  it('tells the user to build instead of failing obscurely', async () => {
    const res = await server.app.inject({ url: '/rules', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('NOT_BUILT');
  });
});
