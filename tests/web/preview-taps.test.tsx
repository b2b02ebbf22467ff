import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TapPhase, usePreviewTaps } from '../../src/screens/game/use-preview-taps.ts';
import { watchPreviewTaps } from '../../src/stage/preview-taps.ts';
import { StagePreview } from '../../src/stage/StagePreview.tsx';
import type { StageMark } from '../../src/stage/types.ts';

// No tap is lost before the stage engine is up (issue 25): a tap on the picture shown as a plain
// image is heard at the page's level, kept until the game can place it, and placed as the pixel
// the stage would have named.

/** The preview image of a 1000 x 500 copy laid out in a 400 x 400 box at (10, 20): the photo shows 400 x 200, 100 px down. */
function layOut(image: HTMLImageElement) {
  Object.defineProperty(image, 'naturalWidth', { value: 1000, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: 500, configurable: true });
  image.getBoundingClientRect = () => ({
    left: 10,
    top: 20,
    width: 400,
    height: 400,
    right: 410,
    bottom: 420,
    x: 10,
    y: 20,
    toJSON: () => ({}),
  });
}

/** A tap as the browser reports it: pointer down and up at one place (jsdom has no PointerEvent: MouseEvent with the fields). */
function tap(target: Element, clientX: number, clientY: number, { moveBy = 0, pointerId = 1 } = {}) {
  fireEvent.pointerDown(target, { clientX, clientY, pointerId, pointerType: 'touch', button: 0 });
  fireEvent.pointerUp(target, { clientX: clientX + moveBy, clientY, pointerId, pointerType: 'touch', button: 0 });
}

function Screen({
  picture,
  phase,
  place,
  marks = [],
  selectedId = null,
  select = () => undefined,
}: {
  picture: { width: number; height: number } | null;
  phase: TapPhase;
  place: (point: { x: number; y: number }) => void;
  marks?: StageMark[];
  selectedId?: string | null;
  select?: (id: string) => void;
}) {
  usePreviewTaps(picture, phase, { marks, selectedId, place, select });
  return (
    <StagePreview
      label="Loading the picture"
      image={{ src: '/first.jpg', srcSet: '/first.jpg 1280w', sizes: '100vw' }}
    />
  );
}

let stop: () => void;
beforeEach(() => {
  stop = watchPreviewTaps(document);
});
afterEach(() => {
  cleanup();
  stop();
});

const original = { width: 2000, height: 1000 };

