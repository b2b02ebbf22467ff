// Prints the JavaScript and CSS each route costs a first-time visitor (gzip), from the real build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from '../scripts/ensure-built.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export let deferredAfterPaint = { js: 0, files: 0 };

export function bundleReport(): Array<{ route: string; js: number; css: number; files: number }> {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const screens: Record<string, string> = {
    '/ (home)': 'src/screens/home/HomePage.tsx',
    '/rules and other info pages': 'src/screens/info/InfoPage.tsx',
    '/contact_us': 'src/screens/contact/ContactPage.tsx',
    '404': 'src/screens/not-found/NotFoundPage.tsx',
  };
  const deferred = 'src/app/watchers/Watchers.tsx';
  if (manifest[deferred]) {
    const before = staticClosure(entryKey);
    const extra = [...staticClosure(deferred)].filter((key) => !before.has(key)).map((key) => manifest[key]!);
    deferredAfterPaint = { js: extra.reduce((sum, chunk) => sum + gz(chunk.file), 0), files: extra.length };
  }
  return Object.entries(screens)
    .filter(([, src]) => manifest[src])
    .map(([route, src]) => {
      const keys = new Set([...staticClosure(entryKey), ...staticClosure(src)]);
      const files = [...keys].map((key) => manifest[key]!);
      const css = new Set(files.flatMap((chunk) => chunk.css ?? []));
      return { route, js: files.reduce((sum, chunk) => sum + gz(chunk.file), 0), css: [...css].reduce((sum, file) => sum + gz(file), 0), files: files.length };
    });
}

if (import.meta.main) {
  ensureBuilt();
  console.log('First-visit cost per route (gzip; entry chunk + the route screen and their static imports)');
  console.log('route'.padEnd(32), 'JS'.padStart(10), 'CSS'.padStart(10), 'chunks'.padStart(8));
  for (const row of bundleReport()) console.log(row.route.padEnd(32), kb(row.js).padStart(10), kb(row.css).padStart(10), String(row.files).padStart(8));
  console.log(`Loaded after the first paint on every page (session and version watchers, dialog): ${kb(deferredAfterPaint.js)} in ${deferredAfterPaint.files} chunks`);
  console.log('Target: home route below 150 KB of JavaScript (gzip) before the first paint.');
}
