// Lighthouse mobile (its default emulation: a mid-range phone on a slow 4G link, 4x CPU slowdown)
// against the production server (`npm start` with NODE_ENV=production, a PUBLIC_URL and
// GEO_LOCAL_COUNTRY=IN: a visitor in India; the real build, compression on), three runs per page,
// median; performance (target 95, issue 29) and accessibility (target 100). Debian's Chromium.
// Every public page: the home, the rules and the other info pages, contact, the winners' circle
// and the live weekly winner (with two published results: bench/support/lighthouse-site.ts), the
// press list and an article's page (with a few published articles: bench/support/press-articles.ts),
// and the two game screens; /play_screen as a logged-in player whose session has
// passed the location check. Prints figures only; on a busy machine the scores drop, so run it
// alone. The targets are for a quiet machine: a run during which the machine itself was slow (its
// CPU index under QUIET_SHARE of the fastest this bench saw) is set aside, printed, and run again.
// BENCH_LIGHTHOUSE_PAGES=/,/play_screen picks pages; BENCH_LIGHTHOUSE_RUNS=1 runs fewer;
// BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's JSON report there.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Launcher } from 'chrome-launcher';
import { ensureBuilt } from '../scripts/ensure-built.ts';
import { openContestNow } from '../scripts/open-contest-now.ts';
import { BENCH_GATEWAY, serverPlace, spawnServer, stopServer, waitForServer } from './server-load.ts';
import { benchSqlitePath } from './support/bench-sqlite.ts';
import { type Player, publishedResults, runAsPlayer, signedInPlayer } from './support/lighthouse-site.ts';
import { publishPressArticles } from './support/press-articles.ts';
import { CHROMIUM, disabledFeatures, disableFeaturesFlag } from './support/quiet-browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGET = 95;
/**
 * Lighthouse times a fixed piece of JavaScript before each run (its report's
 * environment.benchmarkIndex) and multiplies what it measures by 4 for a phone: on this virtual
 * machine that index drops from about 2500-2800 to 1500-1800 at times (the machine does not say
 * why: /proc/stat counts no stolen time), and the run's score with it (77-93 against 94-98 for the
 * same page: README, the fifty-eighth session).
 * Such a run measured the machine, not the page: it is set aside and the page run once more, at
 * most RUNS more times per page.
 */
const QUIET_SHARE = 0.8;
/** A press article's page, as the table prints it: /press-details/{id}/{slug} once published. */
const PRESS_ARTICLE = '/press-details';
const ALL_PAGES = [
  { route: '/', player: false },
  { route: '/rules', player: false },
  // The other info pages: the same screen (InfoPage) as /rules, pre-rendered alike; their texts differ in length.
  { route: '/terms', player: false },
  { route: '/privacy', player: false },
  { route: '/cookies', player: false },
  { route: '/tht', player: false },
  { route: '/playss', player: false },
  { route: '/who_we_are', player: false },
  { route: '/contact_us', player: false },
  { route: '/the_winners_circle', player: false },
  { route: '/live_weekly_winner', player: false },
  { route: '/in_the_press', player: false },
  // The newest press article's page (bench/support/press-articles.ts publishes it; its address is known then).
  { route: PRESS_ARTICLE, player: false },
  { route: '/quick_game_screen', player: false },
  { route: '/play_screen', player: true },
];
const chosen = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((route) => route.trim());
const PAGES = chosen ? ALL_PAGES.filter((page) => chosen.includes(page.route)) : ALL_PAGES;
/** Lighthouse's launcher turns features off with one --disable-features of its own, which ours would replace: both lists in one. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  ...disableFeaturesFlag(disabledFeatures(Launcher.defaultFlags())),
].join(' ');

ensureBuilt();
const { base, dataDir, env } = await serverPlace('lighthouse', 'production', BENCH_GATEWAY);
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
  /** Lighthouse's CPU index of the machine, measured as the run started (higher is faster). */
  cpuIndex: number;
}

async function lighthouse(url: string, out: string, player: Player | null): Promise<Run> {
  if (player) writeFileSync(out, await runAsPlayer(base, url, player));
  else
    await promisify(execFile)(
      path.join(root, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--quiet',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 180_000 },
    );
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    finalDisplayedUrl?: string;
    categories: {
      performance: { score: number };
      accessibility: { score: number; auditRefs: Array<{ id: string; weight: number }> };
    };
    audits: Record<string, { numericValue?: number; score: number | null }>;
    environment: { benchmarkIndex: number };
  };
  // A page that sent the browser elsewhere (home, for a missing login) measured the wrong page.
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
    cpuIndex: report.environment.benchmarkIndex,
  };
}

/**
 * One run, tried again up to twice when Lighthouse itself fails to record the page (its
 * NO_NAVSTART and NO_FCP trace errors come and go on a busy machine); any other failure stops the bench.
 */
