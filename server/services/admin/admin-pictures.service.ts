import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  type AdminPicture,
  type AdminPictureDetail,
  type AdminPictureKind,
  type AdminPicturesQuery,
  ADMIN_PICTURE_KINDS,
  PICTURE_UPLOAD_ERROR_CODES,
  PICTURE_UPLOAD_MESSAGES,
  PRACTICE_PAIR_MESSAGES,
} from '../../../domain/admin-pictures.ts';
import { keysetPage, newestFirst } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { discardPreparedPicture, recordPicture, type StoredPicture } from '../pictures/shared.ts';
import { displayPicture, variantUrl } from '../pictures/serving.ts';
import { preparePictureFile } from '../pictures/picture.service.ts';
import { type PictureStore, UPLOAD_DIR_MODE, UPLOAD_FILE_MODE } from '../../storage/picture-store.ts';

export const tooLargeUpload = () =>
  new AppError(413, PICTURE_UPLOAD_ERROR_CODES.tooLarge, PICTURE_UPLOAD_MESSAGES.tooLarge);
const interrupted = () =>
  new AppError(400, PICTURE_UPLOAD_ERROR_CODES.interrupted, PICTURE_UPLOAD_MESSAGES.interrupted);

/**
 * Writes a request body to a new file under `dir` as it arrives, a chunk at a time, and stops at
 * `maxBytes` (413). The request stream is read but never destroyed, so the refusal can still be
 * answered. On any failure the partial file is removed.
 */
export async function receiveToFile(
  body: Readable,
  dir: string,
  maxBytes: number,
): Promise<{ path: string; bytes: number }> {
  await mkdir(dir, { recursive: true, mode: UPLOAD_DIR_MODE });
  const file = path.join(dir, `${crypto.randomUUID()}.part`);
  let bytes = 0;
  async function* limited() {
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooLargeUpload();
      yield chunk;
    }
    // A client that goes away mid-upload ends the stream early rather than failing it.
    if (body.readableAborted || (body as { aborted?: boolean }).aborted) throw interrupted();
  }
  try {
    await pipeline(limited, createWriteStream(file, { flags: 'wx', mode: UPLOAD_FILE_MODE }));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    throw interrupted();
  }
  return { path: file, bytes };
}

const KIND_NAMES: Record<AdminPictureKind, string> = {
  contest: 'contest picture',
  prize: 'prize photo',
  sponsor: 'sponsor logo',
  practice_removed: 'practice picture (ball removed)',
  practice_original: 'practice picture (original)',
};

/**
 * Makes a picture of a received file (variants as for every picture) and records it with its
 * audit entry in one transaction. Whatever fails, nothing of it stays in the store or the database.
 */
export async function uploadPicture(
  db: Kysely<Database>,
  store: PictureStore,
  actor: AuditActor,
  input: { filePath: string; kind: AdminPictureKind; now: number },
): Promise<AdminPicture> {
  let picture: StoredPicture;
  try {
    picture = await preparePictureFile(store, input.filePath, input.kind, input.now);
  } finally {
    await rm(input.filePath, { force: true });
  }
  try {
    await db.transaction().execute(async (trx) => {
      await recordPicture(trx, picture);
      await recordAudit(trx, actor, {
        action: 'picture.upload',
        targetType: 'picture',
        targetId: picture.id,
        summary: `Uploaded a ${KIND_NAMES[input.kind]}, ${picture.width} x ${picture.height} px`,
        after: {
          kind: picture.kind,
          width: picture.width,
          height: picture.height,
          mime: picture.mime,
          bytes: picture.bytes,
        },
        now: input.now,
      });
    });
  } catch (error) {
    await discardPreparedPicture(store, picture);
    throw error;
  }
  return toAdminPicture(
    {
      id: picture.id,
      kind: input.kind,
      width: picture.width,
      height: picture.height,
      bytes: picture.bytes,
      mime: picture.mime,
      created_at: picture.createdAt,
    },
    [],
  );
}

