// Frame times of the picture stage in headless Chromium: the stage's development page (a 4096 px
// picture, 75 marks) built for production with the stage's test API, zoomed and panned
// continuously for 3 s. Figures are for comparing versions of our code on this machine (software
// WebGL through SwiftShader), not promises about phones.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-stage-bench-'));
const DURATION_MS = 3000;

process.env.VITE_TEST_API = '1';
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false, rollupOptions: { input: path.join(root, 'stage-dev.html') } } });
const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

try {
  console.log('Picture stage frame times: zoom and pan continuously for 3 s, 4096 x 2730 picture, 75 marks');
  console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}: software WebGL slows down as the machine gets busier)`);
  console.log('viewport'.padEnd(22), 'renderer'.padEnd(10), 'frames'.padStart(7), 'median'.padStart(10), 'p95'.padStart(10), 'idle median'.padStart(12), 'drawn after'.padStart(12));
  for (const device of [
    { name: 'laptop 1280x800 @1x', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    { name: 'phone 360x740 @2x', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 },
  ]) {
    const context = await browser.newContext({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${base}/stage-dev.html?marks=75`);
    await page.waitForFunction(() => window.__cricspotStage?.ready === true, null, { timeout: 60_000 });
    const drawnAfter = Date.now() - started;
    // The floor this machine gives right now: animation frames with nothing to draw, for 1 s.
    const idle = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const times: number[] = [];
          const tick = (now: number) => {
            times.push(now);
            if (now - times[0]! < 1000) requestAnimationFrame(tick);
            else resolve(times);
          };
          requestAnimationFrame(tick);
        }),
    );
    const idleFrames = idle.slice(1).map((time, i) => time - idle[i]!).sort((a, b) => a - b);
    const result = await page.evaluate(
      (duration) =>
        new Promise<{ times: number[]; renderer: string }>((resolve) => {
          const api = window.__cricspotStage!;
          const { fitScale, maxScale } = api.getView();
          const times: number[] = [];
          const tick = (now: number) => {
            times.push(now);
            const t = (now - times[0]!) / 1000;
            // Zoom between fit and 12x of fit (or the maximum) while the centre circles the picture.
            const zoom = Math.min(maxScale, fitScale * (1 + 5.5 * (1 - Math.cos(t * 2.1))));
            api.zoomTo(zoom, 2048 + 1500 * Math.cos(t * 1.3), 1365 + 900 * Math.sin(t * 1.7));
            if (now - times[0]! < duration) requestAnimationFrame(tick);
            else resolve({ times, renderer: api.rendererType });
          };
          requestAnimationFrame(tick);
        }),
      DURATION_MS,
    );
    const frames = result.times.slice(1).map((time, i) => time - result.times[i]!).sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      device.name.padEnd(22),
      result.renderer.padEnd(10),
      String(frames.length).padStart(7),
      ms(percentile(frames, 0.5)).padStart(10),
      ms(percentile(frames, 0.95)).padStart(10),
      ms(percentile(idleFrames, 0.5)).padStart(12),
      `${drawnAfter} ms`.padStart(12),
    );
    await context.close();
  }
  console.log('Target: median frame under 16.7 ms where WebGL allows. "idle median": frames with nothing to draw (the machine\'s floor at');
  console.log('that moment). "drawn after": navigation to the picture drawn, including the development page generating its picture.');
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}
