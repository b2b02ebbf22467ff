import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ABSOLUTE_LINKS_SLOT,
  firstAnswerUrls,
  FIRST_PAINT_SCREENS,
  pageAddress,
  pressArticlePath,
  isKnownRoute,
  PRERENDERED_PAGES,
  prerenderedFile,
  paths,
  type ResponsiveImage,
  resultPicture,
  SHARE_CARD_PATH,
} from '../../domain/site-paths.ts';
import { BRAND } from '../../domain/brand.ts';
import { isPaidPlaySuspended } from '../../domain/paid-play.ts';
import {
  DESCRIPTION_META,
  escapeHtml,
  LIVE_SESSION_META,
  NO_SESSION_META,
  PAID_PLAY_ATTRIBUTE,
  PAID_PLAY_SUSPENDED,
  TITLE_TAG,
} from '../../domain/html.ts';
import { pressPageFrom } from '../../domain/press-paging.ts';
import { paidPlayView } from '../services/contests/contest.service.ts';
import { firstResultPicture } from '../services/judging/results.service.ts';
import { withInlineScripts } from './security.ts';
import { getPublished } from '../services/site/press.service.ts';

const API_PREFIXES = ['/api/', '/locales/', '/healthz', '/readyz', '/meta.json'];

/**
 * How a request takes an HTML page: 'asks' for a browser's navigation (text/html named), 'takes'
 * for a client that takes any type or any text type, or sends no Accept (curl, uptime checks, the
 * link-preview crawlers of WhatsApp and the rest, which read a shared page's title and
 * description), and 'refuses' for one that asks only for other types (application/json) or
 * refuses HTML by name. The most specific range that covers HTML decides (RFC 9110, 12.5.1).
 */
export function htmlWanted(accept: string | undefined): 'asks' | 'takes' | 'refuses' {
  if (!accept?.trim()) return 'takes';
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(type, Number.isFinite(weight) ? weight : 0);
  }
  const named = weights.get('text/html');
  if (named !== undefined) return named > 0 ? 'asks' : 'refuses';
  return (weights.get('text/*') ?? weights.get('*/*') ?? 0) > 0 ? 'takes' : 'refuses';
}

/** A path that names a file (has an extension) must 404 when missing, never get index.html. */
const looksLikeFile = (url: string) => path.extname(url.split('?')[0] ?? '') !== '';

type Language = 'en' | 'hi';
const asLanguage = (value: string | undefined): Language | null => {
  const lng = value?.trim().slice(0, 2).toLowerCase();
  return lng === 'en' || lng === 'hi' ? lng : null;
};

/**
 * The language of a pre-rendered page, in the order the browser's detection uses where the
 * server can see it (spec section 1): ?lng=, the i18next cookie, then the browser's languages
 * (Accept-Language, by weight); English by default.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, string | undefined> | undefined)?.lng;
  const fromQuery = asLanguage(query);
  if (fromQuery) return fromQuery;
  const fromCookie = asLanguage(request.cookies?.i18next);
  if (fromCookie) return fromCookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { lng: asLanguage(tag), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry): entry is { lng: Language; q: number; index: number } => entry.lng !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return accepted[0]?.lng ?? 'en';
}

/**
 * A page's head with the server's word on the request's session before its end (LIVE_SESSION_META
 * or NO_SESSION_META: src/shared/login-marker.ts reads it); an empty word leaves the page as it is.
 */
const withSessionWord = (html: string, word: string) =>
  word ? html.replace('</head>', (end) => `${word}${end}`) : html;

