import { type ComponentType, createElement, lazy, useState } from 'react';

/** Spec section 7: a section chunk that has not arrived after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

type Screen<P> = { default: ComponentType<P> };

/**
 * A screen loaded on demand. A failed or timed-out import becomes a ChunkLoadError, which the
 * route's error boundary turns into the reload dialog. `preload` starts the import before the
 * screen renders (one import, however often asked); `load` does the same and says when the code
 * is in.
 *
 * A screen whose code is in renders it directly (issue 29): React.lazy suspends on its first render
 * even then, and in an urgent update (the location gate letting the player in) React shows the
 * Suspense fallback and holds the screen's reveal for up to 300 ms (its throttle of retried
 * boundaries). Each mounted screen chooses once, so that it never changes type and remounts.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<Screen<P>>,
): ComponentType<P> & { preload(): void; load(): Promise<unknown> } {
  let loading: Promise<Screen<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () => {
    if (loading) return loading;
    loading = withTimeout(load(), CHUNK_TIMEOUT_MS, () => new ChunkLoadError('timeout')).catch((error: unknown) => {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError(error instanceof Error ? error.message : String(error));
    });
    // Before React.lazy's own callback: whenever lazy has the code, `loaded` has it too.
    loading.then(
      (screen) => (loaded = screen.default),
      () => undefined,
    );
    return loading;
  };
  const Lazy = lazy(start);
  function LazyScreen(props: P) {
    const [Component] = useState<ComponentType<P> | typeof Lazy>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyScreen, {
    preload: () => void start().catch(() => undefined),
    load: () => start().catch(() => undefined),
  });
}