describe('taps on the picture before the stage has drawn it', () => {
  it('are kept while the game loads and placed, as original pixels, once it can mark', () => {
    const place = vi.fn();
    const { container, rerender } = render(<Screen picture={null} phase="waiting" place={place} />);
    const image = container.querySelector('img')!;
    layOut(image);
    // The middle of the photo, and 5 screen px into its top-left corner (5 x 5 original px each).
    tap(image, 10 + 200, 20 + 200);
    tap(image, 10 + 1, 20 + 100 + 1);
    expect(place).not.toHaveBeenCalled();
    rerender(<Screen picture={original} phase="marking" place={place} />);
    expect(place.mock.calls).toEqual([[{ x: 1000, y: 500 }], [{ x: 5, y: 5 }]]);
    // While marking, a tap is placed at once.
    tap(image, 10 + 399, 20 + 299);
    expect(place).toHaveBeenLastCalledWith({ x: 1995, y: 995 });
  });

  it('count from before the app renders: a tap on the first paint is placed by the screen that mounts later', () => {
    // The build's first paint: a plain <img> the app has not rendered.
    const painted = document.createElement('img');
    painted.className = 'stage-preview__image';
    document.body.append(painted);
    layOut(painted);
    tap(painted, 10 + 200, 20 + 200);
    painted.remove();
    const place = vi.fn();
    render(<Screen picture={original} phase="marking" place={place} />);
    expect(place).toHaveBeenCalledWith({ x: 1000, y: 500 });
  });

  it('count when the image goes between the finger down and up (the stage drew the picture meanwhile)', () => {
    const place = vi.fn();
    const { container } = render(<Screen picture={original} phase="marking" place={place} />);
    const image = container.querySelector('img')!;
    layOut(image);
    fireEvent.pointerDown(image, { clientX: 210, clientY: 220, pointerId: 7, pointerType: 'touch' });
    image.remove();
    fireEvent.pointerUp(document.body, { clientX: 210, clientY: 220, pointerId: 7, pointerType: 'touch' });
    expect(place).toHaveBeenCalledWith({ x: 1000, y: 500 });
  });

  it('ignore a drag, a tap on the bands around the photo, and taps while the game neither loads nor marks', () => {
    const place = vi.fn();
    const { container, rerender } = render(<Screen picture={original} phase="marking" place={place} />);
    const image = container.querySelector('img')!;
    layOut(image);
    tap(image, 210, 220, { moveBy: 30 });
    tap(image, 210, 20 + 50);
    expect(place).not.toHaveBeenCalled();
    rerender(<Screen picture={original} phase="closed" place={place} />);
    tap(image, 210, 220);
    rerender(<Screen picture={original} phase="marking" place={place} />);
    expect(place).not.toHaveBeenCalled();
  });

  it('select the ticket of a mark the image shows, as the same tap on the stage does, and place beside it or on a locked one', () => {
    // The photo shows at 400 x 200 from (10, 120): one original pixel is 0.2 screen px.
    const marks: StageMark[] = [
      { id: 'a', label: '1', point: { x: 1000, y: 500 } },
      { id: 'b', label: '2', point: { x: 500, y: 250 } },
      { id: 'cart-0', label: '', point: { x: 1500, y: 750 }, locked: true },
    ];
    const place = vi.fn();
    const select = vi.fn();
    const { container } = render(
      <Screen picture={original} phase="marking" place={place} marks={marks} selectedId="b" select={select} />,
    );
    const image = container.querySelector('img')!;
    layOut(image);
    // 7 px from ticket 1's point, within its 12 px: selects it, no second ticket beside it.
    tap(image, 210 + 5, 220 + 5);
    expect(select).toHaveBeenLastCalledWith('a');
    // On ticket 1's number, up and right of its point: selects it too.
    tap(image, 210 + 15, 220 - 15);
    expect(select).toHaveBeenCalledTimes(2);
    // On ticket 2, already selected: nothing to do.
    tap(image, 110 + 3, 170);
    expect(select).toHaveBeenCalledTimes(2);
    expect(place).not.toHaveBeenCalled();
    // 20 px beside ticket 1 (clear of its number): a new ticket there.
    tap(image, 210 + 20, 220);
    expect(place).toHaveBeenLastCalledWith({ x: 1100, y: 500 });
    // On the ticket in the cart: locked, never selected; the tap places (the machine then refuses the pixel).
    tap(image, 310, 270);
    expect(place).toHaveBeenLastCalledWith({ x: 1500, y: 750 });
    expect(select).toHaveBeenCalledTimes(2);
  });

  it('are forgotten when the screen goes: the next game screen does not get them', () => {
    const first = render(<Screen picture={null} phase="waiting" place={vi.fn()} />);
    const image = first.container.querySelector('img')!;
    layOut(image);
    tap(image, 210, 220);
    first.unmount();
    const place = vi.fn();
    act(() => {
      render(<Screen picture={original} phase="marking" place={place} />);
    });
    expect(place).not.toHaveBeenCalled();
  });
});

describe('a finger lifted from the picture before the stage has drawn it', () => {
  it('ends without the mouse events and click a browser would follow it with; a button or a scroll keeps them', () => {
    const { container } = render(
      <>
        <Screen picture={original} phase="marking" place={() => undefined} />
        <button type="button">Add</button>
      </>,
    );
    const image = container.querySelector('img')!;
    layOut(image);
    // fireEvent answers false when a listener cancelled the event.
    expect(fireEvent.touchEnd(image, { cancelable: true })).toBe(false);
    expect(fireEvent.touchEnd(container.querySelector('button')!, { cancelable: true })).toBe(true);
    // The end of a scroll that started on the image cannot be cancelled, and is not.
    const scrollEnd = new TouchEvent('touchend', { bubbles: true, cancelable: false });
    image.dispatchEvent(scrollEnd);
    expect(scrollEnd.defaultPrevented).toBe(false);
    stop();
    expect(fireEvent.touchEnd(image, { cancelable: true })).toBe(true);
  });

  it("moves the focus as the cancelled mousedown would have, after the tap's frame: to the stage it is in, or away from a button", async () => {
    const { container } = render(
      <>
        {/* The stage's host, as PictureStage renders it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="picture-stage__canvas" role="application" aria-label="Stage" tabIndex={0} data-testid="stage">
          <Screen picture={original} phase="marking" place={() => undefined} />
        </div>
        <Screen picture={original} phase="marking" place={() => undefined} />
        <button type="button">Add</button>
      </>,
    );
    const [inStage, alone] = [...container.querySelectorAll('img')];
    const button = container.querySelector('button')!;
    const stage = container.querySelector('[data-testid="stage"]');
    button.focus();
    fireEvent.touchEnd(inStage!, { cancelable: true });
    // Not in the touch's end, where it would bring the tap's layout forward: after its frame.
    expect(document.activeElement).toBe(button);
    await vi.waitFor(() => expect(document.activeElement).toBe(stage));
    button.focus();
    fireEvent.touchEnd(alone!, { cancelable: true });
    expect(document.activeElement).toBe(button);
    await vi.waitFor(() => expect(document.activeElement).toBe(document.body));
    // Something the tap opened took the focus before its frame (a dialog's button): it keeps it.
    fireEvent.touchEnd(inStage!, { cancelable: true });
    button.focus();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(document.activeElement).toBe(button);
  });
});
