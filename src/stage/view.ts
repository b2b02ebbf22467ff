/**
 * Pure view rules of the stage: zoom limits, clamping, gestures, keyboard, variant choice and
 * where the loupe goes. No Pixi, no DOM: the engine and the React edge call these, the unit tests
 * check them. Every change of coordinate space goes through coords.ts.
 */
import {
  type ImagePoint,
  type ScreenPoint,
  type Size,
  type ViewTransform,
  fitView,
  imagePoint,
  screenPoint,
  screenToWorld,
  worldToImage,
  zoomAt,
} from './coords.ts';
import type { GamePicture, PictureVariant } from '../../domain/practice.ts';
import { PHONE_PICTURE_WIDTH, phoneCopyUrl } from '../../domain/site-paths.ts';

export interface ZoomLimits {
  min: number;
  max: number;
  /**
   * Zoomed in past the stage's height, the picture may rise this many CSS px above the stage's
   * bottom edge: the zoom buttons float over the bottom corner, and no pixel may stay under them.
   */
  bottomInset?: number;
}

/** Zoom in at least this far beyond fit... */
export const MIN_ZOOM_OVER_FIT = 12;
/** ...and at least until one original pixel covers this many CSS pixels, so any pixel can be hit. */
export const MIN_MAX_PIXEL_SIZE = 8;
/** One press of + or - (button or key). */
export const ZOOM_STEP = 1.5;

/**
 * The band at the stage's foot that the zoom buttons take (44 px buttons 8 px from the edge, and
 * 4 px to spare): a picture zoomed in may rise that far, so its bottom row can be tapped.
 */
export const ZOOM_BUTTONS_BAND = 56;

export function zoomLimits(stage: Size, image: Size, bottomInset = 0): ZoomLimits {
  const fit = fitView(stage, image).scale;
  return { min: fit, max: Math.max(fit * MIN_ZOOM_OVER_FIT, MIN_MAX_PIXEL_SIZE), bottomInset };
}

/**
 * The picture never leaves the view: the scale stays within the limits; along an axis where the
 * picture is smaller than the stage it is centred, otherwise no gap opens at either edge, but
 * for the band the limits keep free at the bottom (`bottomInset`).
 */
export function clampView(view: ViewTransform, stage: Size, image: Size, limits: ZoomLimits): ViewTransform {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale));
  const axis = (offset: number, stageLength: number, imageLength: number, endInset: number) => {
    const drawn = imageLength * scale;
    if (drawn <= stageLength) return (stageLength - drawn) / 2;
    return Math.min(0, Math.max(stageLength - drawn - endInset, offset));
  };
  return {
    scale,
    x: axis(view.x, stage.width, image.width, 0),
    y: axis(view.y, stage.height, image.height, limits.bottomInset ?? 0),
  };
}

/** A view of `scale` with the world point (cx, cy) in the middle of the stage, clamped. */
export function viewCentredOn(
  scale: number,
  cx: number,
  cy: number,
  stage: Size,
  image: Size,
  limits: ZoomLimits,
): ViewTransform {
  return clampView({ scale, x: stage.width / 2 - cx * scale, y: stage.height / 2 - cy * scale }, stage, image, limits);
}

/** Zoom by `factor` about a screen point, then clamp. */
export function zoomViewAt(
  view: ViewTransform,
  anchor: ScreenPoint,
  factor: number,
  stage: Size,
  image: Size,
  limits: ZoomLimits,
): ViewTransform {
  return clampView(zoomAt(view, anchor, factor, limits.min, limits.max), stage, image, limits);
}

/** Whether the view shows the whole picture (so a resize keeps it fitted). */
export function isAtFit(view: ViewTransform, limits: ZoomLimits): boolean {
  return view.scale <= limits.min * 1.0001;
}

/** Pointer travel (CSS px) below which a press and release is a tap, not a drag. */
export const TAP_SLOP = { mouse: 5, pen: 6, touch: 10 } as const;

