import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders a pre-rendered page's HTML (at build time, and while hydrating it in
 * the browser), true after; true from the start when the page renders in the browser alone.
 * Parts that depend on the clock render a frame until it is true, so the build's HTML never
 * carries a stale time and hydration finds what the build wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
