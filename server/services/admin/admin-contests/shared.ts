import { CONTEST_ADMIN_ERROR_CODES, CONTEST_ADMIN_MESSAGES } from '../../../../domain/admin-contests.ts';
import type { Db } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type ContestRow } from '../../contests/contest.service.ts';
import { isPostgres } from '../../../db/dialect.ts';

export const fail = (
  status: number,
  key: keyof typeof CONTEST_ADMIN_ERROR_CODES,
  message: string = CONTEST_ADMIN_MESSAGES[key],
  details?: unknown,
) => new AppError(status, CONTEST_ADMIN_ERROR_CODES[key], message, undefined, details);

export const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export const n = (value: unknown) => Number(value ?? 0);

export const isEditable = (contest: Pick<ContestRow, 'state'>) =>
  contest.state !== 'cancelled' && contest.state !== 'published';

export async function findRow(db: Db, id: string, lock = false): Promise<ContestRow> {
  const row = await db
    .selectFrom('contests')
    .selectAll()
    .where('id', '=', id)
    .$if(lock && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  return row as ContestRow;
}
