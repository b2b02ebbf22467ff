import type { Kysely } from 'kysely';
import {
  type AdminContest,
  type AdminContestsQuery,
  CONTEST_ADMIN_MESSAGES,
  type ContestInput,
  type LockedField,
  SEALED_ANSWER_ERROR_CODES,
  SEALED_ANSWER_MESSAGES,
} from '../../../../domain/admin-contests.ts';
import { keysetPage, newestFirst } from '../../../db/paging.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { takenCounts } from '../../contests/contest-counters.service.ts';
import { type ContestRow, contestState } from '../../contests/contest.service.ts';
import { variantUrl } from '../../pictures/serving.ts';
import { newSealedAnswer } from '../../judging/verification.service.ts';
import { type Db } from '../../../db/types.ts';
import { iso, n, isEditable, findRow } from './shared.ts';

interface Figures {
  sold: number;
  taken: number;
  entrants: number;
  revenue: number;
  refunded: number;
  /** Judges' marks (a marked contest cannot be reopened). */
  marks: number;
  sealed: boolean;
}

async function figuresOf(db: Db, ids: string[]): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>(
    ids.map((id) => [id, { sold: 0, taken: 0, entrants: 0, revenue: 0, refunded: 0, marks: 0, sealed: false }]),
  );
  if (ids.length === 0) return figures;
  const [tickets, taken, payments, marks, seals] = await Promise.all([
    db
      .selectFrom('tickets')
      .select((eb) => [
        'contest_id',
        eb.fn.countAll<number | string>().as('sold'),
        eb.fn.count<number | string>('user_id').distinct().as('entrants'),
      ])
      .where('contest_id', 'in', ids)
      .where('status', '=', 'confirmed')
      .groupBy('contest_id')
      .execute(),
    takenCounts(db, ids),
    db
      .selectFrom('payments')
      .select((eb) => [
        'contest_id',
        eb.fn.sum<number | string>('amount_paise').as('revenue'),
        eb.fn
          .sum<number | string>(eb.case().when('refund_id', 'is not', null).then(eb.ref('amount_paise')).else(0).end())
          .as('refunded'),
      ])
      .where('contest_id', 'in', ids)
      .where('status', '=', 'success')
      .groupBy('contest_id')
      .execute(),
    db
      .selectFrom('judge_marks')
      .select((eb) => ['contest_id', eb.fn.countAll<number | string>().as('marks')])
      .where('contest_id', 'in', ids)
      .groupBy('contest_id')
      .execute(),
    db.selectFrom('contest_seals').select('contest_id').where('contest_id', 'in', ids).execute(),
  ]);
  for (const row of marks) figures.get(row.contest_id)!.marks = n(row.marks);
  for (const row of seals) figures.get(row.contest_id)!.sealed = true;
  for (const row of tickets)
    Object.assign(figures.get(row.contest_id)!, { sold: n(row.sold), entrants: n(row.entrants) });
  for (const [id, count] of taken) figures.get(id)!.taken = count;
  for (const row of payments)
    Object.assign(figures.get(row.contest_id)!, { revenue: n(row.revenue), refunded: n(row.refunded) });
  return figures;
}

