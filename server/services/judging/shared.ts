/** What judging.service.ts and results.ts share: the refusal, the setting, the contest's label, loading and locking it. */
import type { Transaction } from 'kysely';
import {
  JUDGES_REQUIRED_DEFAULT,
  JUDGES_REQUIRED_MAX,
  JUDGES_REQUIRED_MIN,
  JUDGING_ERROR_CODES,
  JUDGING_MESSAGES,
  type JudgingState,
} from '../../../domain/judge-panel.ts';
import { istParts } from '../../../domain/schedule.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { ContestRow } from '../contests/contest.service.ts';

export const JUDGES_REQUIRED_KEY = 'judges_required';

export const fail = (status: number, key: keyof typeof JUDGING_ERROR_CODES) =>
  new AppError(status, JUDGING_ERROR_CODES[key], JUDGING_MESSAGES[key]);

/** How many judges must mark (the setting, else the default). */
export async function judgesRequired(db: Db): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', JUDGES_REQUIRED_KEY).executeTakeFirst();
  const n = Number(row?.value);
  return Number.isInteger(n) && n >= JUDGES_REQUIRED_MIN && n <= JUDGES_REQUIRED_MAX ? n : JUDGES_REQUIRED_DEFAULT;
}

/** What the panel calls the stored state of a closed contest. */
export function judgingState(state: ContestRow['state']): JudgingState | null {
  if (state === 'upcoming') return 'awaiting';
  if (state === 'judging' || state === 'judged' || state === 'published') return state;
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Contest A of 23 Nov 2026' (the day it opened, IST) for logs and messages. */
export function contestLabel(contest: Pick<ContestRow, 'slot' | 'opens_at'>): string {
  const p = istParts(new Date(contest.opens_at));
  return `Contest ${contest.slot} of ${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** The contest, or 404. */
export async function loadContest(db: Db, contestId: string): Promise<ContestRow> {
  const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst();
  if (!contest) throw fail(404, 'contestNotFound');
  return contest;
}

/** The contest row, locked for the transaction on PostgreSQL (SQLite serialises writers anyway). */
export async function lockContest(trx: Transaction<Database>, contestId: string): Promise<ContestRow> {
  const contest = await trx
    .selectFrom('contests')
    .selectAll()
    .where('id', '=', contestId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!contest) throw fail(404, 'contestNotFound');
  return contest;
}

/** Rows per INSERT of notices: 6 values each, far below either database's parameter limit. */
export const NOTICE_BATCH = 2000;
