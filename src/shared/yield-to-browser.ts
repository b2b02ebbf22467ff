/**
 * Yielding to the browser between steps of work, so that a tap waiting meanwhile is answered
 * first (issue 29): a new task, or the moment after the next frame's paint.
 */

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

/**
 * Calls `callback` once the browser has painted the next frame, so work started by a tap does not
 * hold that tap's paint (issue 29). A hidden tab paints no frame: then it runs after `fallbackMs`.
 * Returns a cancel.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 200): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    callback();
  };
  // A task queued from the frame's callback runs after that frame's paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
