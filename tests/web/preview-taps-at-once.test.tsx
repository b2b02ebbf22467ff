import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreviewTaps } from '../../src/screens/game/use-preview-taps.ts';
import { watchPreviewTaps } from '../../src/stage/preview-taps.ts';
import { StagePreview } from '../../src/stage/StagePreview.tsx';
import type { StageMark } from '../../src/stage/types.ts';
import { landscapePicture } from './stage-fixtures.ts';

// Once the picture shown as an image draws the tickets' marks (the game loaded, the engine still
// starting), a tap's new mark shows in the tap's own frame as a crosshair, and the screen hears of
// the tap once that frame is painted (issue 29, src/stage/preview-taps.ts): the screen's render,
// the numbered mark and the ticket bar come in the next frame, not in the tap's.

/** The preview image of the 2000 x 1000 picture's 1000 x 500 copy in a 400 x 400 box at (10, 20): the photo shows 400 x 200, 100 px down. */
function layOut(image: HTMLImageElement) {
  Object.defineProperty(image, 'naturalWidth', { value: 1000, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: 500, configurable: true });
  image.getBoundingClientRect = () => DOMRect.fromRect({ x: 10, y: 20, width: 400, height: 400 });
}

function tap(target: Element, clientX: number, clientY: number, pointerId = 1) {
  fireEvent.pointerDown(target, { clientX, clientY, pointerId, pointerType: 'touch', button: 0 });
  fireEvent.pointerUp(target, { clientX, clientY, pointerId, pointerType: 'touch', button: 0 });
}

/** The frame after the tap runs its callbacks and paints; then the task queued from it runs (a 0 ms timeout: 1 ms in the fake clock). */
function paintNextFrame() {
  vi.advanceTimersToNextFrame();
  vi.advanceTimersByTime(1);
}

/** A game screen keeping its tickets in React state: a place is a new numbered, selected ticket, unless it refuses. */
function Screen({
  refuses = false,
  onPlace,
}: {
  refuses?: boolean;
  onPlace: (point: { x: number; y: number }) => void;
}) {
  const [marks, setMarks] = useState<StageMark[]>([{ id: 't1', label: '1', point: { x: 500, y: 250 } }]);
  const [selectedId, setSelectedId] = useState<string | null>('t1');
  usePreviewTaps(landscapePicture, 'marking', {
    marks,
    selectedId,
    place: (point) => {
      onPlace(point);
      if (refuses) return;
      const id = `t${marks.length + 1}`;
      setMarks((now) => [...now, { id, label: String(now.length + 1), point }]);
      setSelectedId(id);
    },
    select: setSelectedId,
  });
  return <StagePreview picture={landscapePicture} label="Loading" marks={marks} selectedId={selectedId} />;
}

let stop: () => void;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  stop = watchPreviewTaps(document);
});
afterEach(() => {
  cleanup();
  stop();
  vi.useRealTimers();
});

function setUp(refuses = false) {
  const placed: Array<{ x: number; y: number }> = [];
  const view = render(<Screen refuses={refuses} onPlace={(point) => placed.push(point)} />);
  const image = view.container.querySelector('img')!;
  layOut(image);
  const cross = view.container.querySelector<HTMLElement>('.placing-cross')!;
  const numbers = () => [...view.container.querySelectorAll('.stage-preview__mark')].map((mark) => mark.textContent);
  return { ...view, image, cross, placed, numbers };
}

