/**
 * A contest picture's ball width, for the winners' pages and My entries to tell distances in
 * ball widths as the practice reveal does (domain/reveal-distance.ts). The console sets it on the
 * contest picture; until it does, a default derived from the picture stands in, and the console
 * says which.
 */
import { z } from 'zod';
import { BALL_WIDTH_MIN, ballWidthMax, isBallWidthFor, PICTURE_MAX_SIDE } from './admin-pictures.ts';

/**
 * The default: one percent of the picture's width. A cricket ball (72 mm) in a wide broadcast
 * frame of the field is about that (the demo pictures' balls are 0.8 to 1.2 % of theirs); it is
 * kept within the console's own bounds for a ball width.
 */
export const DEFAULT_BALL_WIDTH_PERCENT = 1;

export function defaultBallWidth(pictureWidth: number): number {
  const width = Math.round((pictureWidth * DEFAULT_BALL_WIDTH_PERCENT) / 100);
  return Math.min(ballWidthMax(pictureWidth), Math.max(BALL_WIDTH_MIN, width));
}

/** The width the pages use: the one set in the console, else the default. */
export function contestBallWidth(set: number | null, pictureWidth: number): number {
  return set !== null && isBallWidthFor(set, { width: pictureWidth }) ? set : defaultBallWidth(pictureWidth);
}

/** A contest picture's ball width set (whole pixels, checked against its width by the service), or null for the default. */
export const contestBallWidthBodySchema = z.object({
  ballWidth: z
    .number({ error: "Enter the ball's width as whole pixels" })
    .int("Enter the ball's width as whole pixels")
    .min(BALL_WIDTH_MIN, `The ball's width must be at least ${BALL_WIDTH_MIN} pixels`)
    .max(ballWidthMax(PICTURE_MAX_SIDE), `The ball's width must be at most ${ballWidthMax(PICTURE_MAX_SIDE)} pixels`)
    .nullable(),
});

/** What the console shows: the width set (null: none), the default, and the one the pages use. */
export const contestBallWidthSchema = z.object({
  set: z.number().int().nullable(),
  default: z.number().int(),
  used: z.number().int(),
});
export type ContestBallWidth = z.infer<typeof contestBallWidthSchema>;
