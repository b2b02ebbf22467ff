import type { Kysely } from 'kysely';
import sharp from 'sharp';
import {
  PICTURE_MAX_PIXELS,
  PICTURE_MAX_SIDE,
  PICTURE_UPLOAD_ERROR_CODES,
  PICTURE_UPLOAD_MESSAGES,
} from '../../../domain/admin-pictures.ts';
import type { Database, PictureKind, PictureVariantName } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import { KEPT_AS_UPLOADED, withoutMetadata } from './metadata.ts';

/** Display copies: 'large' for desktops and zooming, 'small' for phones. */
export const LARGE_MAX_SIDE = 4096;

export const SMALL_MAX_SIDE = 1280;

/** Beyond this an upload is refused: no screen needs it and decoding it costs too much memory. */
export const MAX_UPLOAD_SIDE = PICTURE_MAX_SIDE;

export const DISPLAY_JPEG_QUALITY = 85;

export const SERVED_VARIANTS = ['large', 'small'] as const satisfies readonly PictureVariantName[];

export type ServedVariantName = (typeof SERVED_VARIANTS)[number];

const ACCEPTED_FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
  heif: { mime: 'image/heif', ext: 'heif' },
  tiff: { mime: 'image/tiff', ext: 'tif' },
};

// Each picture is decoded once, when it is uploaded or seeded, and served from its stored copies:
// libvips's operation cache would only keep decoded pixels resident after the work is done.
sharp.cache(false);

export const NOT_AN_IMAGE =
  'This file is not a picture we can use. Upload a JPEG, PNG, WebP, AVIF, HEIF or TIFF photo.';

export interface StoredVariant {
  name: PictureVariantName;
  width: number;
  height: number;
  /** The file's key in the picture store (a path under the uploads directory on disk). */
  path: string;
  bytes: number;
}

export interface StoredPicture {
  id: string;
  kind: PictureKind;
  /** As seen, EXIF orientation applied: the original-pixel space of every coordinate. */
  width: number;
  height: number;
  mime: string;
  bytes: number;
  createdAt: number;
  variants: StoredVariant[];
}

export const badPicture = (message: string) => new AppError(400, 'INVALID_PICTURE', message);

/** Reads the header only; refuses what is not a raster photo or is too big, before decoding. */
export async function inspect(
  buffer: Buffer,
): Promise<{ format: { mime: string; ext: string }; width: number; height: number }> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(buffer).metadata();
  } catch {
    throw badPicture(NOT_AN_IMAGE);
  }
  const format = ACCEPTED_FORMATS[metadata.format ?? ''];
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!format || !width || !height) throw badPicture(NOT_AN_IMAGE);
  if (width > MAX_UPLOAD_SIDE || height > MAX_UPLOAD_SIDE) {
    throw badPicture(
      `The picture is ${width} x ${height} pixels; each side may be at most ${MAX_UPLOAD_SIDE} pixels. Scale it down and upload it again.`,
    );
  }
  return { format, width, height };
}

const displayJpeg = (image: ReturnType<typeof sharp>, maxSide: number) =>
  image
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: DISPLAY_JPEG_QUALITY, progressive: true })
    .toBuffer({ resolveWithObject: true });

/**
 * 'large' from the upload, then 'small' from 'large': one decode of a big original at a time
 * (a 12000 px PNG is 400 MB of pixels), and the small copy costs next to nothing.
 */
async function writeDisplayVariants(
  input: Buffer | string,
  store: PictureStore,
  pictureId: string,
  limitInputPixels = MAX_UPLOAD_SIDE * MAX_UPLOAD_SIDE,
): Promise<[StoredVariant, StoredVariant]> {
  // rotate() with no angle applies the EXIF orientation; the JPEG output carries no metadata.
  const upright = sharp(input, { limitInputPixels }).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb');
  const large = await displayJpeg(upright, LARGE_MAX_SIDE);
  const small = await displayJpeg(sharp(large.data), SMALL_MAX_SIDE);
  const written: StoredVariant[] = [];
  for (const [name, out] of [
    ['large', large],
    ['small', small],
  ] as const) {
    const key = await store.put(pictureId, `${name}.jpg`, out.data);
    written.push({ name, width: out.info.width, height: out.info.height, path: key, bytes: out.data.length });
  }
  return [written[0]!, written[1]!];
}

/**
 * Checks a picture and writes its files (the original as uploaded, and the display copies)
 * without touching the database, so a caller can record it inside its own transaction.
 * Throws AppError 400 for a file that is not a usable picture.
 */
export async function preparePicture(
  store: PictureStore,
  buffer: Buffer,
  kind: PictureKind,
  now = Date.now(),
): Promise<StoredPicture> {
  const { format, width, height } = await inspect(buffer);
  const id = crypto.randomUUID();
  try {
    const kept = KEPT_AS_UPLOADED.has(kind)
      ? { data: buffer, ...format }
      : await withoutMetadata(buffer, format, MAX_UPLOAD_SIDE * MAX_UPLOAD_SIDE);
    const originalPath = await store.put(id, `original.${kept.ext}`, kept.data);
    const [large, small] = await writeDisplayVariants(buffer, store, id);
    const original: StoredVariant = { name: 'original', width, height, path: originalPath, bytes: kept.data.length };
    return {
      id,
      kind,
      width,
      height,
      mime: kept.mime,
      bytes: kept.data.length,
      createdAt: now,
      variants: [original, large, small],
    };
  } catch (error) {
    await store.removePicture(id);
    if (error instanceof AppError) throw error;
    // The header was fine but the pixels were not (a truncated or corrupt file).
    throw badPicture(NOT_AN_IMAGE);
  }
}

