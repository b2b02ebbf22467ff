// Time from navigation to the practice picture on /quick_game_screen, against the real server
// (the e2e test build, a fresh database with the seeded demo pairs). Five cold loads per viewport,
// each in a new browser context (empty cache); prints median and worst of: the picture on screen
// (the largest contentful paint: the image from the page's first paint), the stage drawn when the
// player touches the picture as soon as it shows, and the stage drawn when nobody touches it (it
// then starts once the page has been quiet for 3 s, src/stage/idle.ts), and on the untouched loads
// the layout shift (CLS: the layout-shift entries' sum, none after an input, until 1.5 s after the
// stage was drawn): a new visitor's cookie notice is in the page's first paint
// (src/app/watchers/first-paint-popup.ts); a bar that came after it would make the game screen's
// stage lower and move the ticket bar.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { pollInPage } from './support/page-poll.ts';
import { launchBenchChromium } from './support/quiet-browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 3199));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForServer();
  const browser = await launchBenchChromium();
  console.log(
    `Navigation to the practice picture on /quick_game_screen (${RUNS} cold loads each, real server, seeded 2400x1600 demo pairs)`,
  );
  for (const device of [
    { name: 'laptop 1280x800 @1x', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    { name: 'phone 360x740 @2x', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 },
  ]) {
    const shown: number[] = [];
    const touched: number[] = [];
    const untouched: number[] = [];
    const shifts: number[] = [];
    for (let run = 0; run < RUNS * 2; run++) {
      const touch = run % 2 === 1;
      const context = await browser.newContext({
        viewport: device.viewport,
        deviceScaleFactor: device.deviceScaleFactor,
      });
      const page = await context.newPage();
      // Waits through DevTools (page-poll.ts): Playwright's waits would first run its own script in the page.
      const cdp = await context.newCDPSession(page);
      await page.addInitScript(() => {
        const w = window as unknown as { lcp: number; cls: number };
        w.cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) w.cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const started = Date.now();
      await page.goto(`${base}/quick_game_screen?lng=en`);
      if (touch) {
        // The player's first tap on the picture, as soon as it is there (a mark): the stage starts at
        // once. Aimed at the picture's box, which the first paint, the app's preview and the stage
        // share: unthrottled, the stage may have replaced the preview's image before the click lands
        // (since the screen's code comes at once, the click then waited for an image never to come).
        await page.locator('.stage-preview__image').first().waitFor();
        await page.locator('.trial-game__stage').first().click();
      }
      await pollInPage(cdp, 'window.__cricspotStage?.ready === true', { pollMs: 16 });
      (touch ? touched : untouched).push(Date.now() - started);
      if (!touch) {
        // The observer's callback may still be queued behind the stage's start.
        const lcp = await pollInPage<number>(cdp, 'window.lcp', { timeoutMs: 5000 }).catch(() => null);
        if (typeof lcp === 'number') shown.push(Math.round(lcp));
        else console.log(`  (${device.name}: no largest-contentful-paint entry on one load)`);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const [cls] = await pollInPage<[number]>(cdp, '[window.cls]', { timeoutMs: 5000 });
        shifts.push(cls);
      }
      await context.close();
    }
    const line = (label: string, values: number[], format = (value: number) => `${String(value).padStart(6)} ms`) =>
      `  ${label.padEnd(34)} median ${format(median(values))}   worst ${format(Math.max(...values))}`;
    console.log(device.name);
    console.log(line('picture on screen (LCP)', shown));
    console.log(line('stage drawn, tapped at once', touched));
    console.log(line('stage drawn, nobody touching', untouched));
    console.log(line('layout shift, nobody touching', shifts, (value) => value.toFixed(3).padStart(6)));
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
