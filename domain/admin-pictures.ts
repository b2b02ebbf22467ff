/**
 * The console's Pictures area (server/routes/admin/pictures.routes.ts and the web): the picture
 * library, uploads and practice pairs. Coordinates are integer pixels of the ORIGINAL picture.
 */
import { z } from 'zod';
import { gamePictureSchema } from './practice.ts';

/** What an admin uploads; avatars are the players' own and never listed here. */
export const ADMIN_PICTURE_KINDS = ['contest', 'prize', 'sponsor', 'practice_removed', 'practice_original'] as const;
export const adminPictureKindSchema = z.enum(ADMIN_PICTURE_KINDS);
/** The pictures players mark the ball on, to the pixel. */
export const GAME_PICTURE_KINDS: ReadonlySet<string> = new Set(['contest', 'practice_removed', 'practice_original']);
/**
 * A game picture smaller than this on its long side is accepted, but the console warns: it is the
 * phone copy's size (800 px) plus room for the zoom, and smaller photos blur when a player zooms in
 * to mark the ball.
 */
export const GAME_PICTURE_MIN_SIDE = 1280;
export type AdminPictureKind = z.infer<typeof adminPictureKindSchema>;

/** The raw request body's Content-Type: the file itself, no multipart. */
export const PICTURE_UPLOAD_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A 12,000 px camera JPEG is about 25 MB; the upload route alone accepts bodies this big. */
export const PICTURE_UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
/** No screen needs more, and decoding more costs too much memory. */
export const PICTURE_MAX_SIDE = 12000;
/**
 * 12,000 x 8,333: a 12,000 px camera frame passes; a 12,000 px square does not. This is the
 * decoder's own limit too (sharp limitInputPixels), so a small file that claims more pixels (a
 * decompression bomb) is refused from its header, before a single pixel is decoded.
 */
export const PICTURE_MAX_PIXELS = 100_000_000;

export const PICTURE_UPLOAD_ERROR_CODES = {
  wrongType: 'PICTURE_WRONG_TYPE',
  notAPicture: 'INVALID_PICTURE',
  tooLarge: 'PICTURE_TOO_LARGE',
  tooWide: 'PICTURE_TOO_WIDE',
  tooManyPixels: 'PICTURE_TOO_MANY_PIXELS',
  empty: 'PICTURE_EMPTY',
  interrupted: 'UPLOAD_INTERRUPTED',
} as const;
export type PictureUploadErrorCode = (typeof PICTURE_UPLOAD_ERROR_CODES)[keyof typeof PICTURE_UPLOAD_ERROR_CODES];

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const PICTURE_UPLOAD_MESSAGES = {
  wrongType:
    'Only JPEG, PNG and WebP photos can be uploaded here. Save the photo in one of those formats and try again.',
  notAPicture:
    'This file could not be read as a photo: it is damaged or not a picture. Export the photo again and upload the new file.',
  tooLarge: `The file is larger than ${mb(PICTURE_UPLOAD_MAX_BYTES)}. Save the photo with a little more compression and upload it again.`,
  tooWide: (width: number, height: number) =>
    `The photo is ${width} x ${height} pixels; each side may be at most ${PICTURE_MAX_SIDE.toLocaleString('en-IN')} pixels. Scale it down and upload it again.`,
  tooManyPixels: (width: number, height: number) =>
    `The photo is ${width} x ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); at most ${PICTURE_MAX_PIXELS / 1e6} megapixels can be used. Scale it down and upload it again.`,
  empty: 'The upload was empty. Choose the photo again.',
  interrupted: 'The upload was interrupted before the whole file arrived. Try again.',
  badKind:
    'Choose what the picture is for: contest, prize, sponsor logo, practice (ball removed) or practice (original).',
} as const;

