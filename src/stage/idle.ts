/**
 * Scheduling for the stage's start-up (issues 13, 29): the engine and Pixi start in the background
 * once the page has loaded, settled and the browser is idle, or at once when the player reaches
 * for the picture, and each step of the start (Pixi's code, React's reconciler, the scene, the
 * renderer, the picture's decode, the first frame) is a task of its own that yields to input in
 * between (nextQuietTask, shared/yield-to-browser.ts), so no single task holds a tap for long, and
 * none starts between a tap's pointerdown and its frame.
 */

/**
 * How long after the load event background work (the session and version watchers) may start by
 * itself: the picture, the hints and the page's own start-up go first.
 */
export const SETTLE_MS = 3000;

/**
 * The same for the stage's engine, which a player who reaches for the picture starts at once.
 * Issue 29 first measured 100 ms here: the engine was ready sooner, but its start-up's long tasks
 * (one chunk evaluation of 170-700 ms, the WebGL renderer's shaders) fell inside Lighthouse's Total
 * Blocking Time window, so it waited 3 s. Drawn on a 2D canvas and evaluated in steps, it waited
 * 1 s (with 0 ms the play screen's TBT was then 213 ms). With the steps shorter still (Pixi's text
 * metrics no longer make an Intl.Segmenter) and the wait counted from the load, Lighthouse measured
 * (median of 3) a TBT of 28 ms on the quick game and 72 ms on the play screen with 250 ms, 59 and
 * 83 ms with 500 ms, and 49 and 158 ms with 0 ms; the limit is 150.
 */
export const STAGE_SETTLE_MS = 250;

/**
 * The wait before the engine's code is fetched again after `failures` failed fetches (a patchy
 * network): 2 s, 4 s, 8 s, 16 s, then every 30 s.
 */
export function engineRetryMs(failures: number): number {
  return Math.min(30_000, 2000 * 2 ** failures);
}

/** How long the stage waits for an idle moment once the page has settled, at most. */
const IDLE_TIMEOUT_MS = 2000;

/** Calls `callback` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function onIdle(callback: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: a short timer lets the first paint and input go first.
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

/**
 * Calls `callback` in a task of the lowest priority (the Prioritized Task Scheduling API's
 * `scheduler.postTask`, 'background'): as soon as the browser has nothing more urgent to run (input,
 * rendering, the page's own tasks), without waiting, as requestIdleCallback does, for an idle
 * period that the browser grants only between frames it expects to draw. Where the browser has no
 * postTask (Safari), once idle (onIdle). A background task may wait while more urgent work keeps
 * coming: as an idle callback, it runs after `timeoutMs` at the latest. Returns a cancel.
 *
 * The stage's engine loads so (scene-loader.ts, issue 29). Traced at 4x, the play screen's main
 * thread stood idle for 57 ms after the marks were drawn before the idle callback that loads the
 * engine ran. Measured against the build before with `bench/stage-compare.ts` (play screen,
 * OpenGL, 3 rounds of 4 cold loads, median / p90 after the load):
 * - the engine ready untouched 1353 / 1791 -> 1232 / 1588 ms;
 * - tapped at first paint 1446 / 1757 -> 1331 / 1565 ms;
 * - a tap as soon as the marks are drawn 64 / 104 -> 56 / 80 ms.
 */
export function onBackgroundTask(callback: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof globalThis.scheduler?.postTask !== 'function') return onIdle(callback, timeoutMs);
  const controller = new AbortController();
  const cancel = () => {
    controller.abort();
    window.clearTimeout(timer);
  };
  const run = () => {
    cancel();
    callback();
  };
  const timer = window.setTimeout(run, timeoutMs);
  // A cancelled task's promise rejects with the abort: nothing to tell.
  globalThis.scheduler.postTask(run, { priority: 'background', signal: controller.signal }).catch(() => undefined);
  return cancel;
}

/** When the page's load event ended (performance.now's clock); null before then or where the browser does not say. */
function loadEndedAt(): number | null {
  if (typeof performance.getEntriesByType !== 'function') return null;
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry && entry.loadEventEnd > 0 ? entry.loadEventEnd : null;
}

/**
 * Calls `callback` when the page has loaded, `settleMs` have passed since its load event and the
 * browser is idle; returns a cancel. Counted from the load, not from the call: a screen whose code
 * arrives after the load (a lazy route) does not add its own arrival to the wait (issue 29: the
 * stage's engine then started 0.5 s later than its settle said), and one opened long after the
 * load (a client-side navigation) waits only for an idle moment. `whenIdle` says how to wait for
 * that moment: an idle period (onIdle), or a background task (onBackgroundTask).
 */
export function whenSettledAndIdle(
  callback: () => void,
  settleMs = SETTLE_MS,
  whenIdle: (callback: () => void) => () => void = onIdle,
): () => void {
  let cancel: () => void = () => undefined;
  const settle = () => {
    const loadedAt = loadEndedAt();
    const wait = loadedAt === null ? settleMs : Math.max(0, settleMs - (performance.now() - loadedAt));
    const timer = window.setTimeout(() => {
      cancel = whenIdle(callback);
    }, wait);
    cancel = () => window.clearTimeout(timer);
  };
  if (document.readyState === 'complete') settle();
  else {
    window.addEventListener('load', settle, { once: true });
    cancel = () => window.removeEventListener('load', settle);
  }
  return () => cancel();
}
