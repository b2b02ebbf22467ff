import type { Kysely } from 'kysely';
import { isBallWidthFor, PRACTICE_PAIR_ERROR_CODES, PRACTICE_PAIR_MESSAGES } from '../../../domain/admin-pictures.ts';
import { type ContestBallWidth, contestBallWidth, defaultBallWidth } from '../../../domain/contest-ball-width.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';

/**
 * A contest picture's ball width (issue 25): set in the console, else the default derived from
 * the picture (domain/contest-ball-width.ts); the winners' pages and My entries tell distances
 * in it.
 */

async function contestPicture(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('pictures')
    .select(['id', 'width', 'ball_width'])
    .where('id', '=', id)
    .where('kind', '=', 'contest')
    .executeTakeFirst();
  if (!row) throw notFound(PRACTICE_PAIR_MESSAGES.pictureNotFound);
  return row;
}

function shown(set: number | null, width: number): ContestBallWidth {
  return { set, default: defaultBallWidth(width), used: contestBallWidth(set, width) };
}

export async function contestPictureBallWidth(db: Kysely<Database>, id: string): Promise<ContestBallWidth> {
  const row = await contestPicture(db, id);
  return shown(row.ball_width, row.width);
}

/** Sets the width (bounded by the picture's width), or clears it back to the default (null); the same again logs nothing. */
export async function setContestPictureBallWidth(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  ballWidth: number | null,
  now: number,
): Promise<ContestBallWidth & { changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await contestPicture(trx, id);
    if (ballWidth !== null && !isBallWidthFor(ballWidth, row)) {
      const message = PRACTICE_PAIR_MESSAGES.ballWidth(row.width);
      throw new AppError(400, PRACTICE_PAIR_ERROR_CODES.ballWidth, message, { ballWidth: message });
    }
    if (row.ball_width === ballWidth) return { ...shown(ballWidth, row.width), changed: false };
    await trx.updateTable('pictures').set({ ball_width: ballWidth }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'picture.ballWidth',
      targetType: 'picture',
      targetId: id,
      summary:
        ballWidth === null
          ? `Set the contest picture's ball back to the default width (${defaultBallWidth(row.width)} px)`
          : `Set the contest picture's ball to ${ballWidth} px wide`,
      before: { ballWidth: row.ball_width },
      after: { ballWidth },
      now,
    });
    return { ...shown(ballWidth, row.width), changed: true };
  });
}

/** The width the pages use for the contest picture `pictureId` (null when it is gone). */
export async function ballWidthOfContestPicture(db: Kysely<Database>, pictureId: string): Promise<number | null> {
  const row = await db
    .selectFrom('pictures')
    .select(['width', 'ball_width'])
    .where('id', '=', pictureId)
    .executeTakeFirst();
  return row ? contestBallWidth(row.ball_width, row.width) : null;
}
