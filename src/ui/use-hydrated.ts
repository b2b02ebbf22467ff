import { startTransition, useEffect, useState } from 'react';

/**
 * 'server' while the build pre-renders (no document), 'hydrating' from the moment src/main.tsx
 * hands a pre-rendered page to React until the first part of it is live, 'browser' otherwise.
 */
let phase: 'server' | 'hydrating' | 'browser' = typeof document === 'undefined' ? 'server' : 'browser';

/** src/main.tsx, just before hydrateRoot: the parts asking useHydrated start as the build's HTML. */
export function startHydrating(): void {
  phase = 'hydrating';
}

/**
 * False while React renders a pre-rendered page's HTML (at build time, and while hydrating it in
 * the browser), true after; true from the start when the page renders in the browser alone.
 * Parts that depend on the clock render a frame until it is true, so the build's HTML never
 * carries a stale time and hydration finds what the build wrote.
 *
 * The switch to true after hydration is a transition (issue 29): React renders the parts that
 * change in slices between which the browser can answer a tap, where an external store's
 * server snapshot would make it re-render them in one synchronous task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(phase === 'browser');
  useEffect(() => {
    if (hydrated) return;
    phase = 'browser';
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
