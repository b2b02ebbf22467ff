import { type OverlapDetails, overlapMessage, windowHeldMessage } from '../../../../domain/admin-contests.ts';
import type { AppError } from '../../../errors.ts';
import type { ContestRow } from '../../contests/contest.service.ts';
import { type Db } from '../../../db/types.ts';
import { fail, iso } from './shared.ts';

type Overlapping = Pick<ContestRow, 'id' | 'window_key' | 'slot' | 'opens_at' | 'closes_at'>;

/** The first uncancelled contest whose window meets [opensAt, closesAt], other than exceptId. */
export async function overlapping(
  db: Db,
  opensAt: number,
  closesAt: number,
  exceptId: string | null,
): Promise<Overlapping | undefined> {
  let q = db
    .selectFrom('contests')
    .select(['id', 'window_key', 'slot', 'opens_at', 'closes_at'])
    .where('state', '!=', 'cancelled')
    .where('opens_at', '<=', closesAt)
    .where('closes_at', '>=', opensAt);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.orderBy('opens_at').limit(1).executeTakeFirst();
}

const detailsOf = (other: Overlapping): OverlapDetails => ({
  contestId: other.id,
  windowKey: other.window_key,
  slot: other.slot,
  opensAt: iso(other.opens_at),
  closesAt: iso(other.closes_at),
});

/** The overlap refusal, naming the contest in the way (issue 26); the console links to it. */
export function overlapRefusal(other: Overlapping): AppError {
  return fail(409, 'overlap', overlapMessage({ slot: other.slot, windowKey: other.window_key }), detailsOf(other));
}

/**
 * The refusal of a contest in a schedule window another contest holds although their times do not
 * overlap (that one closed early, or was moved): it keeps the window's key. Names it, as above.
 */
export function windowHeldRefusal(other: Overlapping): AppError {
  return fail(
    409,
    'windowHeld',
    windowHeldMessage({ slot: other.slot, windowKey: other.window_key }),
    detailsOf(other),
  );
}

/** Marks a unique violation on the window: a twin request (a double submit) made its contest first. */
const TWIN = new Error('A twin request holds this window');

/**
 * The console's check-then-insert of a window (issue 27 finding 5) whose twin won the race: its
 * 409 names the contest the twin made, like the check's own refusal (issue 26).
 */
export async function refusingTwinOverlap<T>(
  db: Db,
  window: { opensAt: number; closesAt: number; exceptId: string | null },
  run: (twin: () => Error) => Promise<T>,
): Promise<T> {
  try {
    return await run(() => TWIN);
  } catch (error) {
    if (error !== TWIN) throw error;
    const other = await overlapping(db, window.opensAt, window.closesAt, window.exceptId);
    throw other ? overlapRefusal(other) : fail(409, 'overlap');
  }
}
