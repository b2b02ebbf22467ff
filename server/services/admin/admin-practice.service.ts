import type { Kysely } from 'kysely';
import {
  type AdminPracticePair,
  isBallWidthFor,
  PRACTICE_PAIR_ERROR_CODES,
  PRACTICE_PAIR_MESSAGES,
} from '../../../domain/admin-pictures.ts';
import { isInsidePicture } from '../../../domain/tickets.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';
import { variantUrl } from '../pictures/serving.ts';

const pairNotFound = () => notFound(PRACTICE_PAIR_MESSAGES.notFound);

function checkBallWidth(ballWidth: number, picture: { width: number }): void {
  if (isBallWidthFor(ballWidth, picture)) return;
  const message = PRACTICE_PAIR_MESSAGES.ballWidth(picture.width);
  throw new AppError(400, PRACTICE_PAIR_ERROR_CODES.ballWidth, message, { ballWidth: message });
}

/** Every pair in play order (the order nextPracticePair walks), active or not. */
export async function listPracticePairs(db: Db): Promise<AdminPracticePair[]> {
  const rows = await db
    .selectFrom('practice_pairs as p')
    .innerJoin('pictures as r', 'r.id', 'p.removed_picture_id')
    .innerJoin('pictures as o', 'o.id', 'p.original_picture_id')
    .select([
      'p.id',
      'p.ball_x',
      'p.ball_y',
      'p.ball_width',
      'p.is_active',
      'p.created_at',
      'r.id as removed_id',
      'r.width as removed_width',
      'r.height as removed_height',
      'o.id as original_id',
      'o.width as original_width',
      'o.height as original_height',
    ])
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  return rows.map((row, index) => ({
    id: row.id,
    removed: {
      id: row.removed_id,
      width: row.removed_width,
      height: row.removed_height,
      smallUrl: variantUrl(row.removed_id, 'small'),
    },
    original: {
      id: row.original_id,
      width: row.original_width,
      height: row.original_height,
      smallUrl: variantUrl(row.original_id, 'small'),
    },
    ball: { x: row.ball_x, y: row.ball_y },
    ballWidth: row.ball_width,
    active: row.is_active === 1,
    position: index + 1,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }));
}

async function pairById(db: Db, id: string): Promise<AdminPracticePair> {
  const pair = (await listPracticePairs(db)).find((p) => p.id === id);
  if (!pair) throw pairNotFound();
  return pair;
}

/**
 * A new pair at the end of the play order: a 'practice_removed' picture to play on, the
 * 'practice_original' one revealed after, the same size (one coordinate space), and the ball
 * inside it. Active at once unless asked otherwise: the next player's practice game may get it.
 */
export async function createPracticePair(
  db: Kysely<Database>,
  actor: AuditActor,
  input: {
    removedPictureId: string;
    originalPictureId: string;
    ball: { x: number; y: number };
    ballWidth: number;
    active: boolean;
  },
  now: number,
): Promise<AdminPracticePair> {
  return db.transaction().execute(async (trx) => {
    const pictures = await trx
      .selectFrom('pictures')
      .select(['id', 'kind', 'width', 'height'])
      .where('id', 'in', [input.removedPictureId, input.originalPictureId])
      .execute();
    const removed = pictures.find((p) => p.id === input.removedPictureId);
    const original = pictures.find((p) => p.id === input.originalPictureId);
    if (!removed || removed.kind !== 'practice_removed') {
      throw new AppError(400, PRACTICE_PAIR_ERROR_CODES.pictureKind, PRACTICE_PAIR_MESSAGES.removedKind, {
        removedPictureId: PRACTICE_PAIR_MESSAGES.removedKind,
      });
    }
    if (!original || original.kind !== 'practice_original') {
      throw new AppError(400, PRACTICE_PAIR_ERROR_CODES.pictureKind, PRACTICE_PAIR_MESSAGES.originalKind, {
        originalPictureId: PRACTICE_PAIR_MESSAGES.originalKind,
      });
    }
    if (removed.width !== original.width || removed.height !== original.height) {
      throw new AppError(
        400,
        PRACTICE_PAIR_ERROR_CODES.sizeMismatch,
        PRACTICE_PAIR_MESSAGES.sizeMismatch(removed, original),
      );
    }
    if (!isInsidePicture(input.ball, original)) {
      const message = PRACTICE_PAIR_MESSAGES.ballOutside(original.width, original.height);
      throw new AppError(400, PRACTICE_PAIR_ERROR_CODES.ballOutside, message, { ball: message });
    }
    checkBallWidth(input.ballWidth, original);
    const existing = await trx
      .selectFrom('practice_pairs')
      .select('id')
      .where('removed_picture_id', '=', removed.id)
      .where('original_picture_id', '=', original.id)
      .executeTakeFirst();
    if (existing) throw new AppError(409, PRACTICE_PAIR_ERROR_CODES.duplicate, PRACTICE_PAIR_MESSAGES.duplicate);
    const last = await trx
      .selectFrom('practice_pairs')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .executeTakeFirst();
    const id = crypto.randomUUID();
    await trx
      .insertInto('practice_pairs')
      .values({
        id,
        removed_picture_id: removed.id,
        original_picture_id: original.id,
        ball_x: input.ball.x,
        ball_y: input.ball.y,
        ball_width: input.ballWidth,
        is_active: input.active ? 1 : 0,
        sort_order: Number(last?.max ?? 0) + 1,
        created_at: now,
      })
      .execute();
    const pair = await pairById(trx, id);
    await recordAudit(trx, actor, {
      action: 'picture.pair.create',
      targetType: 'practice_pair',
      targetId: id,
      summary: `Made practice pair ${pair.position} (ball at ${input.ball.x}, ${input.ball.y}, ${input.ballWidth} px wide)${input.active ? '' : ', inactive'}`,
      after: {
        removedPictureId: removed.id,
        originalPictureId: original.id,
        ball: input.ball,
        ballWidth: input.ballWidth,
        active: input.active,
        position: pair.position,
      },
      now,
    });
    return pair;
  });
}

