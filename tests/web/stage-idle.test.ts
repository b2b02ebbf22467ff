import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onBackgroundTask, whenSettledAndIdle } from '../../src/stage/idle.ts';

// The page has loaded (jsdom's readyState is 'complete'); its navigation entry says when, on a clock that stands still.
const NOW = 10_000;
const loadEndedAgo = (ms: number) =>
  vi
    .spyOn(performance, 'getEntriesByType')
    .mockReturnValue([{ loadEventEnd: NOW - ms } as unknown as PerformanceEntry]);

describe('background work waits for the page to settle, counted from its load (whenSettledAndIdle)', () => {
  let idle: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.spyOn(performance, 'now').mockReturnValue(NOW);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asked 600 ms after the load, waits the 400 ms left of a 1 s settle, then for an idle moment', () => {
    loadEndedAgo(600);
    const work = vi.fn();
    whenSettledAndIdle(work, 1000);
    vi.advanceTimersByTime(399);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(work).not.toHaveBeenCalled();
    idle[0]!();
    expect(work).toHaveBeenCalledOnce();
  });

  it('asked after the settle has passed (a screen opened later), waits only for an idle moment', () => {
    loadEndedAgo(5000);
    const work = vi.fn();
    whenSettledAndIdle(work, 1000);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
  });

  it('where the browser does not say when the load ended, waits the whole settle from the ask', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    whenSettledAndIdle(vi.fn(), 1000);
    vi.advanceTimersByTime(999);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
  });

  it('cancelled before the settle ends, asks for no idle moment', () => {
    loadEndedAgo(100);
    const cancel = whenSettledAndIdle(vi.fn(), 1000);
    cancel();
    vi.advanceTimersByTime(2000);
    expect(idle).toHaveLength(0);
  });
});

describe("the stage engine's load waits for a background task, not an idle period (onBackgroundTask)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is posted at the lowest priority and runs when the browser runs it; cancelled, it is aborted', () => {
    const posted: Array<{ run: () => void; priority?: string; signal?: AbortSignal }> = [];
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void, options: { priority?: string; signal?: AbortSignal }) => {
        posted.push({ run, ...options });
        return new Promise(() => undefined);
      },
    });
    const idlePeriod = vi.fn();
    vi.stubGlobal('requestIdleCallback', idlePeriod);
    const work = vi.fn();
    onBackgroundTask(work);
    expect(posted.map((task) => task.priority)).toEqual(['background']);
    expect(work).not.toHaveBeenCalled();
    posted[0]!.run();
    expect(work).toHaveBeenCalledOnce();
    expect(idlePeriod).not.toHaveBeenCalled();

    const cancel = onBackgroundTask(vi.fn());
    expect(posted[1]!.signal!.aborted).toBe(false);
    cancel();
    expect(posted[1]!.signal!.aborted).toBe(true);
  });

  it('runs after the timeout at the latest, once, where more urgent work keeps the task waiting', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const posted: Array<{ run: () => void; signal?: AbortSignal }> = [];
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void, options: { signal?: AbortSignal }) => {
        posted.push({ run, ...options });
        return new Promise(() => undefined);
      },
    });
    const work = vi.fn();
    onBackgroundTask(work, 2000);
    vi.advanceTimersByTime(1999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();
    expect(posted[0]!.signal!.aborted).toBe(true);

    // The task first: the timer is cleared.
    const sooner = vi.fn();
    onBackgroundTask(sooner, 2000);
    posted[1]!.run();
    vi.advanceTimersByTime(5000);
    expect(sooner).toHaveBeenCalledOnce();
  });

  it('where the browser has no postTask, waits for an idle moment instead', () => {
    vi.stubGlobal('scheduler', undefined);
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const work = vi.fn();
    onBackgroundTask(work);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(work).toHaveBeenCalledOnce();
  });

  it('after the settle, as the scene loader waits (whenSettledAndIdle with onBackgroundTask)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(performance, 'now').mockReturnValue(NOW);
    loadEndedAgo(100);
    const posted: Array<() => void> = [];
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void) => {
        posted.push(run);
        return new Promise(() => undefined);
      },
    });
    const work = vi.fn();
    whenSettledAndIdle(work, 250, onBackgroundTask);
    vi.advanceTimersByTime(149);
    expect(posted).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(posted).toHaveLength(1);
    posted[0]!();
    expect(work).toHaveBeenCalledOnce();
  });
});
