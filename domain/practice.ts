/**
 * The free practice (trial) game contract between the API (server/routes/practice.routes.ts) and
 * the web: request and answer shapes as zod schemas, and the types they infer. Coordinates are
 * integer pixels of the ORIGINAL picture; the display copies are only scaled views of it.
 */
import { z } from 'zod';

// The error codes and their words, and the answers checked without zod: practice-answers.ts.

/**
 * Far above the game's limit of TRIAL_MAX_TICKETS: the body stays small, and a request with 11
 * tickets still reaches the rules and gets the spec's 'No More Tickets', not a schema error.
 */
export const PRACTICE_MAX_SUBMITTED = 100;

export const pictureVariantSchema = z.object({
  name: z.enum(['small', 'large']),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PictureVariant = z.infer<typeof pictureVariantSchema>;

/** width and height are of the original picture; every variant is a scaled copy of it. */
export const gamePictureSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(pictureVariantSchema),
});
export type GamePicture = z.infer<typeof gamePictureSchema>;

export const practiceNextQuerySchema = z.object({ after: z.string().max(100).optional() });

/** The picture to play on. Never the ball, never the reveal picture: those come with the answer. */
export const practicePairSchema = z.object({ pairId: z.string(), picture: gamePictureSchema });
export type PracticePairAnswer = z.infer<typeof practicePairSchema>;

export const practicePairParamsSchema = z.object({ pairId: z.string() });

const coordinate = z.number({ error: 'Ticket coordinates must be numbers' });
export const practiceSubmitSchema = z.object({
  tickets: z
    .array(z.object({ x: coordinate, y: coordinate }), { error: 'tickets must be a list of points' })
    .max(PRACTICE_MAX_SUBMITTED, 'No More Tickets'),
});
export type PracticeSubmit = z.infer<typeof practiceSubmitSchema>;

export const practiceResultSchema = z.object({
  ball: z.object({ x: z.number().int(), y: z.number().int() }),
  /** Per ticket in the order sent, in original pixels, rounded to 1 decimal. */
  distances: z.array(z.number()),
  /** The nearest ticket; on a tie the first one sent. */
  bestIndex: z.number().int(),
  /** The ball's width in original pixels, for distances told in ball widths; null when the pair does not say. */
  ballWidth: z.number().int().positive().nullable(),
  reveal: gamePictureSchema,
});
export type PracticeResultAnswer = z.infer<typeof practiceResultSchema>;
