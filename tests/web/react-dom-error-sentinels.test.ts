import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ReactTypes from 'react';
import { describe, expect, it } from 'vitest';
import {
  MARKER_CODES,
  SENTINEL_DECLARATION,
  SENTINEL_FUNCTION,
  errorSentinels,
} from '../../scripts/react-dom-error-sentinels.ts';

const modules = path.resolve(import.meta.dirname, '../../node_modules');
const clientFile = path.join(modules, 'react-dom/cjs/react-dom-client.production.js');
const clientSource = readFileSync(clientFile, 'utf8');

type ReactModule = typeof ReactTypes;
interface ClientModule {
  createRoot(container: Element): { render(node: unknown): void; unmount(): void };
  hydrateRoot(
    container: Element,
    node: unknown,
    options: { onRecoverableError(error: unknown): void },
  ): { unmount(): void };
}

/**
 * React's production builds as the site ships them: React, the scheduler, React DOM, and React DOM's
 * client from `code` (as shipped, or rewritten), evaluated as CommonJS beside the real file.
 */
function production(code: string): { React: ReactModule; client: ClientModule } {
  const nodeRequire = createRequire(clientFile);
  const files: Record<string, string> = {
    react: path.join(modules, 'react/cjs/react.production.js'),
    scheduler: path.join(modules, 'scheduler/cjs/scheduler.production.js'),
    'react-dom': path.join(modules, 'react-dom/cjs/react-dom.production.js'),
  };
  const load = (name: string): unknown => nodeRequire(files[name] ?? name);
  const module = { exports: {} as ClientModule };
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return { React: load('react') as ReactModule, client: module.exports };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A component that waits for `promise` through `use`: React throws its Suspense marker meanwhile. */
async function suspendsThenShows(code: string): Promise<string[]> {
  const { React, client } = production(code);
  let resolve: (text: string) => void = () => undefined;
  const promise = new Promise<string>((done) => (resolve = done));
  const Waits = () => React.createElement('p', null, React.use(promise));
  const container = document.createElement('div');
  const root = client.createRoot(container);
  const seen: string[] = [];
  root.render(
    React.createElement(
      React.Suspense,
      { fallback: React.createElement('i', null, 'waiting') },
      React.createElement(Waits),
    ),
  );
  await settle();
  seen.push(container.innerHTML);
  resolve('arrived');
  // React shows retried content no sooner than 300 ms after the fallback it replaces.
  for (let waited = 0; waited < 2000 && container.innerHTML === seen[0]; waited += 20) await settle();
  seen.push(container.innerHTML);
  root.unmount();
  return seen;
}

/** Hydrates HTML that differs from the render: React recovers with the client's render. */
async function recoversFromMismatch(code: string): Promise<{ html: string; errors: number }> {
  const { React, client } = production(code);
  const container = document.createElement('div');
  container.innerHTML = '<section>server</section>';
  const errors: unknown[] = [];
  const root = client.hydrateRoot(container, React.createElement('p', null, 'client'), {
    onRecoverableError: (error) => errors.push(error),
  });
  await settle();
  const html = container.innerHTML;
  root.unmount();
  return { html, errors: errors.length };
}

describe("React DOM's evaluation-time markers (issue 29)", () => {
  it('makes each of the five markers with the sentinel, and nothing else', () => {
    const rewritten = errorSentinels(clientSource);
    for (const code of MARKER_CODES) {
      expect(clientSource.includes(`Error(formatProdErrorMessage(${code}))`)).toBe(true);
      expect(rewritten.includes(`Error(formatProdErrorMessage(${code}))`)).toBe(false);
      expect(rewritten.split(`${SENTINEL_FUNCTION}(formatProdErrorMessage(${code}))`)).toHaveLength(2);
    }
    // Errors made when something really goes wrong keep their stack.
    expect(rewritten.includes('Error(formatProdErrorMessage(520), { cause: value })')).toBe(true);
    // The declaration and the five markers.
    expect(rewritten.split(`${SENTINEL_FUNCTION}(`)).toHaveLength(MARKER_CODES.length + 2);
    expect(rewritten.split('"use strict";')[0]).toBe(clientSource.split('"use strict";')[0]);
  });

  it('fails the build when React DOM no longer makes a marker where it did', () => {
    expect(() => errorSentinels(clientSource.replace('Error(formatProdErrorMessage(460))', 'Error("x")'))).toThrow(
      /React DOM changed/,
    );
    expect(() => errorSentinels(clientSource.replace('"use strict";', ''))).toThrow(/React DOM changed/);
  });

  it('makes markers that are Errors by prototype, message and name, with no stack', () => {
    const made = new Function(`${SENTINEL_DECLARATION}; return ${SENTINEL_FUNCTION}('Suspense Exception');`)() as Error;
    expect(made).toBeInstanceOf(Error);
    expect(made.message).toBe('Suspense Exception');
    expect(made.name).toBe('Error');
    expect(String(made)).toBe('Error: Suspense Exception');
    expect(made.stack).toBeUndefined();
  });

  it('suspends and resumes a component as the shipped React DOM does', async () => {
    const shipped = await suspendsThenShows(clientSource);
    expect(shipped).toEqual(['<i>waiting</i>', '<p>arrived</p>']);
    expect(await suspendsThenShows(errorSentinels(clientSource))).toEqual(shipped);
  });

  it('recovers from a hydration mismatch as the shipped React DOM does', async () => {
    const shipped = await recoversFromMismatch(clientSource);
    expect(shipped).toEqual({ html: '<p>client</p>', errors: 1 });
    expect(await recoversFromMismatch(errorSentinels(clientSource))).toEqual(shipped);
  });
});