/** The console's upload formats, by sharp's name for them. */
const UPLOAD_FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: ACCEPTED_FORMATS['jpeg']!,
  png: ACCEPTED_FORMATS['png']!,
  webp: ACCEPTED_FORMATS['webp']!,
};

const uploadRefused = (status: number, code: keyof typeof PICTURE_UPLOAD_ERROR_CODES, message: string) =>
  new AppError(status, PICTURE_UPLOAD_ERROR_CODES[code], message);

/**
 * Like preparePicture, for a file already on disk (a streamed upload, never held in memory):
 * JPEG, PNG or WebP only, at most PICTURE_MAX_SIDE a side and PICTURE_MAX_PIXELS in all, both
 * read from the header before any decoding. The display copies are made from the local file,
 * then it is moved into the store as the original (a contest picture), or written again without
 * its metadata (every other kind); on any refusal nothing of the picture stays
 * in the store (the incoming file itself is the caller's to remove).
 */
export async function preparePictureFile(
  store: PictureStore,
  filePath: string,
  kind: PictureKind,
  now = Date.now(),
): Promise<StoredPicture> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(filePath).metadata();
  } catch {
    throw uploadRefused(400, 'notAPicture', PICTURE_UPLOAD_MESSAGES.notAPicture);
  }
  const format = UPLOAD_FORMATS[metadata.format ?? ''];
  if (!format) throw uploadRefused(415, 'wrongType', PICTURE_UPLOAD_MESSAGES.wrongType);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw uploadRefused(400, 'notAPicture', PICTURE_UPLOAD_MESSAGES.notAPicture);
  if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE)
    throw uploadRefused(400, 'tooWide', PICTURE_UPLOAD_MESSAGES.tooWide(width, height));
  if (width * height > PICTURE_MAX_PIXELS)
    throw uploadRefused(400, 'tooManyPixels', PICTURE_UPLOAD_MESSAGES.tooManyPixels(width, height));

  const id = crypto.randomUUID();
  try {
    const [large, small] = await writeDisplayVariants(filePath, store, id, PICTURE_MAX_PIXELS);
    const { key: originalPath, bytes: size } = KEPT_AS_UPLOADED.has(kind)
      ? await store.putFile(id, `original.${format.ext}`, filePath)
      : await withoutMetadata(filePath, format, PICTURE_MAX_PIXELS).then(async (clean) => ({
          key: await store.put(id, `original.${clean.ext}`, clean.data),
          bytes: clean.data.length,
        }));
    const original: StoredVariant = { name: 'original', width, height, path: originalPath, bytes: size };
    return {
      id,
      kind,
      width,
      height,
      mime: format.mime,
      bytes: size,
      createdAt: now,
      variants: [original, large, small],
    };
  } catch (error) {
    await store.removePicture(id);
    if (error instanceof AppError) throw error;
    // The header was fine but the pixels were not (a truncated or corrupt file), or the decoder refused them.
    throw uploadRefused(400, 'notAPicture', PICTURE_UPLOAD_MESSAGES.notAPicture);
  }
}

/** Records a prepared picture and its variants; pass a transaction to make it part of one. */
export async function recordPicture(db: Kysely<Database>, picture: StoredPicture): Promise<void> {
  await db
    .insertInto('pictures')
    .values({
      id: picture.id,
      kind: picture.kind,
      width: picture.width,
      height: picture.height,
      mime: picture.mime,
      bytes: picture.bytes,
      created_at: picture.createdAt,
    })
    .execute();
  for (const v of picture.variants) {
    await db
      .insertInto('picture_variants')
      .values({ picture_id: picture.id, name: v.name, width: v.width, height: v.height, path: v.path, bytes: v.bytes })
      .execute();
  }
}

/** Deletes the files of a prepared picture that will not be recorded. */
export async function discardPreparedPicture(store: PictureStore, picture: StoredPicture): Promise<void> {
  await store.removePicture(picture.id);
}

/**
 * Keeps the original (as uploaded for the contest picture, without its metadata otherwise:
 * picture/metadata.ts) and makes the display copies ('large' at most 4096 px on a side, 'small'
 * at most 1280 px; JPEG, EXIF orientation applied, metadata stripped).
 */
export async function storePicture(
  db: Kysely<Database>,
  store: PictureStore,
  buffer: Buffer,
  kind: PictureKind,
): Promise<StoredPicture> {
  const picture = await preparePicture(store, buffer, kind);
  try {
    await recordPicture(db, picture);
  } catch (error) {
    await discardPreparedPicture(store, picture);
    throw error;
  }
  return picture;
}

/** Deletes a picture's rows; pass a transaction to make it part of one. The files go with deletePictureFiles. */
export async function deletePictureRows(db: Kysely<Database>, pictureId: string): Promise<void> {
  await db.deleteFrom('picture_variants').where('picture_id', '=', pictureId).execute();
  await db.deleteFrom('pictures').where('id', '=', pictureId).execute();
}

/** Deletes every file of a picture (a no-op when they are gone already). */
export async function deletePictureFiles(store: PictureStore, pictureId: string): Promise<void> {
  await store.removePicture(pictureId);
}

// Serving pictures (picture/serving.ts) and avatars (picture/avatars.ts); callers import them from here too.
export {
  isServedVariant,
  variantUrl,
  findServableVariant,
  phoneCopyOf,
  displayPicture,
  type ServableFile,
  type DisplayVariant,
  type DisplayPicture,
} from './serving.ts';
export {
  AVATAR_SIDE,
  AVATAR_MAX_BYTES,
  AVATAR_MIMES,
  NOT_AN_AVATAR,
  storeAvatarPicture,
  findAvatarFile,
} from './avatars.ts';
