import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Where picture files (originals and display copies) live. 'disk' (the embedded default) keeps
 * them under DATA_DIR/uploads; 'database' keeps them in the database itself (the picture_files
 * table, bytea on PostgreSQL), so every instance behind a load balancer sees every picture with
 * nothing shared but the database. Rows of picture_variants name a file by its key either way.
 */
export type PictureStorageKind = 'disk' | 'database';

export interface PictureFile {
  bytes: number;
  body: Readable | Buffer;
}

export interface PictureStore {
  readonly kind: PictureStorageKind;
  /** Local scratch space where an upload is written while it arrives (each instance its own). */
  readonly incomingDir: string;
  /** Writes one file of a picture; returns its key (what picture_variants.path records). */
  put(pictureId: string, fileName: string, data: Buffer): Promise<string>;
  /** Takes a local file in as one file of a picture; the local file is gone afterwards. */
  putFile(pictureId: string, fileName: string, localPath: string): Promise<{ key: string; bytes: number }>;
  /** A file to send, or undefined when it is not there. */
  get(key: string): Promise<PictureFile | undefined>;
  has(key: string): Promise<boolean>;
  /** Deletes every file of a picture; a no-op when they are gone already. */
  removePicture(pictureId: string): Promise<void>;
}

/** Picture ids are UUIDs; a key is built from one, so anything else is refused before it names a path. */
const PICTURE_ID = /^[0-9a-f-]{36}$/i;
const FILE_NAME = /^[a-z0-9]+\.[a-z0-9]+$/;

/** The key of one file of a picture (what `put` returns for it). */
export function keyOf(pictureId: string, fileName: string): string {
  if (!PICTURE_ID.test(pictureId) || !FILE_NAME.test(fileName))
    throw new Error(`not a picture file name: ${pictureId}/${fileName}`);
  return `pictures/${pictureId}/${fileName}`;
}

/** Moves a file, copying when the two paths are on different file systems. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/**
 * Picture files are the server's alone (issue 27, finding 7): folders 0700, files 0600, whatever
 * the process's umask (server/data-dir.ts tightens what an older version left behind).
 */
export const UPLOAD_DIR_MODE = 0o700;
export const UPLOAD_FILE_MODE = 0o600;

export function createDiskPictureStore(uploadsDir: string): PictureStore {
  const root = path.resolve(uploadsDir);
  /** Resolves a stored key, refusing anything that would leave the uploads directory. */
  const inside = (key: string): string | undefined => {
    const absolute = path.resolve(root, key);
    return absolute.startsWith(root + path.sep) ? absolute : undefined;
  };
  const fileOf = async (key: string) => {
    const absolute = inside(key);
    if (!absolute) return undefined;
    try {
      const info = await stat(absolute);
      return info.isFile() ? { absolute, bytes: info.size } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    kind: 'disk',
    incomingDir: path.join(root, '.incoming'),
    async put(pictureId, fileName, data) {
      const key = keyOf(pictureId, fileName);
      await mkdir(path.join(root, 'pictures', pictureId), { recursive: true, mode: UPLOAD_DIR_MODE });
      // Written beside it and renamed: a reader never meets half a file.
      const partial = path.join(root, `${key}.${crypto.randomUUID()}.partial`);
      await writeFile(partial, data, { mode: UPLOAD_FILE_MODE });
      await rename(partial, path.join(root, key));
      return key;
    },
    async putFile(pictureId, fileName, localPath) {
      const key = keyOf(pictureId, fileName);
      await mkdir(path.join(root, 'pictures', pictureId), { recursive: true, mode: UPLOAD_DIR_MODE });
      const target = path.join(root, key);
      await moveFile(localPath, target);
      await chmod(target, UPLOAD_FILE_MODE);
      return { key, bytes: (await stat(target)).size };
    },
    async get(key) {
      const file = await fileOf(key);
      return file ? { bytes: file.bytes, body: createReadStream(file.absolute) } : undefined;
    },
    async has(key) {
      return (await fileOf(key)) !== undefined;
    },
    async removePicture(pictureId) {
      if (!PICTURE_ID.test(pictureId)) return;
      await rm(path.join(root, 'pictures', pictureId), { recursive: true, force: true });
    },
  };
}

/**
 * Files as rows of picture_files. They are written before the picture's own rows (which a
 * caller records in its transaction) and removed if those never come, as on disk. Files written
 * to disk before the switch to this storage are still read (and deleted) from there.
 */
export function createDatabasePictureStore(db: Kysely<Database>, uploadsDir: string): PictureStore {
  const earlier = createDiskPictureStore(uploadsDir);
  const put = async (pictureId: string, fileName: string, data: Buffer) => {
    const key = keyOf(pictureId, fileName);
    await db
      .insertInto('picture_files')
      .values({ key, picture_id: pictureId, bytes: data.length, data, created_at: Date.now() })
      .execute();
    return key;
  };
  return {
    kind: 'database',
    incomingDir: earlier.incomingDir,
    put,
    async putFile(pictureId, fileName, localPath) {
      const data = await readFile(localPath);
      const key = await put(pictureId, fileName, data);
      await rm(localPath, { force: true });
      return { key, bytes: data.length };
    },
    async get(key) {
      const row = await db
        .selectFrom('picture_files')
        .select(['bytes', 'data'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { bytes: Number(row.bytes), body: Buffer.from(row.data) } : earlier.get(key);
    },
    async has(key) {
      return (
        (await db.selectFrom('picture_files').select('key').where('key', '=', key).executeTakeFirst()) !== undefined ||
        earlier.has(key)
      );
    },
    async removePicture(pictureId) {
      await db.deleteFrom('picture_files').where('picture_id', '=', pictureId).execute();
      await earlier.removePicture(pictureId);
    },
  };
}

export function createPictureStore(
  kind: PictureStorageKind,
  options: { db: Kysely<Database>; uploadsDir: string },
): PictureStore {
  return kind === 'database'
    ? createDatabasePictureStore(options.db, options.uploadsDir)
    : createDiskPictureStore(options.uploadsDir);
}
