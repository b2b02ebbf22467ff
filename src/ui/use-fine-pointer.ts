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
 * rather than "Tap". False on touch screens and where matchMedia is missing; null in the build's
 * pre-render, which cannot know the pointer: a first paint then carries both texts and lets the
 * same media query in its style pick one (as GameHints does), so the text does not change as the
 * app takes over.
 */
export function useFinePointer(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => null,
  );
}
