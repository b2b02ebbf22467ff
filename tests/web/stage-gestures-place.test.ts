import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImagePoint } from '../../src/stage/coords.ts';
import { Camera } from '../../src/stage/scene/camera.ts';
import { type GestureTarget, Gestures } from '../../src/stage/scene/gestures.ts';
import type { StageMark } from '../../src/stage/types.ts';

// A tap on an empty spot of the stage is shown in the tap's own frame (a crosshair over the canvas,
// drawn by the edge: onPlacing) and reaches the machine once that frame is painted (issue 29,
// src/stage/scene/gestures.ts `placing`): the canvas, the screen's render and its DOM then come in
// the next frame, not in the tap's.

const STAGE = { width: 400, height: 300 };

/** A canvas laid out at the stage's size at the page's top left (jsdom lays nothing out). */
function stageCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, ...STAGE });
  document.body.append(canvas);
  return canvas;
}

function pointer(canvas: HTMLCanvasElement, type: string, x: number, y: number, pointerType = 'touch') {
  const event = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0 });
  Object.defineProperties(event, { pointerId: { value: 1 }, pointerType: { value: pointerType } });
  canvas.dispatchEvent(event);
}

function tapAt(canvas: HTMLCanvasElement, x: number, y: number, pointerType = 'touch') {
  pointer(canvas, 'pointerdown', x, y, pointerType);
  pointer(canvas, 'pointerup', x, y, pointerType);
}

function setUp(
  options: { marks?: StageMark[]; selectedId?: string | null; tapToPlace?: boolean; enabled?: boolean } = {},
) {
  const camera = new Camera();
  camera.resize(STAGE);
  camera.setImage({ width: 800, height: 600 });
  const canvas = stageCanvas();
  const state = {
    marks: options.marks ?? [],
    selectedId: options.selectedId ?? null,
    inputEnabled: options.enabled ?? true,
    tapToPlace: options.tapToPlace ?? true,
  };
  /** Whether the screen answers a place with new marks (false: it refuses it), and selects a mark it is told of. */
  const screen = { answers: true, selects: true };
  const placed: ImagePoint[] = [];
  const target: GestureTarget = {
    marks: () => state,
    onPlace: (point) => {
      placed.push(point);
      return screen.answers;
    },
    onSelect: vi.fn(() => screen.selects),
    onMove: vi.fn(),
    onPointerPixel: vi.fn(),
    onAimChange: vi.fn(),
    onPlacing: vi.fn(),
    onDragChange: vi.fn(),
  };
  const gestures = new Gestures(canvas, camera, target);
  return { camera, canvas, gestures, placed, target, state, screen };
}

/** The frame after the tap runs its callbacks and paints; then the task queued from it runs (a 0 ms timeout: 1 ms in the fake clock). */
function paintNextFrame() {
  vi.advanceTimersToNextFrame();
  vi.advanceTimersByTime(1);
}

