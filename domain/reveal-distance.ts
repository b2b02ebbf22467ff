/**
 * How far a mark was from the ball, in the unit a player understands: ball widths when the
 * picture says how wide its ball is, pixels of the original picture otherwise. Pure; the web
 * turns the verdict into words (src/screens/trial/reveal-words.ts) for the picture and the list.
 */
export type RevealDistance =
  /** The ball's width is unknown: pixels only. */
  | { kind: 'pixels'; pixels: number }
  /** The mark is on the ball itself: no further from its centre than its radius. */
  | { kind: 'onBall'; pixels: number }
  /** Off the ball but nearer than one ball width. */
  | { kind: 'underOneWidth'; pixels: number }
  /** One ball width or more, to one decimal. */
  | { kind: 'widths'; widths: number; pixels: number };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function revealDistance(pixels: number, ballWidth: number | null | undefined): RevealDistance {
  const rounded = oneDecimal(pixels);
  if (!ballWidth || ballWidth <= 0 || !Number.isFinite(ballWidth)) return { kind: 'pixels', pixels: rounded };
  if (pixels <= ballWidth / 2) return { kind: 'onBall', pixels: rounded };
  if (pixels < ballWidth) return { kind: 'underOneWidth', pixels: rounded };
  return { kind: 'widths', widths: oneDecimal(pixels / ballWidth), pixels: rounded };
}
