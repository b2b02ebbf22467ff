/**
 * Scheduling for the stage's start-up (issue 13): the engine and Pixi start once the page has
 * loaded and settled and the browser is idle, or at once when the player reaches for the picture,
 * and each step of the start yields to input in between, so no single task holds a tap for long.
 */

/**
 * How long the page must have been loaded before the stage starts by itself: the picture, the
 * hints and the page's own start-up go first, and a player who reaches for the picture sooner
 * starts it at once.
 */
export const SETTLE_MS = 3000;

/** Calls `callback` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
function onIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: a short timer lets the first paint and input go first.
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

/**
 * Calls `callback` when the page has loaded, then stayed `settleMs` without needing the stage,
 * and the browser is idle; returns a cancel.
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

/** Resolves in a new task, letting any waiting input run first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
