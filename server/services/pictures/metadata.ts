import sharp from 'sharp';
import type { PictureKind } from '../../db/schema.ts';

/**
 * Metadata of stored pictures (issue 27, finding 7). A photo's EXIF can carry where it was taken
 * (GPS), the camera and its owner; XMP and IPTC the author and more. The display copies and
 * avatars are re-encoded JPEGs without any of it; an original is kept as uploaded only for the
 * contest picture the judges mark (KEPT_AS_UPLOADED: never served, the reference of every
 * coordinate), every other original is written again without EXIF, XMP or IPTC (its colour
 * profile kept), upright, so its pixels are the ones every coordinate refers to.
 */
export const KEPT_AS_UPLOADED: ReadonlySet<PictureKind> = new Set(['contest']);

export interface CleanOriginal {
  data: Buffer;
  ext: string;
  mime: string;
}

/** The original without its metadata, in its own format where sharp writes it, else PNG (lossless). */
export async function withoutMetadata(
  input: Buffer | string,
  format: { ext: string; mime: string },
  limitInputPixels: number,
): Promise<CleanOriginal> {
  // rotate() with no angle applies the EXIF orientation before the EXIF goes.
  const image = sharp(input, { limitInputPixels }).rotate().keepIccProfile();
  switch (format.ext) {
    case 'jpg':
      return { data: await image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer(), ...format };
    case 'webp':
      return { data: await image.webp({ quality: 95 }).toBuffer(), ...format };
    case 'png':
      return { data: await image.png().toBuffer(), ...format };
    default:
      return { data: await image.png().toBuffer(), ext: 'png', mime: 'image/png' };
  }
}
