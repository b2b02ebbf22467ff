/**
 * Scheduling for the stage's start-up (issue 13): the engine and Pixi start when the browser is
 * idle after the page has painted, or at once when the player reaches for the picture, and each
 * step of the start yields to input in between, so no single task holds a tap for long.
 */

/** Calls `callback` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: a short timer lets the first paint and input go first.
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
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
