import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../domain/html.ts';
import { INDEXED_PATHS, pageAddress, paths } from '../../domain/site-paths.ts';
import { publishedArticleAddresses } from '../services/site/press.service.ts';

/** How long a crawler may keep robots.txt and the sitemap: a new press article shows within the hour. */
const CRAWLER_CACHE_CONTROL = 'public, max-age=3600';

/**
 * What search engines are told. In production every page but the player's own screens, the
 * console and the sign-in steps may be crawled, and the sitemap names the public pages and the
 * press articles in both languages with their hreflang alternates. Outside production (a staging
 * copy on the internet) nothing may be crawled.
 */
export function robotsTxt(origin: string, production: boolean): string {
  if (!production) return 'User-agent: *\nDisallow: /\n';
  const closed = [
    paths.admin,
    paths.myAccount,
    paths.myEntries,
    paths.playScreen,
    paths.cart,
    paths.popupCheckout,
    paths.otp,
    paths.otps,
    paths.createPassword,
    paths.socialSignup,
  ];
  return [
    'User-agent: *',
    // The account deletion page is public (its path begins like the account's).
    `Allow: ${paths.accountDelete}`,
    ...closed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One page of the sitemap in each language, each naming both (Google's hreflang in sitemaps). */
function entries(origin: string, pathname: string, lastModified?: number): string[] {
  const en = escapeHtml(pageAddress(origin, pathname, 'en'));
  const hi = escapeHtml(pageAddress(origin, pathname, 'hi'));
  const alternates =
    `<xhtml:link rel="alternate" hreflang="en-IN" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="hi-IN" href="${hi}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
  const lastmod = lastModified ? `<lastmod>${new Date(lastModified).toISOString().slice(0, 10)}</lastmod>` : '';
  return [en, hi].map((loc) => `<url><loc>${loc}</loc>${lastmod}${alternates}</url>`);
}

export async function crawlersRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.config.publicUrl;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE_CONTROL)
      .send(robotsTxt(origin, app.config.isProduction)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const articles = await publishedArticleAddresses(app.db);
    const urls = [
      ...INDEXED_PATHS.flatMap((pathname) => entries(origin, pathname)),
      ...articles.flatMap((article) => entries(origin, article.path, article.publishedAt)),
    ];
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      urls.join('\n') +
      '\n</urlset>\n';
    return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE_CONTROL).send(xml);
  });
}