interface BuiltPage {
  name: string;
  image?: ResponsiveImage | null;
  /** Only logged-in players reach it (FIRST_PAINT_SCREENS' play screen). */
  loggedIn?: boolean;
}
const pageByPath = new Map<string, BuiltPage>(
  [...PRERENDERED_PAGES, ...FIRST_PAINT_SCREENS].map((page) => [page.path, page]),
);
const NOT_FOUND: BuiltPage = { name: 'not-found' };
/** Without a pre-render (a build that skipped it), the game screens' pictures are still named. */
const shellImageByPath = new Map<string, ResponsiveImage>(
  FIRST_PAINT_SCREENS.flatMap((screen) => (screen.image ? [[screen.path, screen.image] as const] : [])),
);

/** The winners' pages, whose largest picture is the first result card's (known only from the database). */
const resultPages = new Map<string, 'circle' | 'live'>([
  [paths.winnersCircle, 'circle'],
  [paths.liveWeeklyWinner, 'live'],
]);

/** A page's largest picture as a Link header: the browser fetches it with the HTML instead of after the app and its API call. */
const preloadLink = ({ src, srcSet, sizes }: ResponsiveImage) =>
  `<${src}>; rel=preload; as=image; fetchpriority=high; imagesrcset="${srcSet}"; imagesizes="${sizes}"`;

/**
 * The page's first API answer as a Link header: fetched with the HTML, and taken by the page's own
 * request, which carries credentials as this preload does (axios's withCredentials, firstGet's).
 */
const answerLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * A page's addresses in its head: its own in its language (canonical, og:url) and in each language
 * (hreflang, `?lng=hi` for Hindi; the bare path is the default, English without a cookie).
 */
function addressLinks(origin: string, pathname: string, lng: Language, page = 1): string {
  const address = (language: Language | null) => escapeHtml(pageAddress(origin, pathname, language, page));
  return [
    `<link rel="canonical" href="${address(lng)}">`,
    `<link rel="alternate" hreflang="en-IN" href="${address('en')}">`,
    `<link rel="alternate" hreflang="hi-IN" href="${address('hi')}">`,
    `<link rel="alternate" hreflang="x-default" href="${address(null)}">`,
    `<meta property="og:url" content="${address(lng)}">`,
  ].join('');
}

/** The share card's picture (og:image), at the site's public address. */
const cardImage = (origin: string) => `<meta property="og:image" content="${escapeHtml(origin + SHARE_CARD_PATH)}">`;

/**
 * A pre-rendered page's absolute addresses, from the site's public address (PUBLIC_URL): the
 * share card's picture, and for a page of the app's own its addresses (the press list keeps its
 * page number).
 */
export function absoluteLinks(
  origin: string,
  pathname: string,
  lng: Language,
  query: URLSearchParams,
  ownPage: boolean,
): string {
  if (!ownPage) return cardImage(origin);
  const page = pathname === paths.inThePress ? pressPageFrom(query.get('page')) : 1;
  return addressLinks(origin, pathname, lng, page) + cardImage(origin);
}

/** A press article's page: the app's shell, whose card the server fills with the article's. */
const ARTICLE_PATH = new RegExp(`^${paths.pressDetails.replace(':id', '([^/]+)').replace(':slug', '[^/]+')}$`);

interface ArticleCard {
  id: string;
  slug: string;
  title: string;
  summary: string;
}

/**
 * The app's shell as the server sends it for a route no page is rendered for: the share card's
 * picture, and for a press article its headline and summary in the visitor's language (title,
 * description, og:title, og:description) and its addresses, so a shared article shows itself.
 */
export function shellHtml(html: string, origin: string, lng: Language, article: ArticleCard | null): string {
  // Replaced by functions: a `$` in an article's text is text, not a replacement pattern.
  if (!article) return html.replace(ABSOLUTE_LINKS_SLOT, () => cardImage(origin));
  const title = escapeHtml(`${article.title} | ${BRAND.name}`);
  const summary = escapeHtml(article.summary);
  const card = [
    addressLinks(origin, pressArticlePath(article.id, article.slug), lng),
    `<meta property="og:locale" content="${lng === 'hi' ? 'hi_IN' : 'en_IN'}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${summary}">`,
    cardImage(origin),
  ].join('');
  return html
    .replace(ABSOLUTE_LINKS_SLOT, () => card)
    .replace(TITLE_TAG, () => `<title>${title}</title>`)
    .replace(DESCRIPTION_META, () => `<meta name="description" content="${summary}">`);
}