export function isTap(start: { x: number; y: number }, end: { x: number; y: number }, pointerType: string): boolean {
  const slop = TAP_SLOP[pointerType as keyof typeof TAP_SLOP] ?? TAP_SLOP.mouse;
  return Math.hypot(end.x - start.x, end.y - start.y) < slop;
}

/** Zoom factor of one wheel event; ctrl+wheel is a trackpad pinch (small, frequent deltas). */
export function wheelFactor(deltaY: number, deltaMode: number, ctrlKey: boolean): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-200, Math.min(200, pixels));
  return Math.exp(-clamped * (ctrlKey ? 0.01 : 0.002));
}

/** Two-finger pinch: zoom by the change in finger distance about the midpoint, and pan with it. */
export function pinchView(
  view: ViewTransform,
  before: [ScreenPoint, ScreenPoint],
  after: [ScreenPoint, ScreenPoint],
  stage: Size,
  image: Size,
  limits: ZoomLimits,
): ViewTransform {
  const distance = (pair: [ScreenPoint, ScreenPoint]) =>
    Math.max(1, Math.hypot(pair[1].x - pair[0].x, pair[1].y - pair[0].y));
  const mid = (pair: [ScreenPoint, ScreenPoint]) =>
    screenPoint((pair[0].x + pair[1].x) / 2, (pair[0].y + pair[1].y) / 2);
  const m0 = mid(before);
  const m1 = mid(after);
  const zoomed = zoomAt(view, m0, distance(after) / distance(before), limits.min, limits.max);
  return clampView({ scale: zoomed.scale, x: zoomed.x + m1.x - m0.x, y: zoomed.y + m1.y - m0.y }, stage, image, limits);
}

/** The display variant for a stage: 'small' below 1400 device pixels wide, else the largest. */
export const SMALL_VARIANT_BELOW = 1400;

export function chooseVariant(picture: GamePicture, stageCssWidth: number, devicePixelRatio: number): PictureVariant {
  const bySize = [...picture.variants].sort((a, b) => a.width - b.width);
  if (bySize.length === 0) throw new Error('The picture has no display variant');
  const small = bySize.find((variant) => variant.name === 'small');
  if (small && stageCssWidth * devicePixelRatio < SMALL_VARIANT_BELOW) return small;
  return bySize.find((variant) => variant.name === 'large') ?? bySize[bySize.length - 1]!;
}

/**
 * The variant a stage of `stage` (CSS px) needs to show `picture` at `scale` (its fit, a zoom):
 * never one narrower than the stage.
 */
export function variantFor(picture: GamePicture, stage: Size, scale: number, devicePixelRatio: number): PictureVariant {
  return chooseVariant(picture, Math.max(stage.width, picture.width * scale), devicePixelRatio);
}

/** A copy of the picture the stage may draw: one of its variants, or the small one's phone copy. */
export type DrawableVariant = Omit<PictureVariant, 'name'> & { name: PictureVariant['name'] | 'phone' };

/** Where the server's display copies are, which offer their phone copy (`?w=800`, server/routes/pictures.routes.ts). */
const SERVED_COPIES = '/api/v1/pictures/';

/**
 * The small variant's phone copy (`?w=800`, the copy a phone's first paint shows: domain/site-paths.ts),
 * as a variant the stage may draw; none when the small variant is no wider than that, or is not one
 * of the server's copies (a picture drawn in the page, as the stage's development page's).
 */
export function phoneCopy(picture: GamePicture): DrawableVariant | null {
  const small = picture.variants.find((variant) => variant.name === 'small');
  if (!small || small.width <= PHONE_PICTURE_WIDTH || !small.url.startsWith(SERVED_COPIES)) return null;
  return {
    name: 'phone',
    url: phoneCopyUrl(small.url),
    width: PHONE_PICTURE_WIDTH,
    height: Math.round((small.height * PHONE_PICTURE_WIDTH) / small.width),
  };
}

