/**
 * Scheduling for the stage's start-up (issues 13, 29): the engine and Pixi start in the background
 * as soon as the page has loaded and the browser is idle, or at once when the player reaches for
 * the picture, and each step of the start (the chunk, the renderer, the picture's upload, the
 * first frame) is a task of its own that yields to input in between (nextTask,
 * shared/yield-to-browser.ts), so no single task holds a tap for long.
 */

/**
 * How long after the load event the stage may start by itself: the picture, the hints and the
 * page's own start-up go first, and a player who reaches for the picture sooner starts it at once.
 * Issue 29 measured 100 ms here (with a 500 ms idle timeout): the engine was ready sooner, but its
 * start-up's long tasks then fell inside Lighthouse's Total Blocking Time window (README,
 * performance), so the wait stays until the start-up itself is cheaper.
 */
export const SETTLE_MS = 3000;

/** How long the stage waits for an idle moment once the page has settled, at most. */
const IDLE_TIMEOUT_MS = 2000;

/** Calls `callback` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
function onIdle(callback: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
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
