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
 * A component whose code `load` brings, asked for once however often `load` is called. Once the
 * code is in it renders directly (issue 29): React.lazy suspends on its first render even then,
 * and React shows a suspended tree's content up to 300 ms late (its throttle of retried
 * boundaries; in an urgent update, such as the location gate letting the player in, after showing
 * the fallback). Before, it renders through React.lazy. Each mounted one chooses once, so that it
 * never changes type and remounts.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<Screen<P>>,
): ComponentType<P> & { load(): Promise<Screen<P>> } {
  let loading: Promise<Screen<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () => {
    if (loading) return loading;
    loading = load();
    // Before React.lazy's own callback: whenever lazy has the code, `loaded` has it too.
    loading.then(
      (code) => (loaded = code.default),
      () => undefined,
    );
    return loading;
  };
  const Lazy = lazy(start);
  function LazyComponent(props: P) {
    const [Component] = useState<ComponentType<P> | typeof Lazy>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyComponent, { load: start });
}

/**
 * A screen loaded on demand (lazyComponent). A failed or timed-out import becomes a
 * ChunkLoadError, which the route's error boundary turns into the reload dialog. `preload` starts
 * the import before the screen renders; `load` does the same and says when the code is in.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<Screen<P>>,
): ComponentType<P> & { preload(): void; load(): Promise<unknown> } {
  const screen = lazyComponent(() =>
    withTimeout(load(), CHUNK_TIMEOUT_MS, () => new ChunkLoadError('timeout')).catch((error: unknown) => {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError(error instanceof Error ? error.message : String(error));
    }),
  );
  const start = screen.load;
  return Object.assign(screen, {
    preload: () => void start().catch(() => undefined),
    load: () => start().catch(() => undefined),
  });
}
