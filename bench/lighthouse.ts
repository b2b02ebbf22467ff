// Lighthouse mobile (its default emulation: a mid-range phone on a slow 4G link, 4x CPU slowdown)
// against the production server (`npm start` with NODE_ENV=production and a PUBLIC_URL, the real
// build, compression on), three runs per page, median; performance and accessibility. Debian's
// Chromium; targets from issues 13 and 15. /play_screen is measured as a logged-in player whose
// session has passed the location check (see signedInPlayer). Prints figures only; on a busy
// machine the scores drop, so run it alone. BENCH_LIGHTHOUSE_PAGES=/,/play_screen picks pages;
// BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's JSON report there.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import runLighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureBuilt } from '../scripts/ensure-built.ts';
import { openContestNow } from '../scripts/open-contest-now.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { SESSION_COOKIE } from '../server/plugins/session.ts';
import { createSession } from '../server/services/accounts/session.service.ts';
import { STORAGE_KEYS } from '../src/shared/storage-keys.ts';
import { serverPlace, spawnServer, waitForServer } from './server-load.ts';
import { activeUserRow } from '../server/db/user-rows.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ALL_PAGES = [
  { route: '/', target: 95, player: false },
  { route: '/rules', target: 95, player: false },
  { route: '/quick_game_screen', target: 95, player: false },
  { route: '/play_screen', target: 95, player: true },
];
const chosen = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((route) => route.trim());
const PAGES = chosen ? ALL_PAGES.filter((page) => chosen.includes(page.route)) : ALL_PAGES;
/** Mumbai, Maharashtra: a state where contests are allowed (where tests/e2e/support/player.ts stands). */
const MUMBAI = { latitude: 19.076, longitude: 72.8777, accuracy: 50 };
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

ensureBuilt();
// A payment gateway as production has one (Razorpay, with placeholder keys and an API address
// nothing answers at: no measured page pays), so the home card and the play screen show the paid
// contest; without one they offer a practice game instead (issue 15) and /play_screen has no stage.
const gateway = {
  PAYMENT_GATEWAY: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook',
  RAZORPAY_API_URL: 'http://127.0.0.1:9',
};
const { base, dataDir, env } = await serverPlace('lighthouse', 'production', gateway);
const server = spawnServer(env);

