import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import {
  MAX_UPLOAD_SIDE,
  DISPLAY_JPEG_QUALITY,
  NOT_AN_IMAGE,
  type StoredPicture,
  badPicture,
  inspect,
  recordPicture,
  discardPreparedPicture,
} from './shared.ts';
import { type ServableFile } from './serving.ts';

/** A profile picture is shown small; one square copy is all any screen needs. */
export const AVATAR_SIDE = 256;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const AVATAR_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const NOT_AN_AVATAR = 'This file is not a picture we can use. Upload a JPEG, PNG or WebP photo.';

/**
 * A profile picture: only the 256 px square JPEG copy (centre crop, EXIF orientation applied,
 * metadata stripped) is written and recorded. The upload itself is not kept: a phone photo's
 * metadata can say where it was taken, and nothing needs the full size. The copy is named
 * 'avatar', which the public pictures route never serves.
 */
export async function storeAvatarPicture(
  db: Kysely<Database>,
  store: PictureStore,
  buffer: Buffer,
  now: number,
): Promise<StoredPicture> {
  const { format, width, height } = await inspect(buffer).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'INVALID_PICTURE' && error.message === NOT_AN_IMAGE
      ? badPicture(NOT_AN_AVATAR)
      : error;
  });
  if (!(AVATAR_MIMES as readonly string[]).includes(format.mime)) throw badPicture(NOT_AN_AVATAR);
  const id = crypto.randomUUID();
  let picture: StoredPicture;
  try {
    const out = await sharp(buffer, { limitInputPixels: MAX_UPLOAD_SIDE * MAX_UPLOAD_SIDE })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' })
      .jpeg({ quality: DISPLAY_JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const key = await store.put(id, 'avatar.jpg', out.data);
    picture = {
      id,
      kind: 'avatar',
      width,
      height,
      mime: format.mime,
      bytes: buffer.length,
      createdAt: now,
      variants: [{ name: 'avatar', width: out.info.width, height: out.info.height, path: key, bytes: out.data.length }],
    };
  } catch {
    await store.removePicture(id);
    throw badPicture(NOT_AN_AVATAR);
  }
  try {
    await recordPicture(db, picture);
  } catch (error) {
    await discardPreparedPicture(store, picture);
    throw error;
  }
  return picture;
}

/** The avatar copy of a picture in the store, or undefined. */
export async function findAvatarFile(
  db: Kysely<Database>,
  store: PictureStore,
  pictureId: string,
): Promise<ServableFile | undefined> {
  const row = await db
    .selectFrom('picture_variants')
    .select('path')
    .where('picture_id', '=', pictureId)
    .where('name', '=', 'avatar')
    .executeTakeFirst();
  if (!row) return undefined;
  const file = await store.get(row.path);
  return file ? { ...file, mime: 'image/jpeg', etag: `"${pictureId}-avatar-${file.bytes}"` } : undefined;
}
