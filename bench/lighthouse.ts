// Lighthouse mobile (its default emulation: a mid-range phone on a slow 4G link, 4x CPU slowdown)
// against the production server (`npm start` with NODE_ENV=production and a PUBLIC_URL, the real
// build, compression on), three runs per page, median. Debian's Chromium; targets from issue 13.
// Prints figures only; on a busy machine the scores drop, so run it alone.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureBuilt } from '../scripts/ensure-built.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  { route: '/', target: 95 },
  { route: '/rules', target: 95 },
  { route: '/quick_game_screen', target: 90 },
];

ensureBuilt();
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 3195));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: base, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', GEO_LOCAL_COUNTRY: 'IN' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

async function lighthouse(url: string, out: string): Promise<Run> {
  await promisify(execFile)(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`, '--chrome-flags=--headless=new --no-sandbox'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, timeout: 180_000 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue?: number }> };
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`Lighthouse mobile, production server, ${RUNS} runs per page, median (target in brackets; CLS target < 0.05)`);
  console.log('page                    score   FCP ms   LCP ms   TBT ms     CLS   bytes KB   scores of the runs');
  for (const { route, target } of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${base}${route}`, path.join(dataDir, `lh-${i}.json`)));
    const m = (key: keyof Run) => median(runs.map((run) => run[key]));
    console.log(
      `${route.padEnd(22)} ${String(m('score')).padStart(3)} (${target}) ${String(Math.round(m('fcp'))).padStart(8)} ${String(Math.round(m('lcp'))).padStart(8)} ${String(Math.round(m('tbt'))).padStart(8)} ${m('cls').toFixed(3).padStart(7)} ${(m('bytes') / 1024).toFixed(0).padStart(10)}   ${runs.map((run) => run.score).join(', ')}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