interface PictureRow {
  id: string;
  kind: string;
  width: number;
  height: number;
  bytes: number;
  mime: string;
  created_at: number;
}

function toAdminPicture(row: PictureRow, usedBy: string[]): AdminPicture {
  return {
    id: row.id,
    kind: row.kind as AdminPictureKind,
    width: row.width,
    height: row.height,
    bytes: Number(row.bytes),
    mime: row.mime,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    smallUrl: variantUrl(row.id, 'small'),
    largeUrl: variantUrl(row.id, 'large'),
    usedBy,
  };
}

/** For each picture id: the contest window keys (picture or prize photo) and practice pair ids that use it. */
async function usersOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, string[]>> {
  const used = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return used;
  const add = (id: string | null, user: string) => {
    const list = id ? used.get(id) : undefined;
    if (list && !list.includes(user)) list.push(user);
  };
  const contests = await db
    .selectFrom('contests')
    .select(['window_key', 'picture_id', 'prize_picture_id', 'sponsor_picture_id'])
    .where((eb) =>
      eb.or([eb('picture_id', 'in', ids), eb('prize_picture_id', 'in', ids), eb('sponsor_picture_id', 'in', ids)]),
    )
    .orderBy('opens_at', 'desc')
    .execute();
  for (const c of contests) {
    add(c.picture_id, c.window_key);
    add(c.prize_picture_id, c.window_key);
    add(c.sponsor_picture_id, c.window_key);
  }
  const pairs = await db
    .selectFrom('practice_pairs')
    .select(['id', 'removed_picture_id', 'original_picture_id'])
    .where((eb) => eb.or([eb('removed_picture_id', 'in', ids), eb('original_picture_id', 'in', ids)]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  for (const p of pairs) {
    add(p.removed_picture_id, p.id);
    add(p.original_picture_id, p.id);
  }
  return used;
}

const pictureColumns = ['id', 'kind', 'width', 'height', 'bytes', 'mime', 'created_at'] as const;

/** The library, newest first, a page at a time; only the console's kinds (never avatars). */
export async function listAdminPictures(
  db: Kysely<Database>,
  query: AdminPicturesQuery,
): Promise<{ items: AdminPicture[]; nextCursor: string | null }> {
  let q = db.selectFrom('pictures').select(pictureColumns);
  q = query.kind ? q.where('kind', '=', query.kind) : q.where('kind', 'in', [...ADMIN_PICTURE_KINDS]);
  const rows = await newestFirst(q, 'created_at', 'id', query).execute();
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => [Number(row.created_at), row.id]);
  const used = await usersOf(
    db,
    page.map((r) => r.id),
  );
  return { items: page.map((row) => toAdminPicture(row, used.get(row.id) ?? [])), nextCursor };
}

/** One library picture with what the stage draws and, for a practice original in a pair, the true ball. */
export async function adminPictureDetail(
  db: Kysely<Database>,
  store: PictureStore,
  id: string,
): Promise<AdminPictureDetail> {
  const row = await db
    .selectFrom('pictures')
    .select(pictureColumns)
    .where('id', '=', id)
    .where('kind', 'in', [...ADMIN_PICTURE_KINDS])
    .executeTakeFirst();
  if (!row) throw notFound(PRACTICE_PAIR_MESSAGES.pictureNotFound);
  const stage = await displayPicture(db, store, id);
  if (!stage) throw notFound(PRACTICE_PAIR_MESSAGES.pictureNotFound);
  const used = await usersOf(db, [id]);
  const pair =
    row.kind === 'practice_original'
      ? await db
          .selectFrom('practice_pairs')
          .select(['ball_x', 'ball_y', 'ball_width'])
          .where('original_picture_id', '=', id)
          .orderBy('sort_order')
          .orderBy('id')
          .executeTakeFirst()
      : undefined;
  return {
    picture: toAdminPicture(row, used.get(id) ?? []),
    stage,
    ball: pair ? { x: pair.ball_x, y: pair.ball_y } : null,
    ballWidth: pair?.ball_width ?? null,
  };
}
