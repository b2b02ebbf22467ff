import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { flushInMicrotasks, startWithoutPriority } from '../../scripts/pixi-react-priorities.ts';

const root = path.resolve(import.meta.dirname, '../..');
const shipped = path.join(root, 'node_modules/@pixi/react/lib');
// Copies of @pixi/react's modules, under node_modules so that theirs (react-reconciler, pixi.js) resolve.
const scratch = path.join(root, 'node_modules/.cache', `pixi-react-priorities-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Reconciler {
  createContainer(...args: unknown[]): unknown;
  updateContainer(element: unknown, container: unknown, parent: null, callback: null): void;
}
interface PixiReact {
  reconciler: Reconciler;
  root: { children: Array<{ label: string }> };
}

let copies = 0;
/** @pixi/react's reconciler as shipped or with this step's rewrites, a root for it, and the Pixi classes it renders. */
async function load(rewritten: boolean): Promise<PixiReact & { container: unknown }> {
  const dir = path.join(scratch, String((copies += 1)));
  mkdirSync(dir, { recursive: true });
  cpSync(shipped, dir, { recursive: true });
  // As a bundler resolves it: Node's own resolution wants the file's extension (react-reconciler has no exports map).
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mjs'))) {
    const copy = path.join(dir, file);
    writeFileSync(
      copy,
      readFileSync(copy, 'utf8').replaceAll("'react-reconciler/constants'", "'react-reconciler/constants.js'"),
    );
  }
  if (rewritten) {
    const store = path.join(dir, 'store.mjs');
    writeFileSync(store, startWithoutPriority(readFileSync(store, 'utf8')));
    const reconciler = path.join(dir, 'core/reconciler.mjs');
    writeFileSync(reconciler, flushInMicrotasks(readFileSync(reconciler, 'utf8')));
  }
  const url = (file: string) => pathToFileURL(path.join(dir, file)).href;
  const { reconciler } = (await import(url('core/reconciler.mjs'))) as { reconciler: Reconciler };
  const { extend } = (await import(url('helpers/extend.mjs'))) as { extend(classes: object): void };
  const { prepareInstance } = (await import(url('helpers/prepareInstance.mjs'))) as {
    prepareInstance<T>(instance: T): T;
  };
  const { Container } = await import('pixi.js');
  extend({ Container });
  const stage = prepareInstance(new Container());
  const { ConcurrentRoot } = (await import('react-reconciler/constants.js')) as { ConcurrentRoot: number };
  const noop = () => undefined;
  const container = reconciler.createContainer(stage, ConcurrentRoot, null, false, null, '', noop, noop, noop, null);
  return { reconciler, root: stage as unknown as PixiReact['root'], container };
}

const drain = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Renders a container labelled `label` as if during a browser event of `type` (window.event), or outside any event. */
function renderDuring(pixi: PixiReact & { container: unknown }, label: string, type: string | null): void {
  const scope = globalThis as { window?: unknown };
  const before = scope.window;
  scope.window = { event: type === null ? undefined : { type } };
  try {
    pixi.reconciler.updateContainer(createElement('pixiContainer', { label }), pixi.container, null, null);
  } finally {
    scope.window = before;
  }
}

describe("@pixi/react's update priorities (scripts/pixi-react-priorities.ts)", () => {
  it('as shipped, takes an update made during a pointerup only in a later task', async () => {
    const pixi = await load(false);
    renderDuring(pixi, 'tapped', 'pointerup');
    await drain();
    expect(pixi.root.children).toHaveLength(0);
    await nextTasks();
    expect(pixi.root.children.map((child) => child.label)).toEqual(['tapped']);
  });

  it('rewritten, takes an update made during a pointerup within that task (its microtasks)', async () => {
    const pixi = await load(true);
    renderDuring(pixi, 'tapped', 'pointerup');
    await drain();
    expect(pixi.root.children.map((child) => child.label)).toEqual(['tapped']);
  });

  it('rewritten, still takes an update made outside any event in a later task', async () => {
    const pixi = await load(true);
    renderDuring(pixi, 'loaded', null);
    await drain();
    expect(pixi.root.children).toHaveLength(0);
    await nextTasks();
    expect(pixi.root.children.map((child) => child.label)).toEqual(['loaded']);
  });

  it('fails rather than ship @pixi/react unrewritten when its code changed', () => {
    expect(() => startWithoutPriority('export const store = {};')).toThrow(/changed store\.mjs/);
    expect(() => flushInMicrotasks('const config = {};')).toThrow(/changed reconciler\.mjs/);
    const reconciler = readFileSync(path.join(shipped, 'core/reconciler.mjs'), 'utf8');
    expect(() => flushInMicrotasks(flushInMicrotasks(reconciler))).toThrow(/may be done/);
  });
});
