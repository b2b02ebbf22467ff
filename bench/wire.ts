// Bytes on the wire per route, measured in a real browser against the production server
// (`npm start` with NODE_ENV=production and a PUBLIC_URL, the real build, compression on): for a
// first visit (empty cache) and a repeat visit (same browser), and how much of the first visit
// arrived after the first contentful paint. Sizes are the browser's transferSize (headers and
// compressed bodies), from the Resource Timing API. Prints figures only.
//
// Issue 29: every public page, with its JavaScript on the wire before the page settles (network
// idle, then 1.5 s) against its target (120 KB for the home page, 130 KB for the others), and the
// number of GET /api/v1/contests/current of the page view (one at most). The press list and one
// article's page with published articles (bench/support/press-articles.ts).
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ensureBuilt } from '../scripts/ensure-built.ts';
import { serverPlace, spawnServer, stopServer, waitForServer } from './server-load.ts';
import { publishPressArticles } from './support/press-articles.ts';
import { launchBenchChromium } from './support/quiet-browser.ts';

/** Each public page with its language and its JavaScript target in KB (null: none, a game screen). */
const ROUTES: ReadonlyArray<{ route: string; lng: 'en' | 'hi'; targetKb: number | null }> = [
  { route: '/', lng: 'en', targetKb: 120 },
  { route: '/', lng: 'hi', targetKb: 120 },
  ...[
    '/rules',
    '/terms',
    '/privacy',
    '/cookies',
    '/tht',
    '/playss',
    '/who_we_are',
    '/contact_us',
    '/the_winners_circle',
    '/live_weekly_winner',
    '/in_the_press',
  ].map((route) => ({ route, lng: 'en' as const, targetKb: 130 })),
  { route: '/quick_game_screen', lng: 'en', targetKb: null },
];

ensureBuilt();
const { base, dataDir, env } = await serverPlace('wire', 'production');
const server = spawnServer(env);

interface Load {
  total: number;
  afterPaint: number;
  byType: Record<string, number>;
  requests: number;
  /** GET /api/v1/contests/current (not its picture) in this page view. */
  currentContests: number;
}

/** What the page loaded, summed from Resource Timing once the network has been quiet a while. */
async function measure(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = [nav, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
    const typeOf = (entry: PerformanceResourceTiming) => {
      if (entry.entryType === 'navigation') return 'html';
      const name = new URL(entry.name).pathname;
      if (/\.js$/.test(name)) return 'js';
      if (/\.css$/.test(name)) return 'css';
      if (/\.(woff2?|ttf)$/.test(name)) return 'fonts';
      if (
        entry.initiatorType === 'img' ||
        name.startsWith('/api/v1/pictures/') ||
        /\/picture$/.test(name) ||
        /\.(png|jpe?g|webp|svg|avif)$/.test(name)
      )
        return 'images';
      return 'json';
    };
    const load = {
      total: 0,
      afterPaint: 0,
      byType: {} as Record<string, number>,
      requests: entries.length,
      currentContests: entries.filter((entry) => new URL(entry.name).pathname === '/api/v1/contests/current').length,
    };
    for (const entry of entries) {
      const bytes = entry.transferSize;
      load.total += bytes;
      if (entry.responseEnd > fcp) load.afterPaint += bytes;
      const type = typeOf(entry);
      load.byType[type] = (load.byType[type] ?? 0) + bytes;
    }
    return load;
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`.padStart(7);

try {
  await waitForServer(base, server, 240_000);
  // A few published press articles (a new database has none): the list as it looks after some
  // weeks of coverage, and the newest article's page, a public page with the others' target.
  const [article] = publishPressArticles(env);
  const routes = [...ROUTES, { route: article!, lng: 'en' as const, targetKb: 130 }];
  const browser = await launchBenchChromium();
  console.log(
    'Bytes on the wire (KB, transferSize: headers + compressed bodies), production server, phone 360x740, first visit settled (network idle + 1.5 s)',
  );
  console.log(
    'route                  lng first visit after 1st paint  html     js    css  fonts images   json requests current  repeat   JS target',
  );
  const unmet: string[] = [];
  for (const { route, lng, targetKb } of routes) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    // A visitor who answered the cookie notice, as most repeat visitors have.
    await context.addInitScript(() =>
      localStorage.setItem(
        'cookieConsent',
        JSON.stringify({ choice: 'necessary', at: new Date().toISOString(), version: 1 }),
      ),
    );
    const page = await context.newPage();
    const first = await measure(page, `${base}${route}?lng=${lng}`);
    const again = await measure(page, `${base}${route}?lng=${lng}`);
    const t = first.byType;
    const js = (t['js'] ?? 0) / 1024;
    const met = targetKb === null ? '' : js <= targetKb ? 'met' : 'NOT MET';
    if (met === 'NOT MET') unmet.push(`${route} ${lng}`);
    if (first.currentContests > 1) unmet.push(`${route} ${lng}: ${first.currentContests} current-contest requests`);
    console.log(
      `${(route.length > 22 ? `${route.slice(0, 21)}…` : route).padEnd(22)} ${lng}  ${kb(first.total)}     ${kb(first.afterPaint)}   ${kb(t['html'] ?? 0)}${kb(t['js'] ?? 0)}${kb(t['css'] ?? 0)}${kb(t['fonts'] ?? 0)}${kb(t['images'] ?? 0)}${kb(t['json'] ?? 0)}   ${String(first.requests).padStart(5)}   ${String(first.currentContests).padStart(5)}  ${kb(again.total)}   ${targetKb === null ? '    -' : String(targetKb).padStart(5)} ${met}`,
    );
    await context.close();
  }
  await browser.close();
  console.log(
    unmet.length
      ? `Not met: ${unmet.join('; ')}`
      : 'Every JavaScript target met, at most one current-contest request per page view.',
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
