import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * True from the moment src/main.tsx hands a pre-rendered page to React (startHydrating): parts
 * mounted from then on start as the build's HTML and switch in a transition. False in a page the
 * browser renders alone.
 */
let fromBuildHtml = false;

/** src/main.tsx, just before hydrateRoot. */
export function startHydrating(): void {
  fromBuildHtml = true;
}

const subscribe = () => () => undefined;

/**
 * False while React renders a pre-rendered page's HTML (at build time, and while hydrating it in
 * the browser), true after; true from the start when the page renders in the browser alone.
 * Parts that depend on the clock render a frame until it is true, so the build's HTML never
 * carries a stale time and hydration finds what the build wrote.
 *
 * Whether the part is being hydrated is the external store's server snapshot (React uses it for
 * every part it hydrates, whenever that part's boundary hydrates). The store's own value is the
 * same while the page came from the build's HTML, so React has no reason to re-render anything
 * synchronously after hydration: such an update makes it hydrate the boundaries still waiting in
 * one long task (issue 29: Lighthouse TBT 190 ms -> 750 ms on the home page). The switch to true is
 * a transition instead, rendered in slices. A part mounted later on such a page shows its frame
 * for that one transition.
 */
export function useHydrated(): boolean {
  const asBuilt = useSyncExternalStore(
    subscribe,
    () => fromBuildHtml,
    () => true,
  );
  const [hydrated, setHydrated] = useState(!asBuilt);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
