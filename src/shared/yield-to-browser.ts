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

/**
 * Whether a finger or pen has just left the screen and the frame answering it is still to come. A
 * mouse is not counted: hovering the picture has started the stage's engine before a click, and a
 * phone's tap is where a step of background work before the tap's frame holds that frame.
 */
let liftUnpainted = false;
let watchingLifts = false;
const liftWaiters = new Set<() => void>();

/** Hears every finger and pen lifted from the page from now on (src/main.tsx calls it first thing); once per page. */
export function watchTapLifts(target: Window = window): void {
  if (watchingLifts) return;
  watchingLifts = true;
  const lifted = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' && event.pointerType !== 'pen') return;
    liftUnpainted = true;
    afterNextPaint(() => {
      liftUnpainted = false;
      const waiters = [...liftWaiters];
      liftWaiters.clear();
      for (const wake of waiters) wake();
    });
  };
  const options = { capture: true, passive: true };
  target.addEventListener('pointerup', lifted, options);
  target.addEventListener('pointercancel', lifted, options);
}

/**
 * Resolves in a new task, and once the frame answering the player's last tap is on screen
 * (issue 29): background work in steps (the stage engine's start) goes on between a player's taps,
 * not between a tap's pointerup and its frame, where a step held that frame back.
 */
export async function nextQuietTask(): Promise<void> {
  watchTapLifts();
  await nextTask();
  while (liftUnpainted) await new Promise<void>((resolve) => liftWaiters.add(resolve));
}

/** The events whose frame ends what the player did (a press's pointerdown comes before its frame). */
const ENDS_INTERACTION = new Set(['pointerup', 'click', 'keydown', 'keyup']);

/**
 * Calls `callback` once the browser has shown the frame that answers what the player did at
 * `since` (a press's time, performance.now): the Event Timing entry of its pointerup, click or key
 * is reported only after that frame is presented (issue 29: the stage's engine, woken by a tap,
 * starts then instead of holding that tap's frame back). A quick frame (under 16 ms) reports no
 * entry: then it runs after `fallbackMs`; at once where the browser has no Event Timing (Safari).
 * Returns a cancel.
 */
export function afterInteractionShown(callback: () => void, since: number, fallbackMs = 250): () => void {
  const kinds = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  if (!kinds.includes('event')) {
    callback();
    return () => undefined;
  }
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(fallback);
  };
  const run = () => {
    if (done) return;
    stop();
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    const shown = list
      .getEntries()
      .some((entry) => ENDS_INTERACTION.has(entry.name) && entry.startTime + entry.duration >= since);
    if (shown) run();
  });
  // Buffered: a slow frame shown before this was called still counts.
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const fallback = setTimeout(run, fallbackMs);
  return stop;
}
