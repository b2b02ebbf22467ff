// `npm run bench`: every benchmark in turn. Each prints its own figures; none asserts timing.
const benches = [
  './bundle.ts',
  './wire.ts',
  './lighthouse.ts',
  './stage.ts',
  './stage-ready.ts',
  './time-to-picture.ts',
  './confirmations.ts',
  './ranking.ts',
  './verification.ts',
  './verify-browser.ts',
  './contest-scale.ts',
  './memory.ts',
];
for (const bench of benches) {
  console.log(`\n# ${bench}`);
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, [new URL(bench, import.meta.url).pathname], { stdio: 'inherit' });
}
