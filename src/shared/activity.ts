/** Activity arrives dozens of times a second; its listeners need to hear of it about once a second. */
const ACTIVITY_THROTTLE_MS = 1000;
/** What counts as activity for the 30-minute session (spec section 4). */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let lastActivityAt = 0;
let watching = false;

function onActivity() {
  const now = Date.now();
  const since = now - lastActivityAt;
  // (A clock set back, as tests do, counts as new activity.)
  if (since >= 0 && since < ACTIVITY_THROTTLE_MS) return;
  lastActivityAt = now;
  for (const listener of listeners) listener();
}

/**
 * The player's activity, heard from the page's first script on (src/main.tsx), so that the
 * session watcher, which starts some seconds later in its own chunk, counts the quiet time from the
 * last activity the page saw and not from its own start.
 */
export const activity = {
  /** src/main.tsx, first thing. The page's load counts as activity: a visitor who opens a page is there. */
  watch(): void {
    if (watching) return;
    watching = true;
    lastActivityAt = Date.now();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
  },
  /** How long the page has been without activity, in ms (0 before watching starts). */
  quietForMs(): number {
    return watching ? Math.max(0, Date.now() - lastActivityAt) : 0;
  },
  /** Told of activity at most once a second (watching starts here if src/main.tsx has not started it). */
  subscribe(listener: Listener): () => void {
    activity.watch();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
