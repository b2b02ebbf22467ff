import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { disableFeaturesFlag } from './bench/support/quiet-browser.ts';

// Ports may be moved (E2E_SITE_PORT, E2E_LAB_PORT, STAGE_PORT) so that two checkouts on one machine
// can run their browser tests at the same time.
const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 3100);
const LAB_PORT = Number(process.env.E2E_LAB_PORT ?? 5174);
// The picture stage's development page, on a dev server whose build exposes the stage's test API.
// Its server starts only when the 'stage' project runs (or every project does).
const STAGE_PORT = Number(process.env.STAGE_PORT ?? 5175);
// --project takes several names (`--project site stage`) or `--project=stage`.
const projectArgs = process.argv.flatMap((arg, i) => {
  if (arg.startsWith('--project=')) return [arg.slice('--project='.length)];
  if (arg !== '--project') return [];
  const names: string[] = [];
  for (const next of process.argv.slice(i + 1)) {
    if (next.startsWith('-')) break;
    names.push(next);
  }
  return names;
});
// The e2e server's data directory, made once per run and inherited by the workers, so a test can
// act on the server's database the way an operator would (npm run admin:create). Made here (not
// given), it goes when the run's process ends, after Playwright has stopped the server: each run's
// database and pictures (28 MB) no longer stay behind in the temporary folder.
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(os.tmpdir(), 'cricspot-e2e-'));
  process.env.E2E_DATA_DIR = made;
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
}
// Every test's window without the address bar's popup pages, a renderer of its own of about 2 s
// of CPU per new window on this 2-core machine (bench/support/quiet-browser.ts). Chromium reads only
// the last --disable-features, so the flag carries Playwright's own list too, read once per run from
// a probe browser (the config is synchronous: a child process asks) and inherited by the workers.
process.env.E2E_PLAYWRIGHT_FEATURES ??= execFileSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    "const m = await import('./bench/support/quiet-browser.ts'); console.log((await m.playwrightDisabledFeatures()).join(','));",
  ],
  { cwd: import.meta.dirname, encoding: 'utf8' },
).trim();
const stageWanted = projectArgs.length === 0 || projectArgs.includes('stage');
// Every browser of the site's tests has answered the cookie notice and the notifications offer
// already (bars at the bottom that would sit over buttons); tests/e2e/site/popups.spec.ts starts
// without either answer.
const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
const answered = [
  { name: 'cookieConsent', value: JSON.stringify({ choice: 'necessary', at: '2026-11-01T00:00:00.000Z', version: 1 }) },
  { name: 'notificationsDeclined', value: new Date().toISOString() },
];
// Both origins of the site: the social sign-in journey runs on PUBLIC_URL's (localhost).
const cookieNoticeAnswered = {
  cookies: [],
  origins: [
    { origin: SITE_URL, localStorage: answered },
    { origin: `http://localhost:${SITE_PORT}`, localStorage: answered },
  ],
};

export default defineConfig({
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...disableFeaturesFlag(process.env.E2E_PLAYWRIGHT_FEATURES.split(',').filter(Boolean), { browserUi: false }),
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    // Every site browser stands in Mumbai (an allowed state) and shares its location without a
    // prompt, so the location gate lets the play specs through; tests/e2e/site/location.spec.ts
    // moves it, or refuses the permission.
    // Before the site's specs: a contest takes entries even at night, between two windows.
    { name: 'setup', testDir: 'tests/e2e/setup', testMatch: /\.setup\.ts$/, use: { baseURL: SITE_URL } },
    {
      name: 'site',
      testDir: 'tests/e2e/site',
      dependencies: ['setup'],
      use: {
        baseURL: SITE_URL,
        storageState: cookieNoticeAnswered,
        geolocation: { latitude: 19.076, longitude: 72.8777 },
        permissions: ['geolocation'],
      },
    },
    { name: 'lab', testDir: 'tests/e2e/lab', use: { baseURL: `http://127.0.0.1:${LAB_PORT}` } },
    { name: 'stage', testDir: 'tests/e2e/stage', use: { baseURL: `http://127.0.0.1:${STAGE_PORT}` } },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.ts`,
      url: `http://127.0.0.1:${SITE_PORT}/healthz`,
      env: { PORT: String(SITE_PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The machine lab is a dev-server page; its server starts only where the lab exists.
    ...(existsSync(new URL('./lab.html', import.meta.url))
      ? [
          {
            command: `npx vite --port ${LAB_PORT} --strictPort --host 127.0.0.1`,
            url: `http://127.0.0.1:${LAB_PORT}/lab.html`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
    ...(stageWanted
      ? [
          {
            command: `npx vite --port ${STAGE_PORT} --strictPort --host 127.0.0.1`,
            url: `http://127.0.0.1:${STAGE_PORT}/stage-dev.html`,
            env: { VITE_TEST_API: '1' },
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
