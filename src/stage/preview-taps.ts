/**
 * No tap is lost before the stage engine is up (issue 25): from the app's first script on, a tap
 * on the picture shown as a plain image (StagePreview's <img>, in the pre-rendered first paint,
 * while the game loads, while Pixi starts) is kept as a fraction of the picture, and the game
 * screen places it as soon as it can (screens/game/use-preview-taps.ts). The page-level
 * listeners see a tap whatever happens to the image meanwhile: the first paint is replaced by
 * the app's render, the preview goes when the stage has drawn the picture.
 *
 * The last moment before this script runs (the pre-rendered page painted, the script still on its
 * way) is out of reach: the site's CSP allows no inline script to listen earlier.
 */
import { type ClientRect, type PictureFraction, type Size, clientToFraction, fitView } from './coords.ts';
import { PlacesInFlight, showPlacingCross } from './placing-cross.ts';
import { withoutMouseEvents } from './touch-end.ts';
import { isTap } from './view.ts';

const PREVIEW_IMAGE = '.stage-preview__image';
/** The preview's crosshair for a tap's new mark (PreviewMarks.tsx PlacingCross), shown while the preview draws marks. */
const PLACING_CROSS = '.placing-cross';

interface Press {
  type: string;
  start: { x: number; y: number };
  rect: ClientRect;
  content: Size;
  /** The crosshair of the preview pressed on, if it draws marks. */
  cross: HTMLElement | null;
}

/**
 * A tap on the preview image: where on the picture (a fraction of it), and the picture's size on
 * screen then (CSS px), by which the game screen tells a tap on a mark from one beside it as the
 * stage does (view.ts, MARK's hit sizes are CSS px).
 */
export interface PreviewTap {
  fraction: PictureFraction;
  shown: Size;
}

/**
 * What a tap answered at once shows, as the selected mark's crosshair: a new mark where the tap
 * fell, or the selection of another ticket's mark (`at`, where that mark is on the picture).
 */
export type ShownAnswer = { kind: 'place' } | { kind: 'select'; id: string; at: PictureFraction };

/** The game screen's ear (use-preview-taps.ts). */
export interface PreviewTapListener {
  /**
   * Whether the screen answers the tap now (the game marking, no tap kept before it): a new mark
   * (on no mark) or another ticket selected (on its mark). The preview then shows the answer at
   * once as a crosshair, and the screen hears of the tap after the frame that shows it; null: the
   * tap is taken as it is.
   */
  answerNow(tap: PreviewTap): ShownAnswer | null;
  /** A tap for the screen to place, select with or keep. */
  take(tap: PreviewTap): void;
  /**
   * A tap answerNow showed, once the frame showing it is painted: placed or selected and rendered
   * at once (or taken as any other, if the screen has changed since); true when it answered with
   * new marks or another selected.
   */
  shownTold(tap: PreviewTap): boolean;
}

let kept: PreviewTap[] = [];
/** The crosshair shown for the latest tap answered at once. */
let shownCross: HTMLElement | null = null;
/**
 * Taps waiting for the frame that shows the first of them (issue 29): a tap's frame that waited
 * for the screen's render answered in 72-168 ms at 4x CPU (bench/stage-ready.ts); the screen then
 * renders a frame later, with the ticket's numbered mark or the selection. A tap after one waiting
 * waits too, in turn.
 */
const inFlight = new PlacesInFlight(() => {
  showPlacingCross(shownCross, null);
  shownCross = null;
});
/** Whether the player has pressed on a preview image since the page opened, and when last (performance.now). */
let touched = false;
let pressedAt: number | null = null;
let listener: PreviewTapListener | null = null;
let stopWatching: (() => void) | null = null;

function deliver(tap: PreviewTap, press: Press, at: { x: number; y: number }): void {
  if (!listener) {
    kept.push(tap);
    return;
  }
  const answer = press.cross !== null && press.cross.isConnected ? listener.answerNow(tap) : null;
  if (!answer && !inFlight.waiting) {
    listener.take(tap);
    return;
  }
  if (answer) {
    shownCross = press.cross;
    showPlacingCross(shownCross, crossAt(answer, press, at));
    inFlight.showing();
  }
  inFlight.tellAfterPaint(() => {
    if (!listener) kept.push(tap);
    else if (answer) return listener.shownTold(tap);
    else listener.take(tap);
  });
}