interface Run {
  score: number;
  a11y: number;
  /** The accessibility audits that failed, by id. */
  a11yFailures: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

interface Player {
  /** The session cookie's value. */
  token: string;
}

/**
 * A logged-in player for /play_screen, as the browser is after a sign-up: an active user with a
 * session made by the server's own service in the bench's database (a production server has no
 * outbox to read a code from), the session's location check passed through the API as the
 * location gate does once the browser shares its position, and the login marker the routes read
 * from localStorage. Chromium does not send a Cookie given through Lighthouse's extraHeaders with
 * the app's API calls (the cart answered 401 and the route went home), so each run opens a new
 * browser (an empty cache), sets the session cookie and the marker on the site's origin, and runs
 * Lighthouse's API on that page with its storage reset off (which would clear both).
 */
async function signedInPlayer(): Promise<Player> {
  const config = loadConfig({ ...process.env, ...env, DATABASE_URL: '' });
  const { db } = openDatabase({ databaseUrl: undefined, sqlitePath: config.sqlitePath });
  try {
    const now = Date.now();
    const id = crypto.randomUUID();
    await db
      .insertInto('users')
      .values(
        activeUserRow(
          {
            id,
            firstName: 'Bench',
            lastName: 'Player',
            email: `bench.${id.slice(0, 8)}@example.com`,
            phone: '+919100000001',
          },
          now,
        ),
      )
      .execute();
    const { token } = await createSession(db, id, now, { userAgent: 'lighthouse bench', ip: '127.0.0.1' });
    const located = await fetch(`${base}/api/v1/location`, {
      method: 'POST',
      headers: {
        cookie: `${SESSION_COOKIE}=${token}`,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify(MUMBAI),
    });
    if (!located.ok) throw new Error(`the location check failed: ${located.status} ${await located.text()}`);
    return { token };
  } finally {
    await db.destroy();
  }
}

async function runAsPlayer(url: string, out: string, player: Player): Promise<void> {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox'],
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/readyz`);
    await page.setCookie({ name: SESSION_COOKIE, value: player.token, url: base, httpOnly: true, sameSite: 'Lax' });
    await page.evaluate(
      (key: string) => window.localStorage.setItem(key, String(Date.now())),
      STORAGE_KEYS.loginMarker,
    );
    const result = await runLighthouse(
      url,
      {
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // The contest's picture on its stage, not a message instead of the game (closed, no gateway).
    if (!(await page.evaluate(() => document.querySelector('.picture-stage, .stage-preview') !== null)))
      throw new Error(`${url} showed no stage`);
    writeFileSync(out, typeof result.report === 'string' ? result.report : result.report.join(''));
  } finally {
    await browser.close();
  }
}

async function lighthouse(url: string, out: string, player: Player | null): Promise<Run> {
  if (player) await runAsPlayer(url, out, player);
  else
    await promisify(execFile)(
      path.join(root, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--quiet',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${out}`,
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, timeout: 180_000 },
    );
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    finalDisplayedUrl?: string;
    categories: {
      performance: { score: number };
      accessibility: { score: number; auditRefs: Array<{ id: string; weight: number }> };
    };
    audits: Record<string, { numericValue?: number; score: number | null }>;
  };
  // A player page that sent the browser elsewhere (home, for a missing login) measured the wrong page.
  if (report.finalDisplayedUrl && new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${report.finalDisplayedUrl}`);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    a11y: Math.round(report.categories.accessibility.score * 100),
    a11yFailures: report.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForServer(base, server, 240_000);
  // At night, between two windows, the play screen would show 'Game Play Closed!' instead of its stage.
  openContestNow(loadConfig({ ...process.env, ...env, DATABASE_URL: '' }).sqlitePath);
  const player = PAGES.some((page) => page.player) ? await signedInPlayer() : null;
  console.log(
    `Lighthouse mobile, production server, ${RUNS} runs per page, median (performance target in brackets, accessibility target 100; CLS target < 0.05)`,
  );
  console.log(
    'page                   score (target) a11y   FCP ms   LCP ms   TBT ms     CLS   bytes KB   scores of the runs',
  );
  const failed = new Map<string, Set<string>>();
  for (const { route, target, player: needsPlayer } of PAGES) {
    const runs: Run[] = [];
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : dataDir;
    mkdirSync(reports, { recursive: true });
    for (let i = 0; i < RUNS; i++)
      runs.push(
        await lighthouse(
          `${base}${route}`,
          path.join(reports, `${route.replace(/\W+/g, '_') || 'home'}-${i}.json`),
          needsPlayer ? player : null,
        ),
      );
    const m = (key: Exclude<keyof Run, 'a11yFailures'>) => median(runs.map((run) => run[key]));
    failed.set(route, new Set(runs.flatMap((run) => run.a11yFailures)));
    console.log(
      `${route.padEnd(22)} ${String(m('score')).padStart(3)} (${target}) ${String(m('a11y')).padStart(8)} ${String(Math.round(m('fcp'))).padStart(8)} ${String(Math.round(m('lcp'))).padStart(8)} ${String(Math.round(m('tbt'))).padStart(8)} ${m('cls').toFixed(3).padStart(7)} ${(m('bytes') / 1024).toFixed(0).padStart(10)}   ${runs.map((run) => run.score).join(', ')}`,
    );
  }
  for (const [route, ids] of failed)
    if (ids.size > 0) console.log(`accessibility audits failed on ${route}: ${[...ids].join(', ')}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
