import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenSettledAndIdle } from '../../src/stage/idle.ts';

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
