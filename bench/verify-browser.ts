// Browser check bench (issue 12): how long the public check page's work takes in Chromium for a
// published contest of 100k entries (BENCH_CHECK_SIZE): the same domain/verification.ts bundled
// for the browser by Vite, the file fetched from 127.0.0.1, JSON.parse plus verifyPublication,
// without and with 4x CPU slow-down (Lighthouse's mid-range phone). Median of 3. Prints figures;
// asserts no timing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { verifyPublication as VerifyPublication } from '../domain/verification.ts';
import { benchPublication } from './support/publication.ts';
import { launchBenchChromium } from './support/quiet-browser.ts';

const SIZE = Number(process.env.BENCH_CHECK_SIZE ?? 100_000);
const root = path.resolve(import.meta.dirname, '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'cricspot-verify-bench-'));

await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    outDir: out,
    emptyOutDir: true,
    minify: true,
    lib: { entry: path.join(root, 'domain/verification.ts'), formats: ['es'], fileName: () => 'verification.js' },
  },
});
const bundle = readFileSync(path.join(out, 'verification.js'));
const file = JSON.stringify({ data: benchPublication(SIZE) });

const server = createServer((request, response) => {
  if (request.url === '/verification.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
  else if (request.url === '/publication.json')
    response.writeHead(200, { 'content-type': 'application/json' }).end(file);
  else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await launchBenchChromium();
try {
  console.log(
    `Browser check: verifyPublication on ${SIZE.toLocaleString('en')} entries in Chromium (file ${(file.length / 1e6).toFixed(1)} MB), median of 3`,
  );
  for (const rate of [1, 4]) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(origin);
    const runs: { parse: number; check: number; ok: boolean }[] = [];
    for (let i = 0; i < 3; i++) {
      runs.push(
        await page.evaluate(async () => {
          const { verifyPublication } = (await import('/verification.js' as string)) as {
            verifyPublication: typeof VerifyPublication;
          };
          const text = await (await fetch('/publication.json')).text();
          const t0 = performance.now();
          const publication = JSON.parse(text).data;
          const t1 = performance.now();
          const report = verifyPublication(publication);
          return { parse: t1 - t0, check: performance.now() - t1, ok: report.ok };
        }),
      );
    }
    if (!runs.every((r) => r.ok)) throw new Error('the publication did not verify in the browser');
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    console.log(
      `| CPU ${rate}x | parse ${median(runs.map((r) => r.parse)).toFixed(0)} ms | check ${median(runs.map((r) => r.check)).toFixed(0)} ms |`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
