// `npm run bench`: every benchmark in turn. Each prints its own figures; none asserts timing.
// A timed bench waits for the machine to be quiet first (the one before it still weighs on it).
import { execFileSync } from 'node:child_process';
import { waitForQuiet } from './support/quiet.ts';

/** Benches that count bytes, not time: they need no quiet machine. */
const UNTIMED = new Set(['./bundle.ts', './wire.ts']);
const benches = [
  './bundle.ts',
  './wire.ts',
  './lighthouse.ts',
  './stage.ts',
  './stage-ready.ts',
  './time-to-picture.ts',
  './layout-shifts.ts',
  './confirmations.ts',
  './ranking.ts',
  './verification.ts',
  './verify-browser.ts',
  './contest-scale.ts',
  './memory.ts',
];
for (const bench of benches) {
  console.log(`\n# ${bench}`);
  if (!UNTIMED.has(bench)) console.log(`  before it: ${await waitForQuiet()}`);
  execFileSync(process.execPath, [new URL(bench, import.meta.url).pathname], { stdio: 'inherit' });
}