describe('a tap on an empty spot of the picture shown as an image, its marks drawn', () => {
  it('shows its crosshair at once, and is placed after the frame that shows it, the numbered mark taking its place', () => {
    const { image, cross, placed, numbers } = setUp();
    expect(cross.hidden).toBe(true);
    // The middle of the photo: 200 px into the image's box each way.
    tap(image, 10 + 200, 20 + 200);
    expect(cross.hidden).toBe(false);
    expect(cross.style.transform).toBe('translate(200px, 200px)');
    expect(placed).toEqual([]);
    expect(numbers()).toEqual(['1']);

    paintNextFrame();
    expect(placed).toEqual([{ x: 1000, y: 500 }]);
    // Rendered in that task: the new ticket's mark drawn, selected, and the crosshair gone with it.
    expect(numbers()).toEqual(['1', '2']);
    expect(cross.hidden).toBe(true);
  });

  it('loses its crosshair when the screen refuses it', () => {
    const { image, cross, placed, numbers } = setUp(true);
    tap(image, 210, 220);
    expect(cross.hidden).toBe(false);
    paintNextFrame();
    expect(placed).toHaveLength(1);
    expect(numbers()).toEqual(['1']);
    expect(cross.hidden).toBe(true);
  });

  it('keeps every tap of one frame, in order, the crosshair at the latest', () => {
    const { image, cross, placed, numbers } = setUp();
    tap(image, 10 + 100, 20 + 250);
    tap(image, 10 + 300, 20 + 150, 2);
    expect(cross.style.transform).toBe('translate(300px, 150px)');
    paintNextFrame();
    expect(placed).toEqual([
      { x: 500, y: 750 },
      { x: 1500, y: 250 },
    ]);
    expect(numbers()).toEqual(['1', '2', '3']);
    expect(cross.hidden).toBe(true);
  });

  it("on another ticket's mark shows the crosshair over that mark at once, and selects it after the frame", () => {
    const { image, cross, placed } = setUp();
    tap(image, 10 + 200, 20 + 200);
    paintNextFrame();
    const selected = () => document.querySelector('.stage-preview__mark[data-kind="selected"]')?.textContent;
    expect(selected()).toBe('2');
    // Ticket 1 is at the photo's quarter: (10 + 100, 20 + 100 + 50). A tap a few px beside it is on it.
    tap(image, 113, 168);
    expect(cross.hidden).toBe(false);
    // Over the mark's point (the centre of the picture's pixel 500, 250), not where the finger fell.
    expect(cross.style.transform).toBe('translate(100.1px, 150.1px)');
    expect(selected()).toBe('2');

    paintNextFrame();
    // Rendered in that task: ticket 1 selected, and the crosshair gone with it.
    expect(selected()).toBe('1');
    expect(cross.hidden).toBe(true);
    expect(placed).toHaveLength(1);
  });

  it("on the selected ticket's mark does nothing, with no crosshair", () => {
    const { image, cross, placed } = setUp();
    // Ticket 1, selected from the start.
    tap(image, 110, 170);
    expect(cross.hidden).toBe(true);
    paintNextFrame();
    expect(document.querySelector('.stage-preview__mark[data-kind="selected"]')?.textContent).toBe('1');
    expect(placed).toEqual([]);
  });

  it('keeps a select behind a place of the same frame: the new ticket, then ticket 1 selected', async () => {
    const { image, cross, placed, numbers } = setUp();
    tap(image, 10 + 300, 20 + 150);
    // On ticket 1, still the selected one when this tap comes: it waits its turn, unshown.
    tap(image, 110, 170, 2);
    expect(cross.style.transform).toBe('translate(300px, 150px)');
    paintNextFrame();
    expect(placed).toEqual([{ x: 1500, y: 250 }]);
    expect(numbers()).toEqual(['1', '2']);
    // Taken as a tap the screen did not answer at once: rendered by React's next task.
    await vi.waitFor(() =>
      expect(document.querySelector('.stage-preview__mark[data-kind="selected"]')?.textContent).toBe('1'),
    );
    // And the crosshair with it.
    expect(cross.hidden).toBe(true);
  });

  it('is dropped when the screen goes before its frame', () => {
    const { image, placed, unmount } = setUp();
    tap(image, 210, 220);
    unmount();
    paintNextFrame();
    expect(placed).toEqual([]);
  });
});
