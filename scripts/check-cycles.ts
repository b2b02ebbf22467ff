// `npm run cycles` (part of `npm run check`): fails on any import cycle among the project's own
// modules (src, server, domain, machines), type-only imports included, as madge counts them. A
// part never imports its parent back: a split folder keeps what its parts share in a module of
// its own (for example server/services/admin/admin-contests/shared.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const ROOTS = ['src', 'server', 'domain', 'machines'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const files = ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)));
const known = new Set(files);
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** Every project module a file imports: static, type-only, re-exports and dynamic import(). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const resolved = ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule;
    if (resolved && known.has(resolved.resolvedFileName)) targets.push(resolved.resolvedFileName);
  }
  return targets;
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: every component of two or more modules (or one that
// imports itself) is a cycle.
let index = 0;
const indexOf = new Map<string, number>();
const lowOf = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
function visit(file: string): void {
  indexOf.set(file, index);
  lowOf.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      lowOf.set(file, Math.min(lowOf.get(file)!, lowOf.get(next)!));
    } else if (onStack.has(next)) lowOf.set(file, Math.min(lowOf.get(file)!, indexOf.get(next)!));
  }
  if (lowOf.get(file) !== indexOf.get(file)) return;
  const component: string[] = [];
  let member: string;
  do {
    member = stack.pop()!;
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || graph.get(file)!.includes(file)) cycles.push(component);
}
for (const file of files) if (!indexOf.has(file)) visit(file);

const relative = (file: string) => path.relative(root, file);
if (cycles.length === 0) {
  console.log(`No import cycles among ${files.length} modules.`);
} else {
  console.error(`${cycles.length} import cycle(s) (modules that import one another, directly or not):`);
  for (const component of cycles) console.error(`- ${component.map(relative).sort().join(' <-> ')}`);
  process.exitCode = 1;
}
