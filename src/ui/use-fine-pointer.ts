import { useSyncExternalStore } from 'react';

const FINE_POINTER = '(pointer: fine)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(FINE_POINTER)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the primary pointer is a mouse or a trackpad ('(pointer: fine)'), so texts say "Click"
 * rather than "Tap". False on touch screens, where matchMedia is missing, and in the pre-rendered
 * first paint (the hydrated page then switches without a mismatch).
 */
export function useFinePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
