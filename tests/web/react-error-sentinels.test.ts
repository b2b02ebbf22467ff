import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ReactTypes from 'react';
import { describe, expect, it } from 'vitest';
import {
  REACT_DOM,
  RECONCILER,
  SENTINEL_DECLARATION,
  SENTINEL_FUNCTION,
  errorSentinels,
} from '../../scripts/react-error-sentinels.ts';

const modules = path.resolve(import.meta.dirname, '../../node_modules');
const clientFile = path.join(modules, 'react-dom/cjs/react-dom-client.production.js');
const clientSource = readFileSync(clientFile, 'utf8');
const reconcilerFile = path.join(modules, 'react-reconciler/cjs/react-reconciler.production.js');
const reconcilerSource = readFileSync(reconcilerFile, 'utf8');

type ReactModule = typeof ReactTypes;
interface ClientModule {
  createRoot(container: Element): { render(node: unknown): void; unmount(): void };
  hydrateRoot(
    container: Element,
    node: unknown,
    options: { onRecoverableError(error: unknown): void },
  ): { unmount(): void };
}

/** React's production builds by the names the renderers require, as the site ships them. */
const PRODUCTION_FILES: Record<string, string> = {
  react: path.join(modules, 'react/cjs/react.production.js'),
  scheduler: path.join(modules, 'scheduler/cjs/scheduler.production.js'),
  'react-dom': path.join(modules, 'react-dom/cjs/react-dom.production.js'),
};

/** A renderer's module from `code` (as shipped, or rewritten), evaluated as CommonJS beside its real `file`. */
function evaluated<Exports>(file: string, code: string): { React: ReactModule; exports: Exports } {
  const nodeRequire = createRequire(file);
  const load = (name: string): unknown => nodeRequire(PRODUCTION_FILES[name] ?? name);
  const module = { exports: {} as Exports };
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return { React: load('react') as ReactModule, exports: module.exports };
}

