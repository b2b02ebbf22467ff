import { type OverlapDetails, overlapMessage } from '../../../domain/admin-contests.ts';
import type { AppError } from '../../errors.ts';
import type { ContestRow } from '../contest.service.ts';
import { type Db, fail, iso } from './shared.ts';

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

/** The overlap refusal, naming the contest in the way (issue 26); the console links to it. */
export function overlapRefusal(other: Overlapping): AppError {
  const details: OverlapDetails = {
    contestId: other.id,
    windowKey: other.window_key,
    slot: other.slot,
    opensAt: iso(other.opens_at),
    closesAt: iso(other.closes_at),
  };
  return fail(409, 'overlap', overlapMessage({ slot: other.slot, windowKey: other.window_key }), details);
}
