// Time from navigation to the practice picture drawn on /quick_game_screen, against the real
// server (the e2e test build, a fresh database with the seeded demo pairs). Five cold loads per
// viewport, each in a new browser context (empty cache); prints median and worst.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 3199));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.ts')], { cwd: root, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'inherit'] });

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
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  console.log(`Navigation to picture drawn on /quick_game_screen (${RUNS} cold loads each, real server, seeded 2400x1600 demo pairs)`);
  for (const device of [
    { name: 'laptop 1280x800 @1x', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    { name: 'phone 360x740 @2x', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 },
  ]) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor });
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${base}/quick_game_screen?lng=en`);
      await page.waitForFunction(() => (window as unknown as { __cricspotStage?: { ready: boolean } }).__cricspotStage?.ready === true, null, { timeout: 60_000 });
      times.push(Date.now() - started);
      await context.close();
    }
    console.log(`${device.name.padEnd(22)} median ${String(median(times)).padStart(6)} ms   worst ${String(Math.max(...times)).padStart(6)} ms`);
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
