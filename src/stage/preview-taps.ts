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
import { withoutMouseEvents } from './touch-end.ts';
import { isTap } from './view.ts';

const PREVIEW_IMAGE = '.stage-preview__image';

interface Press {
  type: string;
  start: { x: number; y: number };
  rect: ClientRect;
  content: Size;
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

type Listener = (tap: PreviewTap) => void;

let kept: PreviewTap[] = [];
/** Whether the player has pressed on a preview image since the page opened, and when last (performance.now). */
let touched = false;
let pressedAt: number | null = null;
let listener: Listener | null = null;
let stopWatching: (() => void) | null = null;

function deliver(tap: PreviewTap): void {
  if (listener) listener(tap);
  else kept.push(tap);
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
      deliver({ fraction, shown: { width: press.content.width * scale, height: press.content.height * scale } });
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
 * The game screen's ear for those taps: the ones kept so far first, then each as it comes; one
 * screen listens at a time. Returns the way to stop listening, which also forgets any tap kept
 * meanwhile: it was for this screen's picture, not the next one's.
 */
export function onPreviewTap(handler: Listener): () => void {
  listener = handler;
  const waiting = kept;
  kept = [];
  for (const tap of waiting) handler(tap);
  return () => {
    if (listener === handler) listener = null;
    kept = [];
  };
}