async function measured(route: string, i: number, player: Player | null): Promise<Run> {
  const out = path.join(reports, `${route.replace(/\W+/g, '_') || 'home'}-${i}.json`);
  rmSync(out, { force: true });
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(`${base}${route}`, out, player);
    } catch (error) {
      const traceError = /NO_NAVSTART|NO_FCP|NO_LCP|Something went wrong with recording the trace/.test(String(error));
      if (!traceError || attempt === 3) throw error;
      console.log(
        `${route}: Lighthouse could not record run ${i + 1} (${String(error).match(/\(NO_\w+\)/)?.[0] ?? 'trace error'}); trying it again`,
      );
    }
  }
}

const reports = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : dataDir;

/** The fastest the machine was in this bench (Lighthouse's CPU index), for QUIET_SHARE. */
let fastest = 0;
const quiet = (run: Run) => run.cpuIndex >= QUIET_SHARE * fastest;

/**
 * RUNS runs of a page on a quiet machine: a run whose CPU index says the machine was slow, against
 * the fastest seen so far, is set aside and run again (RUNS more at most); returned with those set aside.
 */
async function quietRuns(route: string, player: Player | null): Promise<{ runs: Run[]; setAside: Run[] }> {
  const all: Run[] = [];
  for (let i = 0; all.filter(quiet).length < RUNS && i < 2 * RUNS; i++) {
    const run = await measured(route, i, player);
    fastest = Math.max(fastest, run.cpuIndex);
    all.push(run);
  }
  // Judged again against the fastest of all: a first run may have been slow before a fast one showed
  // it. The page's fastest run is always among the quiet ones, so `runs` is never empty.
  return { runs: all.filter(quiet), setAside: all.filter((run) => !quiet(run)) };
}

/** A run's score with the machine's CPU index as it started, as the table and the last line print it. */
const scoreAndIndex = (run: Run) => `${run.score} (${Math.round(run.cpuIndex)})`;

/** The middle value; of an even number (fewer quiet runs than RUNS), the mean of the two middle ones. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};
const ms = (n: number) => String(Math.round(n)).padStart(7);

try {
  await waitForServer(base, server, 240_000);
  // At night, between two windows, the play screen would show 'Game Play Closed!' instead of its stage.
  openContestNow(benchSqlitePath(env));
  const results = PAGES.some((page) => ['/the_winners_circle', '/live_weekly_winner'].includes(page.route))
    ? await publishedResults(env)
    : 0;
  const player = PAGES.some((page) => page.player) ? await signedInPlayer(base, env) : null;
  // The press list with a few weeks of coverage, and the newest article's page.
  const [article] = PAGES.some((page) => ['/in_the_press', PRESS_ARTICLE].includes(page.route))
    ? publishPressArticles(env)
    : [];
  const [load1] = os.loadavg();
  console.log(
    `Lighthouse mobile, production server as a visitor in India, ${RUNS} runs per page, median; performance target ${TARGET}, accessibility 100; ${results} published results; load average ${load1!.toFixed(1)} at the start`,
  );
  console.log(
    'page                  perf  target   met    LCP ms  TBT ms    CLS  a11y   FCP ms  bytes KB  performance of the runs (CPU index)',
  );
  const failed = new Map<string, Set<string>>();
  const missed: string[] = [];
  const slowRuns: string[] = [];
  mkdirSync(reports, { recursive: true });
  for (const { route, player: needsPlayer } of PAGES) {
    const address = route === PRESS_ARTICLE ? article! : route;
    const { runs, setAside } = await quietRuns(address, needsPlayer ? player : null);
    slowRuns.push(...setAside.map((run) => `${route} ${scoreAndIndex(run)}`));
    const m = (key: Exclude<keyof Run, 'a11yFailures'>) => median(runs.map((run) => run[key]));
    failed.set(route, new Set(runs.flatMap((run) => run.a11yFailures)));
    const met = m('score') >= TARGET;
    if (!met) missed.push(route);
    console.log(
      `${route.padEnd(21)} ${String(m('score')).padStart(4)} ${String(TARGET).padStart(7)}   ${(met ? 'met' : 'NOT').padEnd(4)} ${ms(m('lcp'))} ${ms(m('tbt'))} ${m('cls').toFixed(3).padStart(6)} ${String(m('a11y')).padStart(5)} ${ms(m('fcp'))} ${(m('bytes') / 1024).toFixed(0).padStart(9)}  ${runs.map(scoreAndIndex).join(', ')}`,
    );
  }
  console.log(
    missed.length === 0
      ? `every page measured met ${TARGET}`
      : `under ${TARGET}: ${missed.join(', ')} (load average now ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    slowRuns.length === 0
      ? `no run set aside: the machine's CPU index stayed within ${QUIET_SHARE * 100}% of its fastest, ${Math.round(fastest)}`
      : `set aside, the machine slower than ${QUIET_SHARE * 100}% of its fastest (${Math.round(fastest)}) as they started, each run again: ${slowRuns.join(', ')}`,
  );
  for (const [route, ids] of failed)
    if (ids.size > 0) console.log(`accessibility audits failed on ${route}: ${[...ids].join(', ')}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
