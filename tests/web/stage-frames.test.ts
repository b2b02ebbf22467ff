import { describe, expect, it, vi } from 'vitest';
import { type FrameHost, FrameScheduler } from '../../src/stage/scene/frames.ts';

// The stage draws on demand (src/stage/scene/frames.ts), and while its engine starts it draws
// nothing before the picture (issue 29): the preview covers the canvas until the picture is drawn.

/** Animation frames run when the test says. */
function manualFrames(): FrameHost & { run(): void; asked(): number } {
  let queue: Array<(time: number) => void> = [];
  let handles = 0;
  return {
    requestFrame: (callback) => {
      queue.push(callback);
      return ++handles;
    },
    cancelFrame: () => {
      queue = [];
    },
    now: () => 0,
    run() {
      const due = queue;
      queue = [];
      for (const callback of due) callback(0);
    },
    asked: () => queue.length,
  };
}

describe('FrameScheduler', () => {
  it('draws once per frame however often it is asked, and nothing when nobody asks', () => {
    const host = manualFrames();
    const frames = new FrameScheduler(host);
    const draw = vi.fn();
    frames.attach(draw);
    frames.invalidate();
    frames.invalidate();
    host.run();
    expect(draw).toHaveBeenCalledTimes(1);
    host.run();
    expect(draw).toHaveBeenCalledTimes(1);
    frames.invalidate();
    host.run();
    expect(draw).toHaveBeenCalledTimes(2);
  });

  it('waiting for the picture, draws no frame before the first explicit draw, and every asked one after', () => {
    const host = manualFrames();
    const frames = new FrameScheduler(host, { waitForPicture: true });
    const draw = vi.fn();
    const layout = vi.fn();
    frames.addLayout(layout);
    frames.attach(draw);
    frames.invalidate(); // a layer's first commit, the picture not in yet
    expect(host.asked()).toBe(0);
    host.run();
    expect(draw).not.toHaveBeenCalled();

    frames.renderNow(); // the picture shown
    expect(draw).toHaveBeenCalledTimes(1);
    expect(layout).toHaveBeenCalledTimes(1);
    frames.invalidate(); // a tap's mark
    host.run();
    expect(draw).toHaveBeenCalledTimes(2);
    expect(frames.renders).toBe(2);
  });

  it('draws the picture asked for before the renderer was up as soon as it is', () => {
    const host = manualFrames();
    const frames = new FrameScheduler(host, { waitForPicture: true });
    frames.renderNow();
    const draw = vi.fn();
    frames.attach(draw);
    expect(draw).toHaveBeenCalledTimes(1);
    frames.invalidate();
    host.run();
    expect(draw).toHaveBeenCalledTimes(2);
  });

  it('redraws at once after a resize once the picture is drawn (a frame later shows a cleared canvas), taking the frame asked', () => {
    const host = manualFrames();
    const frames = new FrameScheduler(host, { waitForPicture: true });
    const draw = vi.fn();
    frames.attach(draw);
    frames.redrawNow(); // the host resized while the engine started: nothing drawn before the picture
    expect(draw).not.toHaveBeenCalled();
    expect(host.asked()).toBe(0);

    frames.renderNow(); // the picture shown
    frames.invalidate(); // the camera's resize asked for a frame
    frames.redrawNow(); // the canvas resized: drawn in this turn
    expect(draw).toHaveBeenCalledTimes(2);
    host.run();
    expect(draw).toHaveBeenCalledTimes(2); // the frame asked was that draw
  });

  it('stopped, draws nothing more', () => {
    const host = manualFrames();
    const frames = new FrameScheduler(host);
    const draw = vi.fn();
    frames.attach(draw);
    frames.stop();
    host.run();
    frames.invalidate();
    frames.renderNow();
    frames.redrawNow();
    host.run();
    expect(draw).not.toHaveBeenCalled();
  });
});
