/**
 * Where a ticket's small crop of the contest picture sits: the picture scaled so that `span`
 * original pixels fill a square of `box` CSS pixels, moved so the marked pixel's centre is in the
 * middle of the square, or as near as the picture's edges allow (the square never shows beyond
 * the picture). Plain arithmetic, no DOM: the component places an <img> by it.
 */
export interface TicketCropInput {
  /** The marked pixel, in original-picture integer pixels. */
  point: { x: number; y: number };
  /** The original picture's size (every display variant is a scaled copy of it). */
  picture: { width: number; height: number };
  /** The square's side, CSS pixels. */
  box: number;
  /** How many original pixels the square shows across (fewer when the picture is smaller). */
  span: number;
}

export interface TicketCropBox {
  /** CSS pixels per original pixel. */
  scale: number;
  /** The whole picture's drawn size, CSS pixels. */
  imageWidth: number;
  imageHeight: number;
  /** Where the picture's top-left corner lies, relative to the square's (zero or negative). */
  offsetX: number;
  offsetY: number;
  /** The marked pixel's centre inside the square, CSS pixels from its top-left corner. */
  markX: number;
  markY: number;
}

/** About 200 original pixels around the mark: a ball and what surrounds it. */
export const TICKET_CROP_SPAN = 200;
/** The square's side on the cart and payment screens, CSS pixels. */
export const TICKET_CROP_SIZE = 80;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function ticketCropBox({ point, picture, box, span }: TicketCropInput): TicketCropBox {
  if (!(box > 0) || !(span > 0) || !(picture.width > 0) || !(picture.height > 0))
    throw new RangeError('ticketCropBox needs a positive box, span and picture size');
  const shown = Math.min(span, picture.width, picture.height);
  const scale = box / shown;
  const imageWidth = picture.width * scale;
  const imageHeight = picture.height * scale;
  const centreX = (point.x + 0.5) * scale;
  const centreY = (point.y + 0.5) * scale;
  const offsetX = clamp(box / 2 - centreX, box - imageWidth, 0);
  const offsetY = clamp(box / 2 - centreY, box - imageHeight, 0);
  return { scale, imageWidth, imageHeight, offsetX, offsetY, markX: offsetX + centreX, markY: offsetY + centreY };
}
