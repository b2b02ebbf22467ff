// Issue 29: every chunk of the browser's build starts with V8's compile hint, on its first line
// (above Vite's list of a lazy import's files), with compressed copies that match it and source
// maps that still point at the right lines. A real Vite build of a small app with the site's
// plugins for it (the hint, then the compression).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { describe, expect, it, onTestFinished } from 'vitest';
import { COMPILE_HINT, compileHints, hintFirst } from '../../scripts/compile-hints.ts';

const DEPS = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js"])))=>i.map(i=>d[i]);';

describe('hintFirst', () => {
  it("moves the hint above Vite's list of files", () => {
    expect(hintFirst(`${DEPS}\n${COMPILE_HINT}\nimport "./x.js";`)).toBe(`${COMPILE_HINT}\n${DEPS}\nimport "./x.js";`);
  });

  it('leaves a chunk alone whose first line is the hint, or that has no list of files', () => {
    const first = `${COMPILE_HINT}\nexport const a = 1;`;
    expect(hintFirst(first)).toBe(first);
    expect(hintFirst('export const a = 1;')).toBe('export const a = 1;');
    expect(hintFirst(`${DEPS}\nexport const a = 1;`)).toBe(`${DEPS}\nexport const a = 1;`);
  });
});

describe('a build with the hint', () => {
  it('puts it first in every chunk, with matching compressed copies and source maps', { timeout: 60_000 }, async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cricspot-hints-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.ts"></script>');
    // Enough code in each file that its compressed copies are smaller than it (the plugin keeps only those).
    const filler = (name: string) =>
      [
        ...Array.from(
          { length: 40 },
          (_, i) => `export function ${name}${i}(x: number) { return x * ${i} + ${name.length}; }`,
        ),
        `export const ${name}Words = ${JSON.stringify(`${name} cricket `.repeat(200))};`,
      ].join('\n');
    writeFileSync(path.join(root, 'src/shared.ts'), `${filler('shared')}\nexport const sharedMark = 'shared-mark';`);
    writeFileSync(
      path.join(root, 'src/a.ts'),
      `import { sharedMark, shared3 } from './shared.ts';\n${filler('a')}\nexport const aMark = sharedMark + shared3(2);`,
    );
    writeFileSync(
      path.join(root, 'src/b.ts'),
      `import { sharedMark } from './shared.ts';\n${filler('b')}\nexport const bMark = sharedMark;`,
    );
    writeFileSync(
      path.join(root, 'src/main.ts'),
      `${filler('main')}\nexport const loadA = () => import('./a.ts');\nexport const loadB = () => import('./b.ts');\n(window as unknown as { go: unknown }).go = [loadA, loadB, main1, mainWords];`,
    );
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [
        compileHints(),
        compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 0, logLevel: 'silent' }),
      ],
      build: { outDir: 'dist', sourcemap: true, manifest: true },
    });
    const assets = path.join(root, 'dist/assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    // The entry lazily imports chunks that import another: Vite wrote its list of files in it.
    expect(scripts.some((name) => readFileSync(path.join(assets, name), 'utf8').includes('__vite__mapDeps'))).toBe(
      true,
    );
    for (const name of scripts) {
      const code = readFileSync(path.join(assets, name), 'utf8');
      expect(code.split('\n')[0], name).toBe(COMPILE_HINT);
      expect(code.indexOf(COMPILE_HINT, 1), name).toBe(-1);
      // The compressed copies (the plugin keeps one only where it is smaller) are the file as served.
      const copy = (suffix: string) => path.join(assets, `${name}${suffix}`);
      if (existsSync(copy('.br'))) expect(brotliDecompressSync(readFileSync(copy('.br'))).toString(), name).toBe(code);
      if (existsSync(copy('.gz'))) expect(gunzipSync(readFileSync(copy('.gz'))).toString(), name).toBe(code);
      if (code.includes('__vite__mapDeps'))
        expect([existsSync(copy('.br')), existsSync(copy('.gz'))]).toEqual([true, true]);
      // Neither the hint's line nor Vite's list maps to a source line.
      const map = JSON.parse(readFileSync(path.join(assets, `${name}.map`), 'utf8')) as { mappings: string };
      const lines = code.split('\n');
      const mappedLines = map.mappings.split(';');
      lines.forEach((line, index) => {
        if (line === COMPILE_HINT || line.startsWith('const __vite__mapDeps='))
          expect(mappedLines[index] ?? '', name).toBe('');
      });
    }
    // Where a mapped line names a source, it is the line the build says: the shared chunk's mark.
    const sharedChunk = scripts.find((name) => readFileSync(path.join(assets, name), 'utf8').includes('shared-mark'))!;
    const code = readFileSync(path.join(assets, sharedChunk), 'utf8');
    const map = JSON.parse(readFileSync(path.join(assets, `${sharedChunk}.map`), 'utf8')) as { mappings: string };
    const markLine = code.split('\n').findIndex((line) => line.includes('shared-mark'));
    expect(map.mappings.split(';')[markLine]).not.toBe('');
  });
});
