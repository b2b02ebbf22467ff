import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterInteractionShown,
  afterNextPaint,
  nextQuietTask,
  watchTapLifts,
} from '../../src/shared/yield-to-browser.ts';

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

// The stage's engine, woken by a tap, starts once that tap's frame is on screen (issue 29): the
// browser reports the tap's Event Timing entries only after that frame is presented.
describe('afterInteractionShown', () => {
  type Entry = { name: string; startTime: number; duration: number };
  let report: ((entries: Entry[]) => void) | null;
  let observed: unknown;
  let disconnected: boolean;
  class FakeObserver {
    static supportedEntryTypes = ['event', 'mark'];
    constructor(callback: (list: { getEntries(): Entry[] }) => void) {
      report = (entries) => callback({ getEntries: () => entries });
    }
    observe(options: unknown) {
      observed = options;
    }
    disconnect() {
      disconnected = true;
    }
  }
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    report = null;
    observed = undefined;
    disconnected = false;
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("runs when the frame answering the press is shown: its pointerup's or click's entry, not the press's own or an older one", () => {
    const work = vi.fn();
    afterInteractionShown(work, 1000);
    expect(observed).toEqual({ type: 'event', durationThreshold: 16, buffered: true });
    report!([{ name: 'pointerdown', startTime: 1000, duration: 40 }]);
    report!([{ name: 'click', startTime: 400, duration: 120 }]);
    expect(work).not.toHaveBeenCalled();
    report!([{ name: 'pointerup', startTime: 1010, duration: 180 }]);
    expect(work).toHaveBeenCalledTimes(1);
    expect(disconnected).toBe(true);
    report!([{ name: 'click', startTime: 1012, duration: 178 }]);
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback when the frame was too quick to be reported', () => {
    const work = vi.fn();
    afterInteractionShown(work, 1000, 250);
    vi.advanceTimersByTime(249);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    expect(disconnected).toBe(true);
  });

  it('runs at once where the browser has no Event Timing, and never once cancelled', () => {
    const work = vi.fn();
    const cancel = afterInteractionShown(work, 1000);
    cancel();
    report!([{ name: 'pointerup', startTime: 1010, duration: 180 }]);
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['mark'];
      },
    );
    afterInteractionShown(work, 1000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

// The stage engine's start goes on in steps between the player's taps (issue 29): a step waits,
// after a finger leaves the screen, for the frame that answers the tap.
describe('nextQuietTask', () => {
  let frames: Array<() => void>;
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    watchTapLifts(window);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const lift = (pointerType: string) =>
    window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 1, pointerType, bubbles: true }));
  /** Runs the frames asked for so far, then lets the task each queues run. */
  const paint = async () => {
    frames.splice(0).forEach((frame) => frame());
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('resolves in a new task when no tap waits for its frame', async () => {
    const step = settled(nextQuietTask());
    expect(step.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(step.done).toBe(true);
  });

  it('waits, after a finger or a pen leaves the screen, for the frame that answers it', async () => {
    for (const pointerType of ['touch', 'pen']) {
      lift(pointerType);
      const step = settled(nextQuietTask());
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(step.done).toBe(false);
      await paint();
      expect(step.done).toBe(true);
    }
  });

  it("goes on after a mouse's click without waiting for a frame", async () => {
    lift('mouse');
    const step = settled(nextQuietTask());
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(step.done).toBe(true);
    expect(frames).toHaveLength(0);
  });
});
