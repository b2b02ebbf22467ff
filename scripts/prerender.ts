// Build step (issue 13): renders the public pages of PRERENDERED_PAGES and the game screens of
// FIRST_PAINT_SCREENS to HTML in English and Hindi after the client build, so a phone paints the
// header, the hero and the page's text before any JavaScript has arrived; src/main.tsx then
// hydrates the pages' HTML and renders the game screens anew. Called by the build
// (vite.config.ts) with the client build's output directory.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Resource } from 'i18next';
import { build, minifySync } from 'vite';
import {
  ABSOLUTE_LINKS_SLOT,
  FIRST_PAINT_SCREENS,
  LATER_CODE_META,
  PRERENDERED_PAGES,
  SCREEN_CODE_META,
  prerenderedFile,
  SHARE_CARD_SIZE,
  STAGE_ENGINE_CODE,
} from '../domain/site-paths.ts';
import { ASSUMED_LOGIN_ATTRIBUTE, DESCRIPTION_META, escapeHtml, TITLE_TAG } from '../domain/html.ts';

const root = path.resolve(import.meta.dirname, '..');
const LANGUAGES = ['en', 'hi'] as const;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface ServerEntry {
  renderPage(url: string, lng: 'en' | 'hi', resources: Resource, loggedIn: boolean): Promise<string>;
  renderFirstPopups(lng: 'en' | 'hi', resources: Resource): Promise<string>;
  firstPopupScriptText(): string;
  firstHintsScriptText(): string;
}

/** The screen's chunk with the chunks it imports (not the entry, which index.html loads already). */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((next) => chunksOf(manifest, next, seen))];
}

/**
 * The chunks of `keys` with the chunks they import, each after the chunks it imports and the keys'
 * in their order: the order a game screen's start evaluates its code in (EVALUATED_FIRST, then the
 * screens, in src/app/routes.tsx), so that over a connection that takes a few files at a time the
 * ones evaluated first arrive first.
 */
function chunksInLoadOrder(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): ManifestChunk[] {
  return keys.flatMap((key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [...chunksInLoadOrder(manifest, chunk.imports ?? [], seen), chunk];
  });
}

function resourcesOf(outDir: string, lng: string): Resource {
  const dir = path.join(outDir, 'locales', lng);
  const namespaces: Record<string, unknown> = {};
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.json'))
      namespaces[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
  }
  return { [lng]: namespaces } as Resource;
}

/**
 * Code every page loads once it is live: the watchers' chunk (src/app/App.tsx), which shows the
 * first-time visitor the cookie notice. Named in the head and its sheet inlined, the notice no
 * longer waits for a fetch started after hydration.
 */
const EVERY_PAGE = ['src/app/watchers/Watchers.tsx'];

/** React's escapes undone, so a heading's apostrophe is not escaped twice in the title ("winners&amp;#x27;"). */
const unescapeHtml = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot);/gi, (entity, name: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
    const lower = name.toLowerCase();
    if (lower in named) return named[lower]!;
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
  });

/**
 * The page's description and its Open Graph card in the page's language: what a search result
 * and a shared link's preview (WhatsApp, Facebook, X) show, the page's title above the site's
 * description (common.json siteDescription, the one text index.html carries in English). Without
 * a title (the app's shell, sent for the routes no page is rendered for), the card names no title,
 * description or language of its own: the server writes them for a press article, and a crawler
 * reads the page's <title> and description otherwise.
 */