/** Where in the preview's box (px from its top left) the crosshair shows an answer: the tap's spot, or the selected mark's. */
function crossAt(answer: ShownAnswer, press: Press, at: { x: number; y: number }): { x: number; y: number } {
  if (answer.kind === 'place') return { x: at.x - press.rect.left, y: at.y - press.rect.top };
  const view = fitView(press.rect, press.content);
  return {
    x: view.x + answer.at.x * press.content.width * view.scale,
    y: view.y + answer.at.y * press.content.height * view.scale,
  };
}

/**
 * Starts listening for taps on the preview image, once per page (src/main.tsx calls it first
 * thing); returns the way to stop, for the tests.
 */
export function watchPreviewTaps(target: Document = document): () => void {
  if (stopWatching) return stopWatching;
  const presses = new Map<number, Press>();
  const down = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const image = event.target instanceof Element ? event.target.closest<HTMLImageElement>(PREVIEW_IMAGE) : null;
    // Not loaded yet: there is nothing on screen to aim at.
    if (!image || !image.naturalWidth || !image.naturalHeight) return;
    touched = true;
    pressedAt = event.timeStamp;
    const box = image.getBoundingClientRect();
    presses.set(event.pointerId, {
      type: event.pointerType,
      start: { x: event.clientX, y: event.clientY },
      rect: { left: box.left, top: box.top, width: box.width, height: box.height },
      content: { width: image.naturalWidth, height: image.naturalHeight },
      // The image fills its preview's box: the crosshair's place in it is the tap's on the image.
      cross: image.parentElement?.querySelector<HTMLElement>(PLACING_CROSS) ?? null,
    });
  };
  const up = (event: PointerEvent) => {
    const press = presses.get(event.pointerId);
    presses.delete(event.pointerId);
    if (!press) return;
    const at = { x: event.clientX, y: event.clientY };
    // A drag or a scroll is no tap; a tap on the bands around the picture is no mark.
    if (!isTap(press.start, at, press.type)) return;
    const fraction = clientToFraction(at.x, at.y, press.rect, press.content);
    const { scale } = fitView(press.rect, press.content);
    if (fraction)
      deliver(
        { fraction, shown: { width: press.content.width * scale, height: press.content.height * scale } },
        press,
        at,
      );
  };
  const cancel = (event: PointerEvent) => presses.delete(event.pointerId);
  // A finger lifted from the image: no mouse events and click after it (touch-end.ts). A touch's
  // events go to the element it started on.
  const touchEnd = (event: TouchEvent) => {
    if (event.target instanceof Element && event.target.closest(PREVIEW_IMAGE)) withoutMouseEvents(event);
  };
  const options = { capture: true, passive: true };
  const cancellable = { capture: true, passive: false };
  target.addEventListener('pointerdown', down, options);
  target.addEventListener('pointerup', up, options);
  target.addEventListener('pointercancel', cancel, options);
  target.addEventListener('touchend', touchEnd, cancellable);
  stopWatching = () => {
    target.removeEventListener('pointerdown', down, options);
    target.removeEventListener('pointerup', up, options);
    target.removeEventListener('pointercancel', cancel, options);
    target.removeEventListener('touchend', touchEnd, cancellable);
    stopWatching = null;
    kept = [];
    inFlight.drop();
    touched = false;
    pressedAt = null;
  };
  return stopWatching;
}

/**
 * Whether the player has pressed on the picture shown as a plain image since the page opened
 * (the pre-rendered first paint included, before the app could hear it): the stage then starts
 * its engine as soon as it mounts instead of waiting for an idle moment (PictureStage.tsx).
 */
export function previewTouched(): boolean {
  return touched;
}

/** When the player last pressed on a preview image (performance.now), or null. */
export function previewPressedAt(): number | null {
  return pressedAt;
}

/**
 * The preview has drawn the screen's marks (StagePreview.tsx, on each new set or selection): the
 * crosshair of a tap already told goes in the same frame as its numbered mark or selection comes.
 */
export function previewMarksDrawn(): void {
  inFlight.drawn();
}

/**
 * The game screen's ear for those taps: the ones kept so far first, then each as it comes; one
 * screen listens at a time. Returns the way to stop listening, which also forgets any tap kept or
 * waiting for its frame meanwhile: it was for this screen's picture, not the next one's.
 */
export function onPreviewTap(handler: PreviewTapListener): () => void {
  listener = handler;
  const earlier = kept;
  kept = [];
  for (const tap of earlier) handler.take(tap);
  return () => {
    if (listener !== handler) return;
    listener = null;
    kept = [];
    inFlight.drop();
  };
}