/**
 * Hosts the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every other GET or HEAD of a browser answered with index.html or its pre-rendered page, so
 * client routes survive a reload (history fallback); a client that takes any type gets the app's
 * own pages too, so a shared link shows its preview (htmlWanted). Unknown API paths, missing files
 * and, for a client that did not ask for HTML, unknown paths get a JSON 404.
 */
export async function staticSite(app: FastifyInstance): Promise<void> {
  const { distDir } = app.config;
  const built = existsSync(path.join(distDir, 'index.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build wrote .br and .gz beside every text file (vite.config.ts): sent as they are,
      // chosen by Accept-Encoding, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const prerendered = built && existsSync(path.join(distDir, 'prerendered'));

  /**
   * The winners' circle's and the live page's first picture, as the page's first card will ask
   * for it (MarkedPicture's `first`), preloaded as the home card's is; none when the lookup fails.
   */
  const resultImage = async (page: 'circle' | 'live'): Promise<ResponsiveImage | null> => {
    try {
      const picture = await firstResultPicture(app.db, app.pictures, app.clock.now(), page);
      return picture ? resultPicture(picture.variants) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'the first result picture could not be read for its preload');
      return null;
    }
  };

  /**
   * Whether paid play is suspended as the page is sent: written on the pre-rendered page's <html>
   * (data-paid-play), where its head script reads it to show the paid-play announcement in the
   * first paint (src/app/watchers/first-paint-popup.ts). On a failed read, not said: the app's
   * watchers then show the announcement once they have asked.
   */
  const paidPlaySuspended = async (): Promise<boolean> => {
    try {
      return isPaidPlaySuspended(await paidPlayView(app.db, app.config.paidPlayDefault, app.payments !== null));
    } catch (error) {
      app.log.warn({ err: error }, 'the paid-play switch could not be read for the page');
      return false;
    }
  };

  /**
   * Whether the page's request comes with a live session: it then gets a player's page, and the
   * play screen's first answers are preloaded. Either way the page says so in its head, and before
   * its first render the app forgets a login marker left from a session that has ended
   * (NO_SESSION_META) or sets one the browser has lost while the session lives (LIVE_SESSION_META;
   * src/shared/login-marker.ts), so the page does not change into a player's and back, or into a
   * visitor's. On a failed look-up, none (the visitor's page, as the API would answer).
   */
  const liveSession = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    try {
      return await app.pageSession(request, reply);
    } catch (error) {
      app.log.warn({ err: error }, "the page's session could not be looked up");
      return false;
    }
  };

  /** A press article's card for its page, in `lng`; null elsewhere, or when it is not published. */
  const articleAt = async (pathname: string, lng: Language): Promise<ArticleCard | null> => {
    const match = ARTICLE_PATH.exec(pathname);
    if (!match) return null;
    try {
      return (await getPublished(app.db, decodeURIComponent(match[1]!), lng)) ?? null;
    } catch (error) {
      app.log.warn({ err: error }, 'the press article could not be read for its card');
      return null;
    }
  };

  /** The first of the built files that exists (a page's player's version, then the visitor's). */
  const firstFile = async (files: readonly string[]): Promise<string> => {
    for (const [index, file] of files.entries()) {
      try {
        return await readFile(path.join(distDir, file), 'utf8');
      } catch (error) {
        if (index === files.length - 1 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw new Error('firstFile: no file named');
  };

  /**
   * A built page, read on each request as a file is sent (a new build is served at once, never an
   * old page naming assets the build removed), completed by `fill`, and revalidated by its
   * content (a weak tag: the answer is compressed on the way out).
   */
  const sendHtml = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string | readonly string[],
    status: number,
    fill: (html: string) => string,
  ) => {
    const built = await firstFile(typeof file === 'string' ? [file] : file);
    const html = fill(built);
    // The inline scripts of the page as the build wrote it, never of what the request filled in.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') void reply.header('content-security-policy', withInlineScripts(policy, built));
    const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    void reply.status(status).header('vary', 'Accept-Encoding, Accept-Language, Cookie').header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (status === 200 && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return reply.status(304).send();
    return reply.send(html);
  };

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply.status(503).send({
        message: 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).',
        code: 'NOT_BUILT',
      });
    }
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // A pre-rendered page in the visitor's language (issue 13): its path's page, or the
    // not-found page, with a 404, for a path no route of the app answers.
    const pathname = request.url.split('?')[0] ?? '/';
    const page = prerendered ? (pageByPath.get(pathname) ?? (isKnownRoute(pathname) ? null : NOT_FOUND)) : null;
    const resultPage = resultPages.get(pathname);
    const lng = pageLanguage(request);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (page === null) {
      const shellImage = resultPage ? await resultImage(resultPage) : shellImageByPath.get(pathname);
      if (shellImage) void reply.header('link', preloadLink(shellImage));
      const [article, session] = await Promise.all([articleAt(pathname, lng), liveSession(request, reply)]);
      // A live session said, as on the pre-rendered pages; an ended one not: the shell's screens
      // are mostly players' (their API's 401 sends the player to log in and back).
      return sendHtml(request, reply, 'index.html', 200, (html) =>
        withSessionWord(shellHtml(html, app.config.publicUrl, lng, article), session ? LIVE_SESSION_META : ''),
      );
    }
    // The page's largest picture (the contest card's, the practice game's, the first result's),
    // and the API answer its first render shows (the winners', the live show's, the press list's).
    const image = resultPage ? await resultImage(resultPage) : page.image;
    // Two reads of the database, one after the other's answer no more.
    const [session, suspended] = await Promise.all([liveSession(request, reply), paidPlaySuspended()]);
    const answers = firstAnswerUrls(pathname, lng, query, session);
    const links = [...(image ? [preloadLink(image)] : []), ...answers.map(answerLink)];
    if (links.length > 0) void reply.header('link', links.join(', '));
    // With a session, the page as a logged-in player's first render draws it, where the build wrote
    // one (the header's tools, the returning player's home): nothing moves as the app takes over.
    const files = session
      ? [prerenderedFile(lng, page.name, true), prerenderedFile(lng, page.name)]
      : prerenderedFile(lng, page.name);
    // No word of an ended session on a screen only players reach: there the API's 401 sends the
    // player to log in and back to it, as before (a marker forgotten first would send them home).
    const word = session ? LIVE_SESSION_META : page.loggedIn ? '' : NO_SESSION_META;
    return sendHtml(request, reply, files, page === NOT_FOUND ? 404 : 200, (html) =>
      withSessionWord(
        html
          .replace(ABSOLUTE_LINKS_SLOT, () =>
            absoluteLinks(app.config.publicUrl, pathname, lng, query, page !== NOT_FOUND),
          )
          .replace(/<html\b/, (tag) => (suspended ? `${tag} ${PAID_PLAY_ATTRIBUTE}="${PAID_PLAY_SUSPENDED}"` : tag)),
        word,
      ),
    );
  };

  app.get('/', sendApp);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    const wanted = htmlWanted(request.headers.accept);
    // A browser gets the app (or the not-found page) for any path; a client that merely takes
    // HTML gets the app's own pages, and the JSON 404 elsewhere (/metrics, a removed endpoint).
    const page = wanted === 'asks' || (wanted === 'takes' && isKnownRoute(url.split('?')[0] ?? '/'));
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !looksLikeFile(url) && page)
      return sendApp(request, reply);
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}
