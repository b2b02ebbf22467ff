import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_AFTER_MARK_WAIT_MS, useCodeAfterMark } from '../../src/screens/game/code-after-mark.ts';

// The browser's paint and idle moments, called by the test.
const moments = vi.hoisted(() => ({ paints: [] as (() => void)[], idles: [] as (() => void)[] }));
vi.mock('../../src/shared/yield-to-browser.ts', () => ({
  afterNextPaint: (callback: () => void) => {
    moments.paints.push(callback);
    return () => moments.paints.splice(moments.paints.indexOf(callback), 1);
  },
}));
vi.mock('../../src/stage/idle.ts', () => ({
  onIdle: (callback: () => void) => {
    moments.idles.push(callback);
    return () => moments.idles.splice(moments.idles.indexOf(callback), 1);
  },
}));
const paint = () => moments.paints.splice(0).forEach((callback) => callback());
const idle = () => moments.idles.splice(0).forEach((callback) => callback());

describe("code a game screen needs after the first mark (the entry sheet's, issue 29)", () => {
  beforeEach(() => {
    moments.paints = [];
    moments.idles = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("waits for the stage's engine when the first mark came before it (a tap on the first paint), then the paint, then an idle moment", () => {
    const load = vi.fn();
    const { result } = renderHook(() => useCodeAfterMark(true, load));
    paint();
    idle();
    expect(load).not.toHaveBeenCalled();
    act(() => result.current());
    idle();
    expect(load).not.toHaveBeenCalled();
    paint();
    expect(load).not.toHaveBeenCalled();
    idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads after the first mark once the engine is up already, and never before a mark', () => {
    const load = vi.fn();
    const { result, rerender } = renderHook(({ marked }) => useCodeAfterMark(marked, load), {
      initialProps: { marked: false },
    });
    act(() => result.current());
    paint();
    idle();
    act(() => vi.advanceTimersByTime(CODE_AFTER_MARK_WAIT_MS));
    expect(load).not.toHaveBeenCalled();
    rerender({ marked: true });
    paint();
    idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads anyway when the engine never comes up', () => {
    const load = vi.fn();
    renderHook(() => useCodeAfterMark(true, load));
    act(() => vi.advanceTimersByTime(CODE_AFTER_MARK_WAIT_MS - 1));
    paint();
    idle();
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    paint();
    idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing once the screen has closed', () => {
    const load = vi.fn();
    const { result, unmount } = renderHook(() => useCodeAfterMark(true, load));
    act(() => result.current());
    unmount();
    paint();
    idle();
    act(() => vi.advanceTimersByTime(CODE_AFTER_MARK_WAIT_MS));
    paint();
    idle();
    expect(load).not.toHaveBeenCalled();
  });
});
