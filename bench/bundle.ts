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
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
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
      return {
        route,
        js: files.reduce((sum, chunk) => sum + gz(chunk.file), 0),
        css: [...css].reduce((sum, file) => sum + gz(file), 0),
        files: files.length,
      };
    });
}

/**
 * The picture stage's cost, loaded lazily on the game routes: the chunks its import (the React
 * part, then the scene with Pixi and @pixi/react, which it imports when the stage starts) adds to what the entry
 * already loaded, and the chunks Pixi imports at start-up (renderer, browser extensions; only the
 * detected renderer's chunk is fetched).
 */
export function stageChunkReport(): { js: number; files: number; dynamic: Array<{ file: string; js: number }> } | null {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const stageKeys = ['src/stage/PictureStage.tsx', 'src/stage/scene/StageCanvas.tsx'];
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!stageKeys.every((key) => manifest[key]) || !entryKey) return null;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = closure(entryKey);
  const stage = [...new Set(stageKeys.flatMap((key) => [...closure(key)]))].filter((key) => !entry.has(key));
  const loaded = new Set([...entry, ...stage]);
  const dynamic = new Set<string>();
  for (const key of stage)
    for (const dep of manifest[key]?.dynamicImports ?? [])
      for (const k of closure(dep)) if (!loaded.has(k)) dynamic.add(k);
  return {
    js: stage.reduce((sum, key) => sum + gz(manifest[key]!.file), 0),
    files: stage.length,
    dynamic: [...dynamic]
      .map((key) => ({ file: manifest[key]!.file, js: gz(manifest[key]!.file) }))
      .sort((a, b) => b.js - a.js),
  };
}

/**
 * The console (/admin) is a section of its own: its chunks and every module only it uses must stay
 * out of what a player's routes load. Returns the console's own cost and the modules that leaked.
 */
export function consoleSectionReport(): { js: number; files: number; leaked: string[] } | null {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const consoleKey = 'src/screens/admin/AdminSection.tsx';
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!manifest[consoleKey] || !entryKey) return null;
  const closure = (key: string, seen = new Set<string>(), follow: 'imports' | 'all' = 'imports'): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen, follow);
    if (follow === 'all')
      for (const dep of manifest[key]?.dynamicImports ?? []) if (dep !== consoleKey) closure(dep, seen, follow);
    return seen;
  };
  // Everything a player can ever load: the entry and every lazy route except the console.
  const player = closure(entryKey, new Set(), 'all');
  const consoleOnly = [...closure(consoleKey, new Set(), 'all')].filter((key) => !player.has(key));
  const leaked = [...player].filter((key) => key.startsWith('src/screens/admin/') || key === 'src/api/admin.ts');
  return { js: consoleOnly.reduce((sum, key) => sum + gz(manifest[key]!.file), 0), files: consoleOnly.length, leaked };
}

if (import.meta.main) {
  ensureBuilt();
  console.log('First-visit cost per route (gzip; entry chunk + the route screen and their static imports)');
  console.log('route'.padEnd(32), 'JS'.padStart(10), 'CSS'.padStart(10), 'chunks'.padStart(8));
  for (const row of bundleReport())
    console.log(row.route.padEnd(32), kb(row.js).padStart(10), kb(row.css).padStart(10), String(row.files).padStart(8));
  // The watchers are a lazy import; a browser may well fetch them before it paints, so this says
  // only what they weigh. bench/wire.ts measures in Chromium what arrives before and after paint.
  console.log(
    `Watchers chunk (session and version watchers, popups; a lazy import on every page): ${kb(deferredAfterPaint.js)} in ${deferredAfterPaint.files} chunks; bytes before and after the first paint: bench/wire.ts`,
  );
  console.log('Target: home route below 150 KB of JavaScript (gzip) before the first paint.');
  const stage = stageChunkReport();
  if (stage) {
    console.log(`Picture stage (lazy, game routes only): ${kb(stage.js)} in ${stage.files} chunks on top of the entry`);
    console.log(
      `  plus Pixi's own lazy imports at start-up (environment, renderer; fetched as needed): ${stage.dynamic.map((chunk) => `${path.basename(chunk.file)} ${kb(chunk.js)}`).join(', ')}`,
    );
  }
  const consoleSection = consoleSectionReport();
  if (consoleSection) {
    console.log(
      `Operator console (/admin, lazy): ${kb(consoleSection.js)} in ${consoleSection.files} chunks that no player route loads`,
    );
    console.log(
      consoleSection.leaked.length
        ? `  LEAKED into player routes: ${consoleSection.leaked.join(', ')}`
        : '  console modules in any player route: none',
    );
  }
}