async function smallUrls(db: Db, pictureIds: string[]): Promise<Set<string>> {
  if (pictureIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('picture_variants')
    .select('picture_id')
    .where('picture_id', 'in', pictureIds)
    .where('name', '=', 'small')
    .execute();
  return new Set(rows.map((r) => r.picture_id));
}

/** What can no longer change, and why. */
export function locksOf(
  contest: Pick<ContestRow, 'state'>,
  taken: number,
): { fields: LockedField[]; reason: string | null } {
  if (taken > 0) return { fields: ['price', 'picture', 'window'], reason: CONTEST_ADMIN_MESSAGES.locked };
  if (contest.state === 'judging' || contest.state === 'judged')
    return { fields: ['picture', 'window'], reason: CONTEST_ADMIN_MESSAGES.judging };
  return { fields: [], reason: null };
}

/** Close now: the contest takes entries at this moment (stored 'upcoming', inside its window). */
export const isClosable = (row: Pick<ContestRow, 'state' | 'opens_at' | 'closes_at'>, now: number) =>
  row.state === 'upcoming' && n(row.opens_at) <= now && now <= n(row.closes_at);

/** Reopen: closed by the clock, no judge has marked and nothing decided it yet (stored 'upcoming'). */
export const isReopenable = (row: Pick<ContestRow, 'state' | 'closes_at'>, marks: number, now: number) =>
  row.state === 'upcoming' && n(row.closes_at) < now && marks === 0;

function toAdmin(row: ContestRow, f: Figures, withSmall: Set<string>, now: number): AdminContest {
  const locks = locksOf(row, f.taken);
  const url = (id: string | null) => (id && withSmall.has(id) ? variantUrl(id, 'small') : null);
  return {
    id: row.id,
    windowKey: row.window_key,
    slot: row.slot,
    state: contestState(row, now),
    opensAt: iso(row.opens_at),
    closesAt: iso(row.closes_at),
    showAt: iso(row.show_at),
    pictureId: row.picture_id,
    pictureUrl: url(row.picture_id),
    prizeKind: row.prize_kind,
    prizeTitleEn: row.prize_title_en,
    prizeTitleHi: row.prize_title_hi,
    prizeValuePaise: n(row.prize_value_paise),
    prizePictureId: row.prize_picture_id,
    prizePictureUrl: url(row.prize_picture_id),
    ticketPricePaise: n(row.ticket_price_paise),
    maxTickets: row.max_tickets_per_person,
    totalTickets: row.total_tickets,
    streamUrl: row.stream_url,
    ticketsSold: f.sold,
    ticketsTaken: f.taken,
    revenuePaise: f.revenue,
    refundedPaise: f.refunded,
    entrants: f.entrants,
    lockedFields: locks.fields,
    lockReason: locks.reason,
    editable: isEditable(row),
    cancellable: isEditable(row),
    cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
    cancelReason: row.cancel_reason,
    decidedBy: row.decided_by,
    commitment:
      row.decided_by === 'sealedAnswer' && row.answer_commitment !== null && row.answer_committed_at !== null
        ? { hash: row.answer_commitment, committedAt: iso(row.answer_committed_at) }
        : null,
    sponsor: row.sponsor_name
      ? {
          name: row.sponsor_name,
          url: row.sponsor_url,
          pictureId: row.sponsor_picture_id,
          logoUrl: url(row.sponsor_picture_id),
        }
      : null,
    prizeTdsPayer: row.prize_tds_payer,
    closable: isClosable(row, now),
    reopenable: isReopenable(row, f.marks, now),
    closedEarlyFrom: row.closed_early_from === null ? null : iso(row.closed_early_from),
    sealed: f.sealed,
  };
}

/**
 * The sealed-answer columns for a create or an edit (issue 12). 'judges' clears them; a sealed
 * answer needs its point inside the picture and gets a fresh salt and commitment whenever the
 * point or the picture changes. Once the contest has opened the commitment is public: nothing of
 * it may change then.
 */
export async function answerColumns(db: Db, input: ContestInput, row: ContestRow | null, now: number) {
  const decidedBy = input.decidedBy ?? row?.decided_by ?? 'judges';
  const same =
    row !== null &&
    decidedBy === row.decided_by &&
    input.pictureId === row.picture_id &&
    (decidedBy === 'judges' ||
      input.answerPoint === undefined ||
      (input.answerPoint?.x === row.answer_x && input.answerPoint?.y === row.answer_y));
  if (same) return {};
  if (row !== null && row.opens_at <= now && (row.decided_by === 'sealedAnswer' || decidedBy === 'sealedAnswer')) {
    throw new AppError(409, SEALED_ANSWER_ERROR_CODES.answerLocked, SEALED_ANSWER_MESSAGES.answerLocked);
  }
  if (decidedBy === 'judges')
    return {
      decided_by: 'judges' as const,
      answer_x: null,
      answer_y: null,
      answer_salt: null,
      answer_commitment: null,
      answer_committed_at: null,
    };
  const point = input.answerPoint ?? null;
  const picture = await db
    .selectFrom('pictures')
    .select(['width', 'height'])
    .where('id', '=', input.pictureId)
    .executeTakeFirst();
  if (!point || !picture || point.x >= picture.width || point.y >= picture.height) {
    throw new AppError(400, SEALED_ANSWER_ERROR_CODES.answerRequired, SEALED_ANSWER_MESSAGES.answerRequired, {
      answerPoint: SEALED_ANSWER_MESSAGES.answerRequired,
    });
  }
  return { decided_by: 'sealedAnswer' as const, ...newSealedAnswer(point.x, point.y, now) };
}

async function present(db: Db, rows: ContestRow[], now: number): Promise<AdminContest[]> {
  const ids = rows.map((r) => r.id);
  const [figures, withSmall] = await Promise.all([
    figuresOf(db, ids),
    smallUrls(db, [
      ...new Set(
        rows.flatMap((r) => [r.picture_id, r.prize_picture_id ?? '', r.sponsor_picture_id ?? '']).filter(Boolean),
      ),
    ]),
  ]);
  return rows.map((row) => toAdmin(row, figures.get(row.id)!, withSmall, now));
}

/** Newest window first; the cursor is the last row's (opens_at, id). */
export async function listAdminContests(
  db: Kysely<Database>,
  query: AdminContestsQuery,
  now: number,
): Promise<{ items: AdminContest[]; nextCursor: string | null }> {
  const rows = (await newestFirst(
    db.selectFrom('contests').selectAll(),
    'opens_at',
    'id',
    query,
  ).execute()) as ContestRow[];
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => [n(row.opens_at), row.id]);
  return { items: await present(db, page, now), nextCursor };
}

export async function adminContest(db: Kysely<Database>, id: string, now: number): Promise<AdminContest> {
  const [view] = await present(db, [await findRow(db, id)], now);
  return view!;
}