/** Every variant the stage may draw: the picture's own and the phone copy. */
export function drawableVariants(picture: GamePicture): DrawableVariant[] {
  const phone = phoneCopy(picture);
  return phone ? [phone, ...picture.variants] : [...picture.variants];
}

/**
 * The variant the stage draws `picture` from at `scale`: the phone copy while the stage is at most
 * its width in device pixels (a phone's fit), else the variant that view needs (variantFor).
 *
 * Not the small variant on a phone (issue 29): a canvas's browser prepares a picture drawn at under
 * half its size as a smaller copy on the main thread in the frame that first draws it. The small
 * variant (1280 px) fitted into a phone's stage (360 x 192 CSS px at 2x: 576 device px wide) was
 * drawn at 0.45 and held that frame for 130-170 ms at 4x CPU slowdown, traced as
 * GpuImageDecodeCache::DecodeImage in CanvasRenderingContext2D::FinalizeFrame, just after the stage
 * was ready; the phone copy is drawn there at 0.72, and is a fifth of the bytes.
 */
export function drawnVariant(
  picture: GamePicture,
  stage: Size,
  scale: number,
  devicePixelRatio: number,
): DrawableVariant {
  // Asked on every move of the camera: the phone copy is looked for only where it would do.
  const needed = Math.max(stage.width, picture.width * scale) * devicePixelRatio;
  return (needed <= PHONE_PICTURE_WIDTH && phoneCopy(picture)) || variantFor(picture, stage, scale, devicePixelRatio);
}

/** The variant the stage draws `picture` from fitted, as a new picture starts (Camera.setImage). */
export function fitDrawnVariant(picture: GamePicture, stage: Size, devicePixelRatio: number): DrawableVariant {
  return drawnVariant(picture, stage, fitView(stage, picture).scale, devicePixelRatio);
}

/** The original pixel in the middle of the view (Enter places the mark there). */
export function centrePixel(view: ViewTransform, stage: Size, image: Size): ImagePoint {
  const world = screenToWorld(screenPoint(stage.width / 2, stage.height / 2), view);
  return (
    worldToImage(world, image) ??
    imagePoint(
      Math.min(image.width - 1, Math.max(0, Math.floor(world.x))),
      Math.min(image.height - 1, Math.max(0, Math.floor(world.y))),
    )
  );
}

/** A pixel moved by (dx, dy), kept inside the picture. */
export function nudge(point: { x: number; y: number }, dx: number, dy: number, image: Size): ImagePoint {
  return imagePoint(
    Math.min(image.width - 1, Math.max(0, point.x + dx)),
    Math.min(image.height - 1, Math.max(0, point.y + dy)),
  );
}

export type KeyAction =
  | { type: 'move'; dx: number; dy: number }
  | { type: 'placeCentre' }
  | { type: 'select'; step: 1 | -1 }
  | { type: 'zoom'; factor: number }
  | { type: 'resetZoom' };

/** What a key does on the focused stage; null leaves the key to the browser. */
export function keyAction(key: string, shiftKey: boolean, modifier: boolean): KeyAction | null {
  if (modifier) return null;
  const step = shiftKey ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { type: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { type: 'move', dx: step, dy: 0 };
    case 'ArrowUp':
      return { type: 'move', dx: 0, dy: -step };
    case 'ArrowDown':
      return { type: 'move', dx: 0, dy: step };
    case 'Enter':
      return { type: 'placeCentre' };
    case ']':
    case 'n':
    case 'N':
      return { type: 'select', step: 1 };
    case '[':
    case 'p':
    case 'P':
      return { type: 'select', step: -1 };
    case '+':
    case '=':
      return { type: 'zoom', factor: ZOOM_STEP };
    case '-':
    case '_':
      return { type: 'zoom', factor: 1 / ZOOM_STEP };
    case '0':
      return { type: 'resetZoom' };
    default:
      return null;
  }
}

