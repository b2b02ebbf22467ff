import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

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

/**
 * A screen loaded on demand. A failed or timed-out import becomes a ChunkLoadError, which the
 * route's error boundary turns into the reload dialog. `preload` starts the import before the
 * screen renders (the same one import: React.lazy keeps its first answer too); `load` does the
 * same and says when the code is in.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> & { preload(): void; load(): Promise<unknown> } {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS, () => new ChunkLoadError('timeout')).catch((error: unknown) => {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError(error instanceof Error ? error.message : String(error));
    }));
  return Object.assign(lazy(start), {
    preload: () => void start().catch(() => undefined),
    load: () => start().catch(() => undefined),
  });
}
