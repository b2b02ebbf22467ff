/**
 * A page's timers end with the page. In Vitest's jsdom environment `window` is Node's global and
 * its timers are Node's, which outlive the file's environment: a timer a module set once for the
 * page (the stage's background start, loadSceneWhenIdle in src/stage/scene-loader.ts, is never
 * cancelled, as in a browser it needs not be) fired after the teardown had removed `window`, an
 * unhandled "ReferenceError: window is not defined" that failed CI's vitest run with every test
 * passed. Every timeout and interval set while a file runs is cleared after its last hook, as a
 * browser clears a closed page's.
 */
import { afterAll } from 'vitest';

const timers = new Set<unknown>();
const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;

function tracked<F extends (...args: never[]) => unknown>(real: F): F {
  return Object.assign(function (this: unknown, ...args: Parameters<F>) {
    const id = Reflect.apply(real, globalThis, args);
    timers.add(id);
    return id;
  }, real) as unknown as F;
}

globalThis.setTimeout = tracked(realSetTimeout);
globalThis.setInterval = tracked(realSetInterval);

// Registered first, so with Vitest's stacked hooks it runs after the test file's own afterAll.
afterAll(() => {
  for (const id of timers) {
    clearTimeout(id as Parameters<typeof clearTimeout>[0]);
    clearInterval(id as Parameters<typeof clearInterval>[0]);
  }
  timers.clear();
});
