// Two builds of the web app compared on bench/stage-ready.ts, interleaved (issue 29): on a shared
// machine the stage's figures drift by more than most changes move them (the forty-sixth session:
// the same build's engine ready after load 543 ms one evening, 990 the next morning), so a change is
// judged against the build before it measured in the same minutes, never against yesterday's note.
//
//   npx vite build --outDir /tmp/build-a --emptyOutDir     (the build before the change)
//   npx vite build --outDir /tmp/build-b --emptyOutDir     (with it)
//   node bench/stage-compare.ts /tmp/build-a /tmp/build-b
//
// Each round runs the stage bench once on each build (DIST_DIR), A then B, the next round B then A,
// so a machine slowing down through the rounds weighs on both alike. The stage bench's own settings
// pass through: BENCH_STAGE_RUNS (loads per screen and run, 8), BENCH_STAGE_PAGES, and
// BENCH_STAGE_COMPOSITORS (here `gl` unless set: SwiftShader's OpenGL, where the INP tail is).
// BENCH_COMPARE_ROUNDS sets the rounds (3). Prints each row's pooled median and p90 for both builds,
// and for a row with a target how many loads were over it; figures only, no verdict on the change.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { comparisonLines, poolRows, type StageRow } from './support/stage-rows.ts';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);

const builds = process.argv.slice(2, 4).map((dir) => path.resolve(dir));
if (builds.length !== 2 || process.argv.length > 4) {
  console.error('usage: node bench/stage-compare.ts BUILD_A BUILD_B   (two folders made by `npx vite build --outDir`)');
  process.exit(2);
}
for (const dir of builds) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`stage-compare: ${dir} holds no build (no index.html): make it with npx vite build --outDir ${dir}`);
    process.exit(2);
  }
}
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error(
    `stage-compare: BENCH_COMPARE_ROUNDS must be a whole number of 1 or more, not ${process.env.BENCH_COMPARE_ROUNDS}`,
  );
  process.exit(2);
}

const NAMES = ['A', 'B'] as const;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cricspot-stage-compare-'));

/** One run of the stage bench on `dir`: its rows, and its lines on the machine's speed. */
function stageRun(dir: string, json: string): Promise<{ rows: StageRow[]; machine: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bench', 'stage-ready.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DIST_DIR: dir,
        BENCH_STAGE_JSON: json,
        BENCH_STAGE_COMPOSITORS: process.env.BENCH_STAGE_COMPOSITORS ?? 'gl',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`stage-compare: the stage bench on ${dir} exited with ${code}`));
      const machine = out.split('\n').filter((text) => text.includes('this machine'));
      resolve({ rows: JSON.parse(readFileSync(json, 'utf8')) as StageRow[], machine });
    });
  });
}

const runs: StageRow[][][] = [[], []];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const { rows, machine } = await stageRun(builds[which]!, path.join(scratch, `${which}-${round}.json`));
      runs[which]!.push(rows);
      console.log(`round ${round + 1}, build ${NAMES[which]}: done ${new Date().toISOString().slice(11, 19)}`);
      for (const text of machine) console.log(`  ${text.trim()}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const [a, b] = runs.map((each) => poolRows(each));
console.log(
  `\nA: ${builds[0]}\nB: ${builds[1]}\n${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, loads pooled (ms, median / p90; over: loads over the row's target)`,
);
for (const text of comparisonLines(a!, b!)) console.log(text);
