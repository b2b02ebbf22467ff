import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { PHONE_PICTURE_WIDTH, phoneCopyUrl } from '../../../domain/site-paths.ts';
import type { Database } from '../../db/schema.ts';
import { keyOf, type PictureFile, type PictureStore } from '../../storage/picture-store.ts';
import { SERVED_VARIANTS, type ServedVariantName } from './shared.ts';

export function isServedVariant(name: string): name is ServedVariantName {
  return (SERVED_VARIANTS as readonly string[]).includes(name);
}

/** The public address of a display copy. */
export function variantUrl(pictureId: string, name: ServedVariantName): string {
  return `/api/v1/pictures/${encodeURIComponent(pictureId)}/${name}`;
}

export interface ServableFile extends PictureFile {
  mime: string;
  etag: string;
  /** Where this copy's phone copy is kept once made (a display copy's; none for a made copy). */
  phoneCopyAt?: { store: PictureStore; pictureId: string; fileName: string };
  /**
   * The copy's own lasting address (a display copy's, or its phone copy's), sent as Content-Location:
   * an answer by a stable address (the current contest's picture, the first practice picture)
   * names the copy it is, and the stage takes those bytes instead of fetching them again.
   */
  url?: string;
}

/**
 * A display copy that exists on disk, or undefined. Originals are never served: they may keep
 * metadata (camera, place) and are the judging reference.
 */
export async function findServableVariant(
  db: Kysely<Database>,
  store: PictureStore,
  pictureId: string,
  name: string,
): Promise<ServableFile | undefined> {
  if (!isServedVariant(name)) return undefined;
  const row = await db
    .selectFrom('picture_variants')
    .select(['path', 'bytes'])
    .where('picture_id', '=', pictureId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return undefined;
  const file = await store.get(row.path);
  // Content never changes for an id, so id, variant and size name it exactly.
  if (!file) return undefined;
  const phoneCopyAt = { store, pictureId, fileName: `${name}${PHONE_PICTURE_WIDTH}.jpg` };
  const url = variantUrl(pictureId, name);
  return { ...file, mime: 'image/jpeg', etag: `"${pictureId}-${name}-${file.bytes}"`, phoneCopyAt, url };
}

/** A stored file's bytes in memory (a store may answer with a stream). */
export async function bufferOf(body: PictureFile['body']): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Copies made from a stored file (the phone copies, the share card), made once per key and the
 * last `kept` of them kept in memory. A copy asked for again is the same promise, and the source
 * opened for it is closed unread; a copy that failed is made again on the next ask.
 */
export function keptCopies(kept: number) {
  const copies = new Map<string, Promise<Buffer>>();
  return (key: string, source: PictureFile | undefined, make: () => Promise<Buffer>): Promise<Buffer> => {
    const known = copies.get(key);
    if (known) {
      if (source && !Buffer.isBuffer(source.body)) source.body.destroy();
      return known;
    }
    const copy = make();
    copies.set(key, copy);
    copy.catch(() => copies.delete(key));
    if (copies.size > kept) copies.delete(copies.keys().next().value!);
    return copy;
  };
}

const phoneCopies = keptCopies(16);

/** Makes a phone copy of `file` (the store's if one was kept), keeping a new one in the store. */
async function makePhoneCopy(file: ServableFile): Promise<Buffer> {
  const at = file.phoneCopyAt;
  const kept = at ? await at.store.get(keyOf(at.pictureId, at.fileName)) : undefined;
  if (kept) {
    if (!Buffer.isBuffer(file.body)) file.body.destroy();
    return bufferOf(kept.body);
  }
  const copy = await sharp(await bufferOf(file.body))
    .resize({ width: PHONE_PICTURE_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 75, mozjpeg: true })
    .toBuffer();
  // Kept for good, as the copy it is made from (a picture's files go with it). Two instances
  // making it at once both send theirs; the store keeps one.
  await at?.store.put(at.pictureId, at.fileName, copy).catch(() => undefined);
  return copy;
}

/**
 * A display copy scaled down to PHONE_PICTURE_WIDTH for a phone (about a third of the small
 * copy's bytes): made once with sharp and kept in the picture store beside the copy, and the
 * last few also in memory.
 */
export async function phoneCopyOf(file: ServableFile): Promise<ServableFile> {
  const body = await phoneCopies(file.etag, file, () => makePhoneCopy(file));
  const etag = file.etag.replace(/"$/, `-w${PHONE_PICTURE_WIDTH}"`);
  return { bytes: body.length, body, mime: 'image/jpeg', etag, url: file.url && phoneCopyUrl(file.url) };
}

export interface DisplayVariant {
  name: ServedVariantName;
  url: string;
  width: number;
  height: number;
}

export interface DisplayPicture {
  width: number;
  height: number;
  variants: DisplayVariant[];
}

/**
 * What a player's screen needs to show a picture: its original size and its display copies,
 * small first. Undefined when the picture or any of its display files is missing.
 */
export async function displayPicture(
  db: Kysely<Database>,
  store: PictureStore,
  pictureId: string,
): Promise<DisplayPicture | undefined> {
  const picture = await db
    .selectFrom('pictures')
    .select(['id', 'width', 'height'])
    .where('id', '=', pictureId)
    .executeTakeFirst();
  if (!picture) return undefined;
  const rows = await db
    .selectFrom('picture_variants')
    .select(['name', 'width', 'height', 'path'])
    .where('picture_id', '=', pictureId)
    .execute();
  const variants: DisplayVariant[] = [];
  for (const name of ['small', 'large'] as const) {
    const row = rows.find((r) => r.name === name);
    if (!row || !(await store.has(row.path))) return undefined;
    variants.push({ name, url: variantUrl(pictureId, name), width: row.width, height: row.height });
  }
  return { width: picture.width, height: picture.height, variants };
}
