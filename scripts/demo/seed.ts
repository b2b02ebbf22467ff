import type { Kysely } from 'kysely';
import { DEMO_CONTEST_BALL_KEY, DEMO_CONTEST_PICTURE_KEY, DEMO_SEED_KEY } from '../../server/db/meta-keys.ts';
import type { Database } from '../../server/db/schema.ts';
import { discardPreparedPicture, recordPicture, type StoredPicture } from '../../server/services/pictures/shared.ts';
import { preparePicture } from '../../server/services/pictures/picture.service.ts';
import type { PictureStore } from '../../server/storage/picture-store.ts';
import { renderDemoScene } from './pictures.ts';

/** Bump to seed a new demo set into databases seeded by an older one (and write what that means). */
export const DEMO_SEED_VERSION = '1';

export const DEMO_PRACTICE_PAIRS = 6;

export interface SeedOptions {
  /** Render size of the demo pictures; smaller in tests. Default 2400 x 1600. */
  width?: number;
  height?: number;
  now?: number;
}

export interface SeedResult {
  /** False when this database was already seeded (by this process or another). */
  seeded: boolean;
  pairs: number;
  contestPictureId: string | null;
  ms: number;
}

/** The drawn ball's width in whole pixels of its pictures (at least 1: a tiny test render still has a ball). */
export function demoBallWidth(radius: number): number {
  return Math.max(1, Math.round(radius * 2));
}

async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('app_meta').select('key').where('key', '=', DEMO_SEED_KEY).executeTakeFirst()) !== undefined
  );
}

/**
 * Gives a fresh install its practice pairs and a demo contest picture, drawn by code, once per
 * database. The pictures are drawn and their files written first (seconds of work), then one
 * short transaction claims the 'demo_seed_version' key and records everything: if another
 * process claimed it meanwhile, this one records nothing and deletes its files.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  config: { pictures: PictureStore },
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = performance.now();
  const skipped = (): SeedResult => ({
    seeded: false,
    pairs: 0,
    contestPictureId: null,
    ms: Math.round(performance.now() - started),
  });
  if (await isSeeded(db)) return skipped();

  const now = options.now ?? Date.now();
  const size = { width: options.width, height: options.height };
  const prepared: StoredPicture[] = [];
  const pairs: Array<{
    removed: StoredPicture;
    original: StoredPicture;
    ball: { x: number; y: number };
    ballWidth: number;
  }> = [];
  let contest: { picture: StoredPicture; ball: { x: number; y: number } };
  try {
    for (let seed = 0; seed < DEMO_PRACTICE_PAIRS; seed += 1) {
      const scene = await renderDemoScene(seed, size);
      const removed = await preparePicture(config.pictures, scene.withoutBall, 'practice_removed', now);
      prepared.push(removed);
      const original = await preparePicture(config.pictures, scene.withBall, 'practice_original', now);
      prepared.push(original);
      pairs.push({ removed, original, ball: scene.ball, ballWidth: demoBallWidth(scene.ballRadius) });
    }
    const scene = await renderDemoScene(DEMO_PRACTICE_PAIRS, size);
    const picture = await preparePicture(config.pictures, scene.withoutBall, 'contest', now);
    prepared.push(picture);
    contest = { picture, ball: scene.ball };
  } catch (error) {
    await Promise.all(prepared.map((p) => discardPreparedPicture(config.pictures, p)));
    throw error;
  }

  let claimed = false;
  try {
    claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('app_meta')
        .values({ key: DEMO_SEED_KEY, value: DEMO_SEED_VERSION, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      for (const picture of prepared) await recordPicture(trx, picture);
      for (const [i, pair] of pairs.entries()) {
        await trx
          .insertInto('practice_pairs')
          .values({
            id: crypto.randomUUID(),
            removed_picture_id: pair.removed.id,
            original_picture_id: pair.original.id,
            ball_x: pair.ball.x,
            ball_y: pair.ball.y,
            ball_width: pair.ballWidth,
            is_active: 1,
            sort_order: (i + 1) * 10,
            created_at: now,
          })
          .execute();
      }
      for (const [key, value] of [
        [DEMO_CONTEST_PICTURE_KEY, contest.picture.id],
        [DEMO_CONTEST_BALL_KEY, JSON.stringify(contest.ball)],
      ] as const) {
        await trx
          .insertInto('app_meta')
          .values({ key, value, updated_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
          .execute();
      }
      return true;
    });
  } finally {
    if (!claimed) await Promise.all(prepared.map((p) => discardPreparedPicture(config.pictures, p)));
  }
  if (!claimed) return skipped();
  return {
    seeded: true,
    pairs: pairs.length,
    contestPictureId: contest.picture.id,
    ms: Math.round(performance.now() - started),
  };
}
