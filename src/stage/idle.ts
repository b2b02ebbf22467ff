/**
 * Scheduling for the stage's start-up (issues 13, 29): the engine and Pixi start in the background
 * once the page has loaded, settled and the browser is idle, or at once when the player reaches
 * for the picture, and each step of the start (Pixi's code, React's reconciler, the scene, the
 * renderer, the picture's decode, the first frame) is a task of its own that yields to input in
 * between (nextTask, shared/yield-to-browser.ts), so no single task holds a tap for long.
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
 * Blocking Time window, so it waited 3 s. Drawn on a 2D canvas and evaluated in steps, no task of
 * the start is over 90 ms at 4x; with 1 s, Lighthouse's TBT stayed at 20-25 ms on both game screens
 * and the engine was ready untouched 2.3-2.9 s after load instead of 4.4-4.8 s. With 0 ms the play
 * screen's TBT rose to 213 ms (median of 3; the limit is 150), its start landing on the screen's own.
 */
export const STAGE_SETTLE_MS = 1000;

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
 * Calls `callback` when the page has loaded, `settleMs` have passed and the browser is idle;
 * returns a cancel.
 */
export function whenSettledAndIdle(callback: () => void, settleMs = SETTLE_MS): () => void {
  let cancel: () => void = () => undefined;
  const settle = () => {
    const timer = window.setTimeout(() => {
      cancel = onIdle(callback);
    }, settleMs);
    cancel = () => window.clearTimeout(timer);
  };
  if (document.readyState === 'complete') settle();
  else {
    window.addEventListener('load', settle, { once: true });
    cancel = () => window.removeEventListener('load', settle);
  }
  return () => cancel();
}
