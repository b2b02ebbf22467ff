import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Whether a part mounted now starts as the build's HTML: true from the moment src/main.tsx hands a
 * pre-rendered page to React (startHydrating) until the first hydration's effects have run.
 */
let asBuiltNow = false;

/** src/main.tsx, just before hydrateRoot. */
export function startHydrating(): void {
  asBuiltNow = true;
}

const subscribe = () => () => undefined;

/**
 * False while React renders a pre-rendered page's HTML (at build time, and while hydrating it in
 * the browser), true after; true from the start when the page renders in the browser alone.
 * Parts that depend on the clock render a frame until it is true, so the build's HTML never
 * carries a stale time and hydration finds what the build wrote.
 *
 * Whether a part is being hydrated is the external store's server snapshot: React uses it for
 * every part it hydrates, whenever that part's boundary hydrates, so a boundary hydrated late
 * finds the build's HTML too. While the first hydration runs, the store's own value is the same,
 * so React has no reason for a synchronous re-render after it: such an update makes React hydrate
 * the boundaries still waiting in one long task (issue 29: Lighthouse's TBT on the home page
 * 190 ms -> 750 ms). The switch to true is a transition instead, rendered in slices. Parts mounted
 * after that first hydration start as true.
 */
export function useHydrated(): boolean {
  const asBuilt = useSyncExternalStore(
    subscribe,
    () => asBuiltNow,
    () => true,
  );
  const [hydrated, setHydrated] = useState(!asBuilt);
  useEffect(() => {
    if (hydrated) return;
    startTransition(() => setHydrated(true));
    // After every effect of this commit: later mounts are not hydrating (a late boundary still is,
    // and React gives it the server snapshot).
    if (asBuiltNow) queueMicrotask(() => (asBuiltNow = false));
  }, [hydrated]);
  return hydrated || !asBuilt;
}