/** The id `step` places after `selectedId`, wrapping around; null when there are no marks. */
export function neighbourId(ids: readonly string[], selectedId: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = selectedId === null ? -1 : ids.indexOf(selectedId);
  if (index < 0) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[(index + step + ids.length) % ids.length]!;
}

/** The loupe's geometry: a circle of `radius` CSS px showing the picture `zoom` times larger. */
export const LOUPE = { radius: 64, gap: 48, zoom: 3, minPixelSize: 12 } as const;

/**
 * Where the loupe's centre goes for a finger at `finger`: above it, clear of the finger; below
 * when there is no room above; always fully inside the stage when the stage is big enough.
 */
export function loupeCentre(
  finger: ScreenPoint,
  stage: Size,
  radius: number = LOUPE.radius,
  gap: number = LOUPE.gap,
): ScreenPoint {
  const above = finger.y - gap - radius;
  const y = above - radius >= 0 ? above : Math.min(stage.height - radius, finger.y + gap + radius);
  const x = Math.min(Math.max(finger.x, radius), Math.max(radius, stage.width - radius));
  return screenPoint(x, y);
}

/** The loupe's magnification in CSS px per original px: zoomed past the view, enough to see one pixel. */
export function loupeScale(viewScale: number): number {
  return Math.max(viewScale * LOUPE.zoom, LOUPE.minPixelSize);
}

/** Marks keep their on-screen size at every zoom: sizes in CSS px. */
export const MARK = {
  arm: 9,
  gap: 3,
  selectedArm: 14,
  /** The label's centre, up and right of the crosshair, and its tappable half-size. */
  labelOffset: { x: 15, y: -15 },
  labelHit: 13,
  /** A tap this close to a mark's centre (CSS px) is a tap on the mark: it selects it, or grabs the selected one. */
  hitRadius: 12,
} as const;

/**
 * The order marks are drawn in, whoever draws them (the engine's MarksLayer, the image's
 * PreviewMarks): the selected one last, above the others; a locked mark is never the selected one.
 */
export function drawOrder<M extends { id: string; locked?: boolean }>(
  marks: readonly M[],
  selectedId: string | null,
): { ordered: readonly M[]; selected: M | undefined } {
  const selected = marks.find((mark) => mark.id === selectedId && !mark.locked);
  return { ordered: selected ? [...marks.filter((mark) => mark !== selected), selected] : marks, selected };
}

/** Whether a screen point hits the label of a mark drawn at `mark` (screen). */
export function hitsLabel(point: ScreenPoint, mark: ScreenPoint): boolean {
  return (
    Math.abs(point.x - (mark.x + MARK.labelOffset.x)) <= MARK.labelHit &&
    Math.abs(point.y - (mark.y + MARK.labelOffset.y)) <= MARK.labelHit
  );
}

/** Whether a screen point is on a mark drawn at `mark`: within the hit radius of its centre, or on its number. */
export function hitsMark(point: ScreenPoint, mark: ScreenPoint): boolean {
  return Math.hypot(point.x - mark.x, point.y - mark.y) <= MARK.hitRadius || hitsLabel(point, mark);
}

/**
 * The mark a tap at `point` is on, the nearest centre first; null when the tap is on an empty
 * spot (the stage decides this in screen pixels and tells the machine only which ticket).
 */
