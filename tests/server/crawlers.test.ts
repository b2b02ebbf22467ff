// What search engines are told: robots.txt (nothing crawled outside production; in production the
// player's own screens and the sign-in steps closed) and the sitemap (the public pages and the
// published press articles, each in English and Hindi with both named as alternates).
import { expect, it } from 'vitest';
import { INDEXED_PATHS } from '../../domain/site-paths.ts';
import { robotsTxt } from '../../server/routes/crawlers.routes.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const SITE = 'https://cricspot.example';
const DAY = 86_400_000;

it('robots.txt in production: public pages open, the account, cart, console and sign-in steps closed, the sitemap named', () => {
  const robots = robotsTxt(SITE, true);
  expect(robots.split('\n')).toEqual([
    'User-agent: *',
    'Allow: /my_account_delete',
    'Disallow: /admin',
    'Disallow: /my_account',
    'Disallow: /my_entries',
    'Disallow: /play_screen',
    'Disallow: /cart',
    'Disallow: /popupCheckout',
    'Disallow: /otp',
    'Disallow: /otps',
    'Disallow: /createpassword',
    'Disallow: /socialsignup',
    '',
    'Sitemap: https://cricspot.example/sitemap.xml',
    '',
  ]);
});

describeOnEachDatabase('robots.txt and the sitemap', (server) => {
  it('closes a copy outside production to every crawler', async () => {
    const res = await server.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('names every public page and published article in both languages, with their alternates', async () => {
    const article = (slug: string, published: number, daysAgo: number) => ({
      id: crypto.randomUUID(),
      slug,
      outlet: 'The Outlet',
      title_en: slug,
      summary_en: 'Summary',
      body_en: 'Body.',
      source_url: null,
      published_at: Date.UTC(2026, 10, 20) - daysAgo * DAY,
      is_published: published,
      created_at: Date.UTC(2026, 10, 1),
      updated_at: Date.UTC(2026, 10, 1),
    });
    const shown = article('cricspot-in-the-news', 1, 2);
    const draft = article('not-yet', 0, 1);
    for (const row of [shown, draft]) await server.app.db.insertInto('press_articles').values(row).execute();

    const res = await server.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const xml = res.body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">\n/,
    );
    expect(xml.endsWith('\n</urlset>\n')).toBe(true);
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]!);
    const site = server.config.publicUrl;
    const locs = urls.map((url) => /<loc>(.*?)<\/loc>/.exec(url)![1]);
    const articlePath = `/press-details/${shown.id}/cricspot-in-the-news`;
    expect(locs).toEqual([
      ...INDEXED_PATHS.flatMap((path) => [`${site}${path}`, `${site}${path}?lng=hi`]),
      `${site}${articlePath}`,
      `${site}${articlePath}?lng=hi`,
    ]);
    // The home, the rules, the practice screen, the winners and the press list are there; the not-found page and the play screen are not.
    for (const path of ['/', '/rules', '/quick_game_screen', '/the_winners_circle', '/in_the_press'])
      expect(INDEXED_PATHS).toContain(path);
    expect(locs.some((loc) => /not_found|play_screen|not-yet/.test(loc!))).toBe(false);
    // Each names both languages and the default.
    expect(urls[2]).toBe(
      `<loc>${site}/rules</loc>` +
        `<xhtml:link rel="alternate" hreflang="en-IN" href="${site}/rules"/>` +
        `<xhtml:link rel="alternate" hreflang="hi-IN" href="${site}/rules?lng=hi"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${site}/rules"/>`,
    );
    expect(urls.at(-1)).toContain('<lastmod>2026-11-18</lastmod>');
  });
});
