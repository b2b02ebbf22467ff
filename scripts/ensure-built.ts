import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// scripts/ holds the build's own steps (vite.config.ts imports them: chunk groups, prerender, icons).
const WEB_SOURCES = ['src', 'public', 'domain', 'machines', 'scripts', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export interface BuildOptions {
  /** Output directory relative to the repository root (default dist). */
  outDir?: string;
  /** Extra environment for the build, e.g. { VITE_TEST_API: '1' } for the test build. */
  env?: Record<string, string>;
}

/** Builds the web app when there is no build or a web source is newer than it. */
export function ensureBuilt(options: BuildOptions = {}): void {
  const outDir = options.outDir ?? 'dist';
  const stamp = path.join(root, outDir, 'meta.json');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(...WEB_SOURCES.map(newestMtime));
  if (builtAt > sourcesAt) return;
  console.log(
    builtAt ? 'Web sources changed since the last build; rebuilding...' : 'Building the web app (first run)...',
  );
  const outArgs = outDir === 'dist' ? [] : ['--outDir', outDir, '--emptyOutDir'];
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', ...outArgs],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...options.env },
    },
  );
}
