/** What the picture service and its parts (serving.ts, avatars.ts) share: the limits, the stored shapes, the header check and recording a prepared picture. */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { PICTURE_MAX_SIDE } from '../../../domain/admin-pictures.ts';
import type { Database, PictureKind, PictureVariantName } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
/** Display copies: 'large' for desktops and zooming, 'small' for phones. */
export const LARGE_MAX_SIDE = 4096;

export const SMALL_MAX_SIDE = 1280;

/** Beyond this an upload is refused: no screen needs it and decoding it costs too much memory. */
export const MAX_UPLOAD_SIDE = PICTURE_MAX_SIDE;

export const DISPLAY_JPEG_QUALITY = 85;

export const SERVED_VARIANTS = ['large', 'small'] as const satisfies readonly PictureVariantName[];

export type ServedVariantName = (typeof SERVED_VARIANTS)[number];

export const ACCEPTED_FORMATS: Record<string, { mime: string; ext: string }> = {
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