function pageMeta(title: string | null, resources: Resource, lng: string): string {
  const common = resources[lng]?.common as { siteDescription?: unknown; shareCardAlt?: unknown } | undefined;
  const description = common?.siteDescription;
  const cardAlt = common?.shareCardAlt;
  if (typeof description !== 'string') throw new Error(`prerender: common.json (${lng}) has no siteDescription`);
  if (typeof cardAlt !== 'string') throw new Error(`prerender: common.json (${lng}) has no shareCardAlt`);
  const own =
    title === null
      ? []
      : [
          `<meta property="og:locale" content="${lng === 'hi' ? 'hi_IN' : 'en_IN'}">`,
          `<meta property="og:locale:alternate" content="${lng === 'hi' ? 'en_IN' : 'hi_IN'}">`,
          `<meta property="og:title" content="${escapeHtml(title)}">`,
          `<meta property="og:description" content="${escapeHtml(description)}">`,
        ];
  return [
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="CricSpot">',
    ...own,
    // The server writes og:image (and og:url, the canonical address) here; the picture's
    // properties follow it, as Open Graph reads them.
    ABSOLUTE_LINKS_SLOT,
    `<meta property="og:image:type" content="image/jpeg">`,
    `<meta property="og:image:width" content="${SHARE_CARD_SIZE.width}">`,
    `<meta property="og:image:height" content="${SHARE_CARD_SIZE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(cardAlt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ].join('');
}

/** The page's first heading, for the <title> the browser shows before the app sets its own. */
function headingOf(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? unescapeHtml(match[1]!.replace(/<[^>]+>/g, '')).trim() : null;
}

/**
 * What a page's head adds to the app's: every style sheet it needs inlined (nothing blocks the
 * first paint but the HTML) and named as already there, its screen's chunks and its translations
 * preloaded. A game screen, whose first paint is its picture (`preloadCode` false), preloads no
 * chunk of its screen but names them (SCREEN_CODE_META): src/main.tsx asks for them all at once
 * when the picture is on screen, so that on a slow network the picture does not share the
 * connection with twenty-odd files of code (Lighthouse counted them into the picture's time: its
 * largest paint at 2.1-3.1 s in its simulated network, 1.8-2.1 s without them).
 */
function headOf(
  outDir: string,
  manifest: Manifest,
  template: string,
  entryCss: string[],
  page: {
    screen: string;
    ns: readonly string[];
    also?: readonly string[];
    fetchedWith?: readonly string[];
    first?: readonly string[];
  },
  lng: string,
  preloadCode: boolean,
): string {
  const seen = new Set<string>();
  const chunks = [page.screen, ...(page.also ?? []), ...(page.fetchedWith ?? []), ...EVERY_PAGE]
    .flatMap((key) => chunksOf(manifest, key, seen))
    .filter((chunk) => !template.includes(chunk.file));
  const preloaded = preloadCode ? chunks : [];
  const css = [...new Set([...entryCss, ...chunks.flatMap((chunk) => chunk.css ?? [])])];
  return [
    `<style>${css.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('')}</style>`,
    // Each inlined sheet named again as a link of a type no browser styles with, which it neither
    // fetches nor applies: Vite's loader of a screen's chunk finds it there and does not link the
    // sheet a second time (a second fetch, a restyle of the page, and the screen waiting for the
    // sheet). Not `disabled`: Chromium 150 fetches a disabled style sheet's link all the same.
    ...css.map((file) => `<link rel="stylesheet" href="/${file}" type="text/x-inlined">`),
    ...preloaded.map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunk.file}">`),
    // A game screen's code, named for the app to ask for all at once after the picture.
    ...(preloadCode ? [] : [screenCodeMeta(manifest, template, page)]),
    ...['common', ...page.ns].map(
      (ns) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/${lng}/${ns}.json">`,
    ),
  ].join('');
}

/** A game screen's chunks (SCREEN_CODE_META), in the order its start evaluates them. */
function screenCodeMeta(
  manifest: Manifest,
  template: string,
  page: { screen: string; also?: readonly string[]; fetchedWith?: readonly string[] },
): string {
  const keys = [page.screen, ...(page.also ?? []), ...(page.fetchedWith ?? []), ...EVERY_PAGE];
  for (const key of keys) if (!manifest[key]) throw new Error(`prerender: ${key} is not in the build's manifest`);
  return filesMeta(SCREEN_CODE_META, chunksInLoadOrder(manifest, keys), template);
}

/** A meta tag naming the chunks' files, space-separated, but those index.html loads already. */
function filesMeta(name: string, chunks: readonly ManifestChunk[], template: string): string {
  const files = chunks.filter((chunk) => !template.includes(chunk.file)).map((chunk) => `/${chunk.file}`);
  return `<meta name="${name}" content="${files.join(' ')}">`;
}

/**
 * The stage engine's files (STAGE_ENGINE_CODE with the chunks they import), named in every page's
 * head for src/stage/scene-loader.ts, which fetches them before it runs them: the engine may start
 * on any page a player reaches the game from.
 */
function engineMeta(manifest: Manifest, template: string): string {
  const seen = new Set<string>();
  const chunks = STAGE_ENGINE_CODE.flatMap((key) => {
    if (!manifest[key]) throw new Error(`prerender: ${key} (STAGE_ENGINE_CODE) is not in the build's manifest`);
    return chunksOf(manifest, key, seen);
  });
  return filesMeta(LATER_CODE_META, chunks, template);
}