export function markUnder(point: ScreenPoint, marks: ReadonlyArray<{ id: string; at: ScreenPoint }>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const mark of marks) {
    if (!hitsMark(point, mark.at)) continue;
    const distance = Math.hypot(point.x - mark.at.x, point.y - mark.at.y);
    if (distance < bestDistance) {
      best = mark.id;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The mark a tap on the picture is on, as every part that hears taps reads it (the engine's
 * gestures, the game screen for a tap on the preview image): with tap-to-place, a tap on a mark
 * (within its hit radius, or on its number); with one mark that moves, only on another mark's
 * number. `drawn` are the marks a tap may select (locked ones, bought or in the cart, never are).
 * Null: the tap is on an empty spot and places (or moves) a mark.
 */
export function markTapped(
  at: ScreenPoint,
  drawn: ReadonlyArray<{ id: string; at: ScreenPoint }>,
  selectedId: string | null,
  tapToPlace: boolean,
): string | null {
  if (tapToPlace) return markUnder(at, drawn);
  return drawn.find((mark) => mark.id !== selectedId && hitsLabel(at, mark.at))?.id ?? null;
}

/**
 * The delete control of the selected mark: a 44 px target this far from the mark's centre,
 * below it (clear of its number, up and right), else left of it, else above it, whichever first
 * fits inside the stage and off the zoom buttons' corner; never within the mark's hit radius.
 */
export const DELETE_CONTROL = { size: 44, distance: 38, margin: 4 } as const;

export function deleteControlSpot(mark: ScreenPoint, stage: Size): ScreenPoint {
  const { size, distance, margin } = DELETE_CONTROL;
  const half = size / 2;
  const fits = (spot: ScreenPoint) =>
    spot.x - half >= margin &&
    spot.y - half >= margin &&
    spot.x + half <= stage.width - margin &&
    spot.y + half <= stage.height - margin &&
    // The zoom buttons: three 44 px buttons in the bottom-right corner.
    !(spot.x + half > stage.width - 3 * 44 - 24 && spot.y + half > stage.height - ZOOM_BUTTONS_BAND);
  const spots = [
    screenPoint(mark.x, mark.y + distance),
    screenPoint(mark.x - distance, mark.y),
    screenPoint(mark.x - distance * 0.75, mark.y - distance * 0.75),
    screenPoint(mark.x + distance, mark.y + distance * 0.5),
  ];
  const spot = spots.find(fits) ?? spots[0]!;
  return screenPoint(
    Math.min(Math.max(spot.x, half + margin), Math.max(half + margin, stage.width - half - margin)),
    Math.min(Math.max(spot.y, half + margin), Math.max(half + margin, stage.height - half - margin)),
  );
}

/**
 * Where the zoom hint goes so that it covers no mark: at the foot of the stage, else at its top,
 * else nowhere. `hint` is its box's size, left-aligned `inset` px in from the stage's edges.
 */
export function hintPlacement(
  marks: readonly ScreenPoint[],
  stage: Size,
  hint: Size,
  inset = 8,
): 'bottom' | 'top' | null {
  // What a mark draws round its centre: the crosshair's arms, and its number up and to the right.
  const left = MARK.selectedArm + 2;
  const right = MARK.labelOffset.x + MARK.labelHit + 2;
  const up = -MARK.labelOffset.y + MARK.labelHit + 2;
  const down = MARK.selectedArm + 2;
  const clear = (top: number) =>
    !marks.some(
      (mark) =>
        mark.x + right >= inset &&
        mark.x - left <= inset + hint.width &&
        mark.y + down >= top &&
        mark.y - up <= top + hint.height,
    );
  if (clear(stage.height - inset - hint.height)) return 'bottom';
  if (clear(inset)) return 'top';
  return null;
}

/** A view that puts a screen point inside the stage with `margin` px to spare (keyboard moves). */
export function panToShow(
  view: ViewTransform,
  point: ScreenPoint,
  stage: Size,
  image: Size,
  limits: ZoomLimits,
  margin = 32,
): ViewTransform {
  const dx = point.x < margin ? margin - point.x : point.x > stage.width - margin ? stage.width - margin - point.x : 0;
  const dy =
    point.y < margin ? margin - point.y : point.y > stage.height - margin ? stage.height - margin - point.y : 0;
  if (dx === 0 && dy === 0) return view;
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, stage, image, limits);
}
