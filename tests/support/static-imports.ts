import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

// `import x from '…'`, `import { a, type B } from '…'`, `export … from '…'`, `import '…'`; not
// `import type` nor `export type` (erased), nor `import('…')` (a chunk of its own).
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:([^;'"]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/**
 * The packages the code statically reachable from `entries` (paths from the repository root)
 * imports, by the module of ours that imports each: what the browser must load with those
 * modules, whatever they render. Dynamic imports start chunks of their own and are not followed.
 * Type-only specifiers still count (verbatimModuleSyntax keeps the import).
 */
export function staticPackages(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC)) {
      const specifier = match[2]!;
      if (specifier.startsWith('.')) {
        if (!/\.(css|json|svg)$/.test(specifier)) queue.push(path.resolve(path.dirname(file), specifier));
      } else {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, path.relative(root, file));
      }
    }
  }
  return packages;
}