/** Puts a pair in or out of the practice game; the same state again changes and logs nothing. */
export async function setPracticePairActive(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  active: boolean,
  now: number,
): Promise<{ pair: AdminPracticePair; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await pairById(trx, id);
    if (before.active === active) return { pair: before, changed: false };
    await trx
      .updateTable('practice_pairs')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: active ? 'picture.pair.activate' : 'picture.pair.deactivate',
      targetType: 'practice_pair',
      targetId: id,
      summary: `${active ? 'Put' : 'Took'} practice pair ${before.position} ${active ? 'into' : 'out of'} the practice game`,
      before: { active: before.active },
      after: { active },
      now,
    });
    return { pair: { ...before, active }, changed: true };
  });
}

/** Sets or corrects a pair's ball width (bounded by its picture's width); the same width again changes and logs nothing. */
export async function setPracticePairBallWidth(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  ballWidth: number,
  now: number,
): Promise<{ pair: AdminPracticePair; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await pairById(trx, id);
    checkBallWidth(ballWidth, before.original);
    if (before.ballWidth === ballWidth) return { pair: before, changed: false };
    await trx.updateTable('practice_pairs').set({ ball_width: ballWidth }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'picture.pair.ballWidth',
      targetType: 'practice_pair',
      targetId: id,
      summary: `Set the ball of practice pair ${before.position} to ${ballWidth} px wide`,
      before: { ballWidth: before.ballWidth },
      after: { ballWidth },
      now,
    });
    return { pair: { ...before, ballWidth }, changed: true };
  });
}

/**
 * The whole play order at once: `ids` must name every pair exactly once, so an order made from a
 * list that has changed since (a pair added meanwhile) is refused rather than half applied.
 */
export async function reorderPracticePairs(
  db: Kysely<Database>,
  actor: AuditActor,
  ids: readonly string[],
  now: number,
): Promise<AdminPracticePair[]> {
  return db.transaction().execute(async (trx) => {
    const before = await listPracticePairs(trx);
    const known = new Set(before.map((p) => p.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError(409, PRACTICE_PAIR_ERROR_CODES.staleOrder, PRACTICE_PAIR_MESSAGES.staleOrder);
    }
    const beforeIds = before.map((p) => p.id);
    if (beforeIds.every((id, i) => id === ids[i])) return before;
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable('practice_pairs')
        .set({ sort_order: index + 1 })
        .where('id', '=', id)
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'picture.pair.reorder',
      targetType: 'practice_pair',
      targetId: null,
      summary: `Changed the order of the ${ids.length} practice pairs`,
      before: { order: beforeIds },
      after: { order: ids },
      now,
    });
    return listPracticePairs(trx);
  });
}
