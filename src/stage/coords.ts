/**
 * The one place where points change coordinate space. Plain TypeScript, no Pixi: the stage's
 * React edge and its tests both call these.
 *
 * Spaces:
 * - client:  CSS pixels of the page (PointerEvent.clientX/Y).
 * - screen:  CSS pixels of the stage's logical canvas, origin at its top-left. The canvas may be
 *            CSS-scaled (its box differs from the renderer's logical size); clientToScreen undoes
 *            that. Device pixel ratio never enters here: Pixi's autoDensity keeps the logical size
 *            in CSS pixels, and pointer events arrive in CSS pixels.
 * - world:   the viewport's world, which is the ORIGINAL photo's pixel space (floats). Whatever
 *            size variant is displayed, its sprite is scaled to the original's size.
 * - image:   integer pixels of the original photo: what a ticket stores.
 * - fraction: a point over the picture as fractions of its width and height (0 <= x, y < 1), the
 *            same whatever copy is shown: what a tap on the picture shown as a plain image (before
 *            the stage has drawn it, before the original's size may be known) is kept as.
 */

declare const brand: unique symbol;
type Branded<T, B extends string> = T & { readonly [brand]: B };

export type ScreenPoint = Branded<{ x: number; y: number }, 'screen'>;
export type WorldPoint = Branded<{ x: number; y: number }, 'world'>;
export type ImagePoint = Branded<{ x: number; y: number }, 'image'>;
export type PictureFraction = Branded<{ x: number; y: number }, 'fraction'>;

export const screenPoint = (x: number, y: number) => ({ x, y }) as ScreenPoint;
export const worldPoint = (x: number, y: number) => ({ x, y }) as WorldPoint;
export const imagePoint = (x: number, y: number) => ({ x, y }) as ImagePoint;
export const pictureFraction = (x: number, y: number) => ({ x, y }) as PictureFraction;

/** The viewport's placement of the world: screen = world * scale + offset. */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The canvas element's box on the page (getBoundingClientRect()). */
export interface ClientRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A pointer's page position to the stage's logical canvas pixels, undoing CSS scaling. */
export function clientToScreen(clientX: number, clientY: number, rect: ClientRect, logical: Size): ScreenPoint {
  return screenPoint(
    ((clientX - rect.left) * logical.width) / rect.width,
    ((clientY - rect.top) * logical.height) / rect.height,
  );
}

export function screenToClient(point: ScreenPoint, rect: ClientRect, logical: Size): { x: number; y: number } {
  return {
    x: rect.left + (point.x * rect.width) / logical.width,
    y: rect.top + (point.y * rect.height) / logical.height,
  };
}

export function screenToWorld(point: ScreenPoint, view: ViewTransform): WorldPoint {
  return worldPoint((point.x - view.x) / view.scale, (point.y - view.y) / view.scale);
}

export function worldToScreen(point: WorldPoint, view: ViewTransform): ScreenPoint {
  return screenPoint(point.x * view.scale + view.x, point.y * view.scale + view.y);
}

/** The original-photo pixel under a world point, or null outside the photo. */
export function worldToImage(point: WorldPoint, image: Size): ImagePoint | null {
  const x = Math.floor(point.x);
  const y = Math.floor(point.y);
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return null;
  return imagePoint(x, y);
}

/** Where a stored pixel is drawn: its centre, so a mark sits in the middle of its pixel. */
export function imageToWorld(point: ImagePoint): WorldPoint {
  return worldPoint(point.x + 0.5, point.y + 0.5);
}

/** The whole chain for a pointer: page position to the original-photo pixel under it. */
export function clientToImage(
  clientX: number,
  clientY: number,
  rect: ClientRect,
  logical: Size,
  view: ViewTransform,
  image: Size,
): ImagePoint | null {
  return worldToImage(screenToWorld(clientToScreen(clientX, clientY, rect, logical), view), image);
}

/** A displayed variant (e.g. 4096 px wide of an 8000 px original) is drawn at this scale. */
export function variantScale(original: Size, variant: Size): number {
  return original.width / variant.width;
}

/** The view that shows the whole picture centred in the stage ("fit"). */
export function fitView(stage: Size, image: Size): ViewTransform {
  const scale = Math.min(stage.width / image.width, stage.height / image.height);
  return { scale, x: (stage.width - image.width * scale) / 2, y: (stage.height - image.height * scale) / 2 };
}

/**
 * Zoom by `factor` keeping the world point under `anchor` fixed on screen (the wheel or pinch
 * centre), with the scale kept between `minScale` and `maxScale`.
 */
export function zoomAt(
  view: ViewTransform,
  anchor: ScreenPoint,
  factor: number,
  minScale: number,
  maxScale: number,
): ViewTransform {
  const scale = Math.min(maxScale, Math.max(minScale, view.scale * factor));
  const world = screenToWorld(anchor, view);
  return { scale, x: anchor.x - world.x * scale, y: anchor.y - world.y * scale };
}

/**
 * A pointer's page position over a picture shown as an image fitted into `rect` (object-fit:
 * contain, as the stage fits it), whose own size is `content` (any copy of the picture: only its
 * shape counts); null off the picture, on the bands around it.
 */
export function clientToFraction(
  clientX: number,
  clientY: number,
  rect: ClientRect,
  content: Size,
): PictureFraction | null {
  const view = fitView({ width: rect.width, height: rect.height }, content);
  const x = (clientX - rect.left - view.x) / (content.width * view.scale);
  const y = (clientY - rect.top - view.y) / (content.height * view.scale);
  if (!(x >= 0 && y >= 0 && x < 1 && y < 1)) return null;
  return pictureFraction(x, y);
}

/** The original pixel under a fraction of the picture, or null outside it. */
export function fractionToImage(point: PictureFraction, image: Size): ImagePoint | null {
  return worldToImage(worldPoint(point.x * image.width, point.y * image.height), image);
}

/** A pixel's centre as a fraction of the picture (fractionToImage's way back). */
export function imageToFraction(point: ImagePoint, image: Size): PictureFraction {
  return pictureFraction((point.x + 0.5) / image.width, (point.y + 0.5) / image.height);
}
