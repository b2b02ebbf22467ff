import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/shared/yield-to-browser.ts';

// Work a tap starts runs after that tap's frame has painted (issue 29): a task queued from the
// frame's callback, or after the fallback when the tab paints no frame.

describe('afterNextPaint', () => {
  let frames: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs in a task after the next frame, once', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled();
    frames.forEach((frame) => frame());
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback when no frame comes (a hidden tab)', () => {
    const work = vi.fn();
    afterNextPaint(work, 200);
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    frames.forEach((frame) => frame());
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    frames.forEach((frame) => frame());
    cancel();
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
  });
});
