// Issue 29: axios's fetch adapter is not made (its tests of the browser's fetch support) when the
// site's HTTP client is evaluated; it still is on demand. A real Vite build of a small app that
// sends with axios, with and without the site's build step, run in this page.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { pureAxiosFetchAdapter, pureDefaultFetchAdapter } from '../../scripts/axios-fetch-probe.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cricspot-axios-fetch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Builds a page whose script sends with axios (as src/api/http.ts does), with `plugins`; returns its script's path. */
async function builtApp(name: string, plugins: Plugin[]): Promise<string> {
  const root = path.join(scratch, name);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.ts"></script>');
  writeFileSync(
    path.join(root, 'src/main.ts'),
    [
      "import axios from 'axios';",
      "const api = axios.create({ baseURL: '/api/v1' });",
      '(globalThis as unknown as { __api: unknown; __axios: unknown }).__api = api;',
      '(globalThis as unknown as { __api: unknown; __axios: unknown }).__axios = axios;',
    ].join('\n'),
  );
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { axios: path.resolve(import.meta.dirname, '../../node_modules/axios/index.js') } },
    plugins,
    build: { outDir: 'dist', minify: true, modulePreload: false },
  });
  const assets = path.join(root, 'dist/assets');
  const script = readdirSync(assets).find((file) => file.endsWith('.js'));
  if (!script) throw new Error('the build wrote no script');
  return path.join(assets, script);
}

/** Runs the built script in this page (one file, no imports or exports: evaluated as a function body). */
function run(script: string): void {
  const code = readFileSync(script, 'utf8');
  if (/^\s*(import|export)\b/m.test(code)) throw new Error('the built script imports or exports: run it as a module');
  new Function(code)();
}

const original = globalThis.Request;
let made = 0;
/** Counts the Requests made in this page from now on (axios's fetch support test makes one). */
function countRequests(): void {
  made = 0;
  globalThis.Request = class extends original {
    constructor(...args: ConstructorParameters<typeof Request>) {
      super(...args);
      made += 1;
    }
  };
}
afterEach(() => {
  globalThis.Request = original;
});

describe("axios's fetch adapter (scripts/axios-fetch-probe.ts)", () => {
  it('is made, testing fetch, when axios is evaluated as axios ships it', { timeout: 60_000 }, async () => {
    const script = await builtApp('as-shipped', []);
    countRequests();
    run(script);
    expect(made).toBeGreaterThan(0);
  });

  it('is not made when the site sends by XHR, and still is on demand', { timeout: 60_000 }, async () => {
    const script = await builtApp('site', [pureAxiosFetchAdapter()]);
    expect(readFileSync(script, 'utf8')).toContain('duplex');
    countRequests();
    run(script);
    expect(made).toBe(0);
    const { __axios: axios } = globalThis as unknown as {
      __axios: { getAdapter(name: string): unknown };
    };
    expect(typeof axios.getAdapter('fetch')).toBe('function');
    expect(made).toBeGreaterThan(0);
  });

  it('fails the build when an axios upgrade changed the line it rewrites', () => {
    const source = readFileSync(
      path.resolve(import.meta.dirname, '../../node_modules/axios/lib/adapters/fetch.js'),
      'utf8',
    );
    expect(pureDefaultFetchAdapter(source)).toContain('const adapter = /* @__PURE__ */ getFetch();');
    expect(() => pureDefaultFetchAdapter(source.replace('const adapter = getFetch();', 'const adapter = x;'))).toThrow(
      /axios changed adapters\/fetch\.js/,
    );
  });
});