/** React DOM's client from `code`, with React, the scheduler and React DOM as shipped. */
function production(code: string): { React: ReactModule; client: ClientModule } {
  const { React, exports } = evaluated<ClientModule>(clientFile, code);
  return { React, client: exports };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * A component that waits for a promise through `use` under Suspense (React throws its Suspense
 * marker meanwhile), handed to `render`: what `shown` reads before the promise resolves and after.
 */
async function waitsThenShows(
  React: ReactModule,
  render: (element: unknown) => void,
  shown: () => string,
): Promise<string[]> {
  let resolve: (text: string) => void = () => undefined;
  const promise = new Promise<string>((done) => (resolve = done));
  const Waits = () => React.createElement('p', null, React.use(promise));
  render(
    React.createElement(
      React.Suspense,
      { fallback: React.createElement('i', null, 'waiting') },
      React.createElement(Waits),
    ),
  );
  await settle();
  const seen = [shown()];
  resolve('arrived');
  // React shows retried content no sooner than 300 ms after the fallback it replaces.
  for (let waited = 0; waited < 2000 && shown() === seen[0]; waited += 20) await settle();
  seen.push(shown());
  return seen;
}

/** The waiting component rendered by React DOM's client from `code`. */
async function suspendsThenShows(code: string): Promise<string[]> {
  const { React, client } = production(code);
  const container = document.createElement('div');
  const root = client.createRoot(container);
  const seen = await waitsThenShows(
    React,
    (element) => root.render(element),
    () => container.innerHTML,
  );
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

/** A node of the plain tree the test's renderer draws into. */
interface TreeNode {
  type: string;
  text?: string;
  hidden?: boolean;
  children: TreeNode[];
}

interface ReconcilerModule {
  createContainer(container: TreeNode, tag: number, ...rest: unknown[]): unknown;
  updateContainer(element: unknown, root: unknown, parent: null, callback: null): void;
}

/** The tree as text: an element `[type:children]`, a text its content, hidden nodes left out. */
const printed = (node: TreeNode): string =>
  node.hidden
    ? ''
    : node.type === '#text'
      ? (node.text ?? '')
      : `[${node.type}:${node.children.map(printed).join('')}]`;

/**
 * React's reconciler from `code` (as shipped, or rewritten) with the smallest mutation host config,
 * a tree of plain objects: the renderer @pixi/react makes, without Pixi.
 */
function reconcilerOf(code: string): { React: ReactModule; reconciler: ReconcilerModule } {
  const { React, exports: createReconciler } = evaluated<(config: object) => ReconcilerModule>(reconcilerFile, code);
  const DEFAULT_EVENT_PRIORITY = 32;
  let priority = 0;
  const remove = (parent: TreeNode, child: TreeNode) => parent.children.splice(parent.children.indexOf(child), 1);
  const insert = (parent: TreeNode, child: TreeNode, before: TreeNode) => {
    if (parent.children.includes(child)) remove(parent, child);
    parent.children.splice(parent.children.indexOf(before), 0, child);
  };
  const append = (parent: TreeNode, child: TreeNode) => {
    if (parent.children.includes(child)) remove(parent, child);
    parent.children.push(child);
  };
  const nothing = () => undefined;
  const reconciler = createReconciler({
    supportsMutation: true,
    supportsPersistence: false,
    supportsHydration: false,
    supportsMicrotasks: true,
    scheduleMicrotask: queueMicrotask,
    isPrimaryRenderer: false,
    noTimeout: -1,
    scheduleTimeout: setTimeout,
    cancelTimeout: clearTimeout,
    getRootHostContext: () => ({}),
    getChildHostContext: (context: object) => context,
    getPublicInstance: (instance: TreeNode) => instance,
    createInstance: (type: string): TreeNode => ({ type, children: [] }),
    createTextInstance: (text: string): TreeNode => ({ type: '#text', text, children: [] }),
    appendInitialChild: append,
    appendChild: append,
    appendChildToContainer: append,
    insertBefore: insert,
    insertInContainerBefore: insert,
    removeChild: remove,
    removeChildFromContainer: remove,
    finalizeInitialChildren: () => false,
    shouldSetTextContent: () => false,
    commitTextUpdate: (node: TreeNode, _old: string, text: string) => (node.text = text),
    commitUpdate: nothing,
    hideInstance: (node: TreeNode) => (node.hidden = true),
    unhideInstance: (node: TreeNode) => (node.hidden = false),
    hideTextInstance: (node: TreeNode) => (node.hidden = true),
    unhideTextInstance: (node: TreeNode) => (node.hidden = false),
    clearContainer: (container: TreeNode) => (container.children = []),
    prepareForCommit: () => null,
    resetAfterCommit: nothing,
    preparePortalMount: nothing,
    detachDeletedInstance: nothing,
    getCurrentUpdatePriority: () => priority,
    setCurrentUpdatePriority: (next: number) => (priority = next),
    resolveUpdatePriority: () => priority || DEFAULT_EVENT_PRIORITY,
    resolveEventType: () => null,
    resolveEventTimeStamp: () => -1.1,
    shouldAttemptEagerTransition: () => false,
    requestPostPaintCallback: nothing,
    maySuspendCommit: () => false,
    preloadInstance: () => true,
    startSuspendingCommit: nothing,
    suspendInstance: nothing,
    waitForCommitToBeReady: () => null,
    NotPendingTransition: null,
    HostTransitionContext: React.createContext(null),
    resetFormInstance: nothing,
    getInstanceFromNode: () => null,
    beforeActiveInstanceBlur: nothing,
    afterActiveInstanceBlur: nothing,
    prepareScopeUpdate: nothing,
    getInstanceFromScope: () => null,
    rendererPackageName: 'cricspot-test-renderer',
    rendererVersion: '0.0.0',
  });
  return { React, reconciler };
}

/** The waiting component of suspendsThenShows, rendered by the reconciler from `code` into a plain tree. */
async function reconcilerSuspendsThenShows(code: string): Promise<string[]> {
  const { React, reconciler } = reconcilerOf(code);
  const container: TreeNode = { type: 'root', children: [] };
  const CONCURRENT_ROOT = 1;
  const fail = (error: unknown) => {
    throw error;
  };
  const root = reconciler.createContainer(container, CONCURRENT_ROOT, null, false, null, '', fail, fail, fail, null);
  const seen = await waitsThenShows(
    React,
    (element) => reconciler.updateContainer(element, root, null, null),
    () => container.children.map(printed).join(''),
  );
  reconciler.updateContainer(null, root, null, null);
  await settle();
  return seen;
}

describe.each([
  { renderer: REACT_DOM, source: clientSource },
  { renderer: RECONCILER, source: reconcilerSource },
])("$renderer.name's start-time markers (issue 29)", ({ renderer, source }) => {
  it('makes each marker with the sentinel, and nothing else', () => {
    const rewritten = errorSentinels(source, renderer);
    for (const code of renderer.markerCodes) {
      expect(source.includes(`Error(formatProdErrorMessage(${code}))`)).toBe(true);
      expect(rewritten.includes(`Error(formatProdErrorMessage(${code}))`)).toBe(false);
      expect(rewritten.split(`${SENTINEL_FUNCTION}(formatProdErrorMessage(${code}))`)).toHaveLength(2);
    }
    // Errors made when something really goes wrong keep their stack.
    expect(rewritten.includes('Error(formatProdErrorMessage(520), { cause: value })')).toBe(true);
    // The declaration and the markers.
    expect(rewritten.split(`${SENTINEL_FUNCTION}(`)).toHaveLength(renderer.markerCodes.length + 2);
    expect(rewritten.split('"use strict";')[0]).toBe(source.split('"use strict";')[0]);
  });

  it('fails the build when the renderer no longer makes a marker where it did', () => {
    const changed = `${renderer.name} changed`;
    expect(() => errorSentinels(source.replace('Error(formatProdErrorMessage(460))', 'Error("x")'), renderer)).toThrow(
      changed,
    );
    expect(() => errorSentinels(source.replace('"use strict";', ''), renderer)).toThrow(changed);
  });
});

describe('the markers made by the sentinel (issue 29)', () => {
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
    expect(await suspendsThenShows(errorSentinels(clientSource, REACT_DOM))).toEqual(shipped);
  });

  it('recovers from a hydration mismatch as the shipped React DOM does', async () => {
    const shipped = await recoversFromMismatch(clientSource);
    expect(shipped).toEqual({ html: '<p>client</p>', errors: 1 });
    expect(await recoversFromMismatch(errorSentinels(clientSource, REACT_DOM))).toEqual(shipped);
  });

  it("suspends and resumes a component as the shipped reconciler does (@pixi/react's renderer)", async () => {
    const shipped = await reconcilerSuspendsThenShows(reconcilerSource);
    expect(shipped).toEqual(['[i:waiting]', '[p:arrived]']);
    expect(await reconcilerSuspendsThenShows(errorSentinels(reconcilerSource, RECONCILER))).toEqual(shipped);
  });
});
