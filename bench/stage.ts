// The picture stage in headless Chromium: its lazy chunk's size, frame times while zooming and
// panning, and what it draws while nothing changes. The stage's development page (a 4096 px
// picture, 75 marks) is built for production with the stage's test API, zoomed and panned
// continuously for 3 s, then left alone for 2 s. Figures are for comparing versions of our code
// on this machine (no GPU: Chromium draws in software), not promises about phones.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';
import { launchBenchChromium } from './support/quiet-browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-stage-bench-'));
const DURATION_MS = 3000;
const IDLE_MS = 2000;

interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  moduleIds?: string[];
  modules?: Record<string, unknown>;
}

// The stage page alone, without the site's build plugins (its pre-render needs the site's index.html).
process.env.VITE_TEST_API = '1';
const built = await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, sourcemap: false, rollupOptions: { input: path.join(root, 'stage-dev.html') } },
});
const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) =>
  'output' in result ? (result.output as unknown as BuiltChunk[]) : [],
);
const chunks = outputs.filter((item) => item.type === 'chunk' && item.code !== undefined);
const idsOf = (chunk: BuiltChunk) => chunk.moduleIds ?? Object.keys(chunk.modules ?? {});
const sizes = (code: string) => ({
  raw: Buffer.byteLength(code),
  gzip: gzipSync(code, { level: 9 }).length,
  brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
// The stage chunk: the lazily loaded one that starts Pixi (it imports scene/eval-free.ts first).
const stageChunk = chunks.find((chunk) => idsOf(chunk).some((id) => id.includes('src/stage/scene/eval-free.ts')));
const pixiChunks = chunks.filter((chunk) =>
  idsOf(chunk).some((id) => /node_modules\/(pixi\.js|@pixi\/react)\//.test(id)),
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await preview({
  root,
  configFile: false,
  logLevel: 'warn',
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1', strictPort: false },
});
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;

const browser = await launchBenchChromium();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

/**
 * Counts the frames in which the page drew anything, with WebGL (a clear or a draw call) or on a 2D
 * canvas (a clear, a fill, a stroke or an image), whoever drew it: the same count for any version
 * and renderer of the stage, with or without a test API.
 */
const countDrawFrames = () => {
  const state = { draws: 0, frames: 0, lastFrame: -1, frame: 0 };
  (window as unknown as { __benchDraws: typeof state }).__benchDraws = state;
  const tick = () => {
    state.frame++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const drawing: Array<[object, string[]]> = [
    [
      WebGL2RenderingContext.prototype,
      ['clear', 'drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced'],
    ],
    [WebGLRenderingContext.prototype, ['clear', 'drawElements', 'drawArrays']],
    [CanvasRenderingContext2D.prototype, ['clearRect', 'fillRect', 'fill', 'stroke', 'drawImage', 'fillText']],
  ];
  for (const [proto, names] of drawing as Array<[Record<string, unknown>, string[]]>) {
    for (const name of names) {
      const original = proto[name] as ((...args: unknown[]) => unknown) | undefined;
      if (!original) continue;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        state.draws++;
        if (state.lastFrame !== state.frame) {
          state.lastFrame = state.frame;
          state.frames++;
        }
        return original.apply(this, args);
      };
    }
  }
};

try {
  console.log(
    'Picture stage: lazy chunk, frame times (zoom and pan continuously for 3 s, 4096 x 2730 picture, 75 marks), idle drawing',
  );
  if (stageChunk) {
    const size = sizes(stageChunk.code!);
    console.log(
      `stage chunk ${stageChunk.fileName}: ${kb(size.raw)} raw, ${kb(size.gzip)} gzip, ${kb(size.brotli)} brotli`,
    );
  } else console.log('stage chunk: not found (no chunk holds pixi.js/unsafe-eval)');
  const all = pixiChunks
    .map((chunk) => sizes(chunk.code!))
    .reduce(
      (sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  console.log(
    `every chunk holding Pixi or @pixi/react (${pixiChunks.length}, some loaded only for the detected renderer): ${kb(all.raw)} raw, ${kb(all.gzip)} gzip, ${kb(all.brotli)} brotli`,
  );
  console.log(
    `(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}: software drawing slows down as the machine gets busier)`,
  );
  console.log(
    'viewport'.padEnd(22),
    'renderer'.padEnd(10),
    'frames'.padStart(7),
    'median'.padStart(10),
    'p95'.padStart(10),
    'idle median'.padStart(12),
    'drawn after'.padStart(12),
    'idle renders'.padStart(13),
  );
  for (const device of [
    { name: 'laptop 1280x800 @1x', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    { name: 'phone 360x740 @2x', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 },
  ]) {
    const context = await browser.newContext({
      viewport: device.viewport,
      deviceScaleFactor: device.deviceScaleFactor,
    });
    await context.addInitScript(countDrawFrames);
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
    const idleFrames = idle
      .slice(1)
      .map((time, i) => time - idle[i]!)
      .sort((a, b) => a - b);
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
    // Nothing changes now: after two frames to settle (the last zoom's frame, a variant's upload),
    // count the frames that drew anything for IDLE_MS.
    const idleRenders = await page.evaluate(
      (ms) =>
        new Promise<number>((resolve) => {
          const drawn = (window as unknown as { __benchDraws: { frames: number } }).__benchDraws;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              setTimeout(() => {
                const before = drawn.frames;
                setTimeout(() => resolve(drawn.frames - before), ms);
              }, 500);
            }),
          );
        }),
      IDLE_MS,
    );
    const frames = result.times
      .slice(1)
      .map((time, i) => time - result.times[i]!)
      .sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      device.name.padEnd(22),
      result.renderer.padEnd(10),
      String(frames.length).padStart(7),
      ms(percentile(frames, 0.5)).padStart(10),
      ms(percentile(frames, 0.95)).padStart(10),
      ms(percentile(idleFrames, 0.5)).padStart(12),
      `${drawnAfter} ms`.padStart(12),
      String(idleRenders).padStart(13),
    );
    await context.close();
  }
  console.log(
    'Target: median frame under 16.7 ms where the machine allows; idle renders 0. "idle median": frames with nothing to draw (the',
  );
  console.log(
    'machine\'s floor at that moment). "drawn after": navigation to the picture drawn, including the development page',
  );
  console.log(
    `generating its picture. "idle renders": frames that drew anything (WebGL or 2D canvas) in ${IDLE_MS / 1000} s left alone after the zoom and pan.`,
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}