// Every test runs on a fake clock: the frame after a tap, and the 500 ms a told place's crosshair stays at most.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('a tap on an empty spot of the stage', () => {
  it('is drawn at once as a new mark and reaches the machine after the frame that shows it', () => {
    const { canvas, gestures, placed, target } = setUp();
    tapAt(canvas, 200, 150);
    // In the tap's own task: the crosshair shown where the mark will be, at the centre of the pixel
    // under the finger (the picture fills the stage at half its size), no canvas frame asked for,
    // the machine not told yet.
    expect(gestures.placing).toEqual({ point: { x: 400, y: 300 }, moves: null });
    expect(target.onPlacing).toHaveBeenCalledExactlyOnceWith({ x: 200.25, y: 150.25 });
    expect(target.onAimChange).not.toHaveBeenCalled();
    expect(placed).toEqual([]);

    paintNextFrame();
    expect(placed).toEqual([{ x: 400, y: 300 }]);
    // Answered: the crosshair stays until the scene draws the new marks, then goes in that frame.
    expect(gestures.placing).not.toBeNull();
    gestures.placesDrawn();
    expect(gestures.placing).toBeNull();
    expect(target.onPlacing).toHaveBeenLastCalledWith(null);
    expect(target.onAimChange).not.toHaveBeenCalled();
  });

  it('loses its crosshair at once when the screen refuses it, and at the latest after 500 ms otherwise', () => {
    const refused = setUp();
    refused.screen.answers = false;
    tapAt(refused.canvas, 200, 150);
    paintNextFrame();
    expect(refused.placed).toHaveLength(1);
    expect(refused.gestures.placing).toBeNull();
    expect(refused.target.onPlacing).toHaveBeenLastCalledWith(null);

    const answered = setUp();
    tapAt(answered.canvas, 200, 150);
    paintNextFrame();
    vi.advanceTimersByTime(499);
    expect(answered.gestures.placing).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(answered.gestures.placing).toBeNull();
  });

  it('keeps every tap of one frame, in order, and shows the latest until the last is told', () => {
    const { canvas, gestures, placed } = setUp();
    tapAt(canvas, 100, 100);
    tapAt(canvas, 300, 200);
    expect(gestures.placing?.point).toEqual({ x: 600, y: 400 });
    paintNextFrame();
    expect(placed).toEqual([
      { x: 200, y: 200 },
      { x: 600, y: 400 },
    ]);
    gestures.placesDrawn();
    expect(gestures.placing).toBeNull();
  });

  it('moves the one selected mark where a tap moves it instead of making a new one', () => {
    const mark: StageMark = { id: 'j', label: 'J', point: { x: 100, y: 100 }, locked: false };
    const { canvas, gestures, target } = setUp({ marks: [mark], selectedId: 'j', tapToPlace: false });
    tapAt(canvas, 300, 200);
    expect(gestures.placing).toEqual({ point: { x: 600, y: 400 }, moves: 'j' });
    // The scene draws the mark there: a canvas frame, no crosshair over it.
    expect(target.onAimChange).toHaveBeenCalledTimes(1);
    expect(target.onPlacing).not.toHaveBeenCalled();
    paintNextFrame();
    gestures.placesDrawn();
    expect(gestures.placing).toBeNull();
    expect(target.onAimChange).toHaveBeenCalledTimes(2);
  });

  it('is dropped when input is turned off before its frame (a reveal begins), and when the stage goes', () => {
    const first = setUp();
    tapAt(first.canvas, 200, 150);
    first.gestures.disable();
    expect(first.gestures.placing).toBeNull();
    expect(first.target.onPlacing).toHaveBeenLastCalledWith(null);
    paintNextFrame();
    expect(first.placed).toEqual([]);

    const second = setUp();
    tapAt(second.canvas, 200, 150);
    second.gestures.destroy();
    paintNextFrame();
    expect(second.placed).toEqual([]);
  });

  it('places nothing while input is off', () => {
    const { canvas, gestures, placed } = setUp({ enabled: false });
    tapAt(canvas, 200, 150);
    expect(gestures.placing).toBeNull();
    paintNextFrame();
    expect(placed).toEqual([]);
  });
});

describe('a tap on a mark that is not the selected one', () => {
  const marks: StageMark[] = [
    { id: 'a', label: '1', point: { x: 200, y: 200 }, locked: false },
    { id: 'b', label: '2', point: { x: 600, y: 400 }, locked: false },
  ];

  it('shows that mark selected at once and selects it after the frame that shows it', () => {
    const { canvas, gestures, placed, target } = setUp({ marks, selectedId: 'b' });
    // On mark 1 (the picture fills the stage at half its size): its pixel's centre is at (100.25, 100.25).
    tapAt(canvas, 102, 99);
    expect(target.onPlacing).toHaveBeenCalledExactlyOnceWith({ x: 100.25, y: 100.25 });
    expect(target.onSelect).not.toHaveBeenCalled();
    expect(target.onAimChange).not.toHaveBeenCalled();

    paintNextFrame();
    expect(target.onSelect).toHaveBeenCalledExactlyOnceWith('a');
    expect(placed).toEqual([]);
    // Selected: the crosshair stays until the scene draws the selection, then goes in that frame.
    expect(target.onPlacing).toHaveBeenCalledTimes(1);
    gestures.placesDrawn();
    expect(target.onPlacing).toHaveBeenLastCalledWith(null);
  });

  it('loses the crosshair at once when the screen does not select it', () => {
    const { canvas, screen, target } = setUp({ marks, selectedId: 'b' });
    screen.selects = false;
    tapAt(canvas, 100, 100);
    paintNextFrame();
    expect(target.onSelect).toHaveBeenCalledExactlyOnceWith('a');
    expect(target.onPlacing).toHaveBeenLastCalledWith(null);
  });

  it('tells nothing for a tap on the selected mark, and keeps a place and a selection of one frame in order', () => {
    const { canvas, placed, target } = setUp({ marks, selectedId: 'a' });
    tapAt(canvas, 100, 100);
    paintNextFrame();
    expect(target.onSelect).not.toHaveBeenCalled();
    expect(target.onPlacing).not.toHaveBeenCalled();

    const order: string[] = [];
    vi.mocked(target.onSelect).mockImplementation((id) => (order.push(`select ${id}`), true));
    const place = target.onPlace;
    target.onPlace = (point) => (order.push(`place ${point.x},${point.y}`), place(point));
    tapAt(canvas, 350, 50);
    tapAt(canvas, 300, 200);
    paintNextFrame();
    expect(order).toEqual(['place 700,100', 'select b']);
    expect(placed).toEqual([{ x: 700, y: 100 }]);
  });
});
