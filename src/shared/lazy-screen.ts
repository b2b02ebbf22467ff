import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';

/** Spec section 7: a section chunk that has not arrived after this long (the page shown) counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Calls `onElapsed` once the page has been shown for `ms` in all; returns a cancel. Time while the
 * page is hidden is not counted: a phone put to sleep (or another tab brought forward) while a
 * screen's code downloads pauses its network and timers, and on waking its timer fired at once
 * and failed a download that was about to finish.
 */
export function afterShownFor(
  ms: number,
  onElapsed: () => void,
  page: Document | undefined = globalThis.document,
): () => void {
  // No page (the build's pre-render, in Node): the clock's time.
  if (!page) {
    const timer = setTimeout(onElapsed, ms);
    return () => clearTimeout(timer);
  }
  let left = ms;
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const count = () => {
    since = performance.now();
    timer = setTimeout(() => {
      stop();
      onElapsed();
    }, left);
  };
  const pause = () => {
    clearTimeout(timer);
    timer = undefined;
    left = Math.max(0, left - (performance.now() - since));
  };
  const onVisibility = () => {
    if (page.hidden && timer !== undefined) pause();
    else if (!page.hidden && timer === undefined) count();
  };
  const stop = () => {
    clearTimeout(timer);
    page.removeEventListener('visibilitychange', onVisibility);
  };
  page.addEventListener('visibilitychange', onVisibility);
  if (!page.hidden) count();
  return stop;
}

/** `promise`, or `onTimeout()`'s error once the page has been shown for `ms` without it settling (afterShownFor). */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = afterShownFor(ms, () => reject(onTimeout()));
    promise.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
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
): ComponentType<P> & { load(): Promise<Screen<P>>; loaded(): boolean } {
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
  return Object.assign(LazyComponent, { load: start, loaded: () => loaded !== null });
}

/**
 * Whether a lazyComponent's code is in: asks for it, and renders again once it has arrived. The
 * caller shows its own placeholder meanwhile and the component once this says true, which is an
 * ordinary update: a component that suspends through React.lazy instead is shown up to 300 ms after
 * its code arrived, React's throttle of a boundary retried after its fallback showed (issue 29:
 * traced at 4x, the stage mounted, and its engine started, 135-175 ms late on both game screens). A
 * failed load is thrown in render, as React.lazy throws it, to the nearest error boundary.
 */
export function useCodeIn(component: { load(): Promise<unknown>; loaded(): boolean }): boolean {
  const [state, setState] = useState<{ in: boolean; failed?: { error: unknown } }>(() => ({ in: component.loaded() }));
  useEffect(() => {
    if (state.in) return undefined;
    let current = true;
    component.load().then(
      () => current && setState({ in: true }),
      (error: unknown) => current && setState({ in: false, failed: { error } }),
    );
    return () => {
      current = false;
    };
  }, [component, state.in]);
  if (state.failed) throw state.failed.error;
  return state.in;
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
