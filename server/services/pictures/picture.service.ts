/**
 * Contest, practice and console pictures: checked, kept as uploaded (or without metadata) and
 * copied for display. Serving them is serving.ts, profile pictures avatars.ts; what all three
 * share is shared.ts.
 */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import {
  PICTURE_MAX_PIXELS,
  PICTURE_MAX_SIDE,
  PICTURE_UPLOAD_ERROR_CODES,
  PICTURE_UPLOAD_MESSAGES,
} from '../../../domain/admin-pictures.ts';
import type { Database, PictureKind } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import { KEPT_AS_UPLOADED, withoutMetadata } from './metadata.ts';
import {
  ACCEPTED_FORMATS,
  DISPLAY_JPEG_QUALITY,
  LARGE_MAX_SIDE,
  MAX_UPLOAD_SIDE,
  NOT_AN_IMAGE,
  SMALL_MAX_SIDE,
  type StoredPicture,
  type StoredVariant,
  badPicture,
  discardPreparedPicture,
  inspect,
  recordPicture,
} from './shared.ts';

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