export const adminPicturesQuerySchema = z.object({
  kind: adminPictureKindSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type AdminPicturesQuery = z.output<typeof adminPicturesQuerySchema>;

export const pictureUploadQuerySchema = z.object({ kind: adminPictureKindSchema });

export const adminPictureSchema = z.object({
  id: z.string(),
  kind: adminPictureKindSchema,
  /** Of the original as seen (EXIF orientation applied). */
  width: z.number().int(),
  height: z.number().int(),
  /** Of the original file as uploaded. */
  bytes: z.number().int(),
  mime: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  smallUrl: z.string(),
  largeUrl: z.string(),
  /** Contest window keys ('2026-11-23-A') and practice pair ids that use the picture. */
  usedBy: z.array(z.string()),
});
export type AdminPicture = z.infer<typeof adminPictureSchema>;

export const adminPicturePageSchema = z.object({
  items: z.array(adminPictureSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPicturePage = z.infer<typeof adminPicturePageSchema>;

export const pointSchema = z.object({ x: z.number().int(), y: z.number().int() });
export type PixelPoint = z.infer<typeof pointSchema>;

/** One picture for the preview: the library entry, what the stage draws, and the true ball of a practice original. */
export const adminPictureDetailSchema = z.object({
  picture: adminPictureSchema,
  stage: gamePictureSchema,
  ball: pointSchema.nullable(),
  /** The ball's width in original px, with the ball; null when unknown. */
  ballWidth: z.number().int().nullable(),
});
export type AdminPictureDetail = z.infer<typeof adminPictureDetailSchema>;

// ---- Practice pairs -------------------------------------------------------------------------

/**
 * The ball's width in original pixels bounds: below 4 px nobody can see a ball, and a ball wider
 * than a quarter of the picture is a typo (or not a spot-the-ball picture).
 */
export const BALL_WIDTH_MIN = 4;
export const ballWidthMax = (pictureWidth: number) => Math.max(BALL_WIDTH_MIN, Math.floor(pictureWidth / 4));
export const isBallWidthFor = (ballWidth: number, picture: { width: number }) =>
  Number.isInteger(ballWidth) && ballWidth >= BALL_WIDTH_MIN && ballWidth <= ballWidthMax(picture.width);

export const PRACTICE_PAIR_ERROR_CODES = {
  pictureKind: 'PAIR_PICTURE_KIND',
  sizeMismatch: 'PAIR_SIZE_MISMATCH',
  ballOutside: 'PAIR_BALL_OUTSIDE',
  ballWidth: 'PAIR_BALL_WIDTH',
  duplicate: 'PAIR_DUPLICATE',
  staleOrder: 'PAIR_ORDER_STALE',
} as const;

export const PRACTICE_PAIR_MESSAGES = {
  removedKind: 'Choose a picture uploaded as "practice: ball removed" for the game picture.',
  originalKind: 'Choose a picture uploaded as "practice: original" for the reveal picture.',
  sizeMismatch: (removed: { width: number; height: number }, original: { width: number; height: number }) =>
    `The two pictures must be the same size: the ball-removed one is ${removed.width} x ${removed.height} pixels, the original ${original.width} x ${original.height}.`,
  ballOutside: (width: number, height: number) =>
    `The ball must be inside the picture: x from 0 to ${width - 1}, y from 0 to ${height - 1}.`,
  ballWidth: (pictureWidth: number) =>
    `The ball's width must be a whole number of pixels from ${BALL_WIDTH_MIN} to ${ballWidthMax(pictureWidth)} (a quarter of the picture's width).`,
  duplicate: 'These two pictures already make a practice pair.',
  staleOrder: 'The list of pairs changed meanwhile. Reload it and put them in order again.',
  notFound: 'Practice pair not found',
  pictureNotFound: 'Picture not found',
} as const;

const pictureRef = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  smallUrl: z.string(),
});

export const adminPracticePairSchema = z.object({
  id: z.string(),
  removed: pictureRef,
  original: pictureRef,
  ball: pointSchema,
  /** The ball's width in original px; null for pairs made before it was asked for. */
  ballWidth: z.number().int().nullable(),
  active: z.boolean(),
  /** 1-based place in the game's play order. */
  position: z.number().int(),
  createdAt: z.string(),
});
export type AdminPracticePair = z.infer<typeof adminPracticePairSchema>;

export const adminPracticePairListSchema = z.object({ pairs: z.array(adminPracticePairSchema) });

const ballWidthField = z
  .number({ error: "Enter the ball's width as whole pixels" })
  .int("Enter the ball's width as whole pixels")
  .min(BALL_WIDTH_MIN, `The ball's width must be at least ${BALL_WIDTH_MIN} pixels`)
  .max(ballWidthMax(PICTURE_MAX_SIDE), `The ball's width must be at most ${ballWidthMax(PICTURE_MAX_SIDE)} pixels`);
const coordinate = z
  .number({ error: 'Enter the ball position as whole pixels' })
  .int('Enter the ball position as whole pixels')
  .min(0, 'The ball must be inside the picture');
export const createPracticePairSchema = z.object({
  removedPictureId: z.string().min(1, 'Choose the ball-removed picture').max(64),
  originalPictureId: z.string().min(1, 'Choose the original picture').max(64),
  ball: z.object({ x: coordinate, y: coordinate }),
  /** Checked against the picture's width by the service (at most a quarter of it). */
  ballWidth: ballWidthField,
  active: z.boolean().default(true),
});
export type CreatePracticePair = z.input<typeof createPracticePairSchema>;

export const updatePracticePairSchema = z.object({ active: z.boolean() });

/** A pair's ball width set or corrected (pairs made before it was asked for have none). */
export const practicePairBallWidthSchema = z.object({ ballWidth: ballWidthField });

/** The whole play order: every pair's id exactly once. */
export const reorderPracticePairsSchema = z.object({ ids: z.array(z.string().max(64)).min(1).max(1000) });

/** The console's ball width field for a picture this wide. Messages are keys of admin:pictures.newPair. */
export function ballWidthFormField(pictureWidth: number) {
  return z
    .number({ error: 'needBallWidth' })
    .int('ballWidthWhole')
    .min(BALL_WIDTH_MIN, 'ballWidthRange')
    .max(ballWidthMax(pictureWidth), 'ballWidthRange');
}

/** The console's pair form: the ball typed or clicked on the chosen original, and its width. Messages are keys of admin:pictures.newPair. */
export function ballFormSchema(picture: { width: number; height: number }) {
  const axis = (length: number) =>
    z
      .number({ error: 'needBall' })
      .int('needBall')
      .min(0, 'outside')
      .max(length - 1, 'outside');
  return z.object({
    x: axis(picture.width),
    y: axis(picture.height),
    ballWidth: ballWidthFormField(picture.width),
    active: z.boolean(),
  });
}
export type BallForm = z.infer<ReturnType<typeof ballFormSchema>>;