function writePage(outDir: string, name: string, html: string): void {
  const file = path.join(outDir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}

export async function prerenderPages(outDir: string, mode: string): Promise<number> {
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  // The entry's style sheets, linked by index.html: inlined into each page instead.
  const entryCss = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)].map(
    (match) => match[1]!,
  );
  if (!DESCRIPTION_META.test(template))
    throw new Error('prerender: index.html has no <meta name="description"> to replace');
  const withoutEntryCss = template.replace(/\s*<link rel="stylesheet"[^>]*href="\/[^"]+\.css"[^>]*>/g, '');
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // Inside the repository, so the server build resolves its packages from node_modules.
  const ssrDir = path.join(root, 'node_modules', '.cache', `cricspot-prerender-${process.pid}-${Date.now()}`);
  try {
    // A server build of the pre-render entry, with this config's mode (VITE_* variables alike)
    // but none of its plugins (they would build again).
    await build({
      configFile: false,
      root,
      mode,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: 'src/prerender/entry-server.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        minify: false,
        sourcemap: false,
      },
    });
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
    const engine = engineMeta(manifest, template);
    // The popup bar of the first paint (app/watchers/first-paint-popup.ts): the head's script that
    // picks it, before the entry's module (the server adds its hash to the page's CSP), and the bars.
    const entryScript = /<script type="module"/;
    if (!entryScript.test(withoutEntryCss)) throw new Error('prerender: index.html has no module script');
    const popupCode = minifySync('first-popup.js', entry.firstPopupScriptText()).code.trim();
    if (popupCode.includes('</')) throw new Error('prerender: the first-paint popup script contains "</"');
    const popupScript = `<script>${popupCode}</script>`;
    // A game screen's first paint has its hints as the app has them (src/ui/game-hints-first-paint.ts).
    const hintsCode = minifySync('first-hints.js', entry.firstHintsScriptText()).code.trim();
    if (hintsCode.includes('</')) throw new Error('prerender: the first-paint hints script contains "</"');
    const hintsScript = `<script>${hintsCode}</script>`;
    let written = 0;
    for (const lng of LANGUAGES) {
      const resources = resourcesOf(outDir, lng);
      const popups = await entry.renderFirstPopups(lng, resources);
      // The pages React hydrates (data-prerendered), then the game screens' first paints, which
      // the app renders anew (see FIRST_PAINT_SCREENS).
      const pages = [
        ...PRERENDERED_PAGES.map((page) => ({ page, hydrated: true })),
        ...FIRST_PAINT_SCREENS.map((page) => ({ page, hydrated: false })),
      ];
      for (const { page, hydrated } of pages) {
        // A game screen's first paint is its picture: its code is asked for once that is on screen.
        const preloadCode = hydrated || !('image' in page && page.image);
        const onlyPlayers = 'loggedIn' in page && page.loggedIn;
        const body = await entry.renderPage(page.path, lng, resources, onlyPlayers);
        const heading = headingOf(body);
        const title = heading ? `${heading} | CricSpot` : 'CricSpot';
        const head = headOf(outDir, manifest, template, entryCss, page, lng, preloadCode);
        const html = (rendered: string, player: boolean) =>
          withoutEntryCss
            .replace('<html lang="en">', `<html lang="${lng}">`)
            .replace(TITLE_TAG, () => `<title>${escapeHtml(title)}</title>`)
            .replace(DESCRIPTION_META, () => pageMeta(title, resources, lng))
            .replace('</head>', () => `${head}${engine}</head>`)
            // Replaced by functions: a `$` in a page's text is text, not a replacement pattern.
            .replace(entryScript, (module) => `${popupScript}${hydrated ? '' : hintsScript}${module}`)
            .replace('<div id="root"></div>', () => {
              const attributes = hydrated
                ? ` data-prerendered="${lng}"${player ? ` ${ASSUMED_LOGIN_ATTRIBUTE}` : ''}`
                : '';
              return `<div id="root"${attributes}>${rendered}</div>${popups}`;
            });
        writePage(outDir, prerenderedFile(lng, page.name), html(body, false));
        written++;
        // The page as a logged-in player's first render draws it (the header's tools, the returning
        // player's home): sent to a request with a live session, so that nothing moves as the app,
        // which reads the login from the browser's storage, takes the page over.
        if (!onlyPlayers) {
          const players = await entry.renderPage(page.path, lng, resources, true);
          if (players !== body) {
            writePage(outDir, prerenderedFile(lng, page.name, true), html(players, true));
            written++;
          }
        }
      }
    }
    // The app's shell, sent for every route no page is rendered for (sign-in, a press article):
    // its card too, which the server completes.
    writeFileSync(
      path.join(outDir, 'index.html'),
      template
        .replace(DESCRIPTION_META, () => pageMeta(null, resourcesOf(outDir, 'en'), 'en'))
        .replace('</head>', () => `${engine}</head>`),
    );
    return written;
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}
