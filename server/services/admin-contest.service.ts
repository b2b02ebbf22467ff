import type { Kysely, Transaction } from 'kysely';
import {
  type AdminContest,
  type AdminContestsQuery,
  CONTEST_ADMIN_ERROR_CODES,
  CONTEST_ADMIN_MESSAGES,
  type ContestDefaultsAnswer,
  type ContestInput,
  type LockedField,
  SEALED_ANSWER_ERROR_CODES,
  SEALED_ANSWER_MESSAGES,
} from '../../domain/admin-contests.ts';
import { type ContestWindow, upcomingWindows, windowKey } from '../../domain/schedule.ts';
import type { ContestDefaults } from '../config.ts';
import type { Database, PictureKind } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { MessageSender } from '../integrations/messages.ts';
import type { PaymentGateway } from '../integrations/payments/gateway.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';
import { releaseReservedTickets, takenCount, takenCounts } from './contest-counters.service.ts';
import { type ContestRow, contestState } from './contest.service.ts';
import { isPostgres } from '../db/dialect.ts';
import { contestLabel } from './judging.service.ts';
import { settleRefund } from './payments/finalize.ts';
import { variantUrl } from './picture.service.ts';
import { newSealedAnswer } from './verification.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

const fail = (
  status: number,
  key: keyof typeof CONTEST_ADMIN_ERROR_CODES,
  message: string = CONTEST_ADMIN_MESSAGES[key],
) => new AppError(status, CONTEST_ADMIN_ERROR_CODES[key], message);

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const n = (value: unknown) => Number(value ?? 0);

export const CANCEL_REFUND_REASON = 'The contest was cancelled; the amount is refunded.';

interface Figures {
  sold: number;
  taken: number;
  entrants: number;
  revenue: number;
  refunded: number;
}

async function figuresOf(db: Db, ids: string[]): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>(
    ids.map((id) => [id, { sold: 0, taken: 0, entrants: 0, revenue: 0, refunded: 0 }]),
  );
  if (ids.length === 0) return figures;
  const [tickets, taken, payments] = await Promise.all([
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
  ]);
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

const isEditable = (contest: Pick<ContestRow, 'state'>) =>
  contest.state !== 'cancelled' && contest.state !== 'published';

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
  };
}

/**
 * The sealed-answer columns for a create or an edit (issue 12). 'judges' clears them; a sealed
 * answer needs its point inside the picture and gets a fresh salt and commitment whenever the
 * point or the picture changes. Once the contest has opened the commitment is public: nothing of
 * it may change then.
 */
async function answerColumns(db: Db, input: ContestInput, row: ContestRow | null, now: number) {
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
    smallUrls(db, [...new Set(rows.flatMap((r) => [r.picture_id, r.prize_picture_id ?? '']).filter(Boolean))]),
  ]);
  return rows.map((row) => toAdmin(row, figures.get(row.id)!, withSmall, now));
}

/** Newest window first; the cursor is the last row's (opens_at, id). */
export async function listAdminContests(
  db: Kysely<Database>,
  query: AdminContestsQuery,
  now: number,
): Promise<{ items: AdminContest[]; nextCursor: string | null }> {
  let q = db.selectFrom('contests').selectAll();
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    q = q.where((eb) => eb.or([eb('opens_at', '<', at), eb.and([eb('opens_at', '=', at), eb('id', '<', id)])]));
  }
  const rows = (await q
    .orderBy('opens_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute()) as ContestRow[];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await present(db, page, now),
    nextCursor:
      rows.length > query.limit && last ? Buffer.from(`${n(last.opens_at)}:${last.id}`).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): [number, string] {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const at = Number(text.slice(0, text.indexOf(':')));
  return [Number.isSafeInteger(at) ? at : 0, text.slice(text.indexOf(':') + 1)];
}

async function findRow(db: Db, id: string, lock = false): Promise<ContestRow> {
  const row = await db
    .selectFrom('contests')
    .selectAll()
    .where('id', '=', id)
    .$if(lock && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  return row as ContestRow;
}

export async function adminContest(db: Kysely<Database>, id: string, now: number): Promise<AdminContest> {
  const [view] = await present(db, [await findRow(db, id)], now);
  return view!;
}

async function overlapping(db: Db, opensAt: number, closesAt: number, exceptId: string | null): Promise<boolean> {
  let q = db
    .selectFrom('contests')
    .select('id')
    .where('state', '!=', 'cancelled')
    .where('opens_at', '<=', closesAt)
    .where('closes_at', '>=', opensAt);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** The schedule window a contest opening at `opensAt` belongs to: the one holding it, else the next. */
function scheduleWindowOf(opensAt: number): ContestWindow {
  return upcomingWindows(new Date(opensAt), 1)[0]!;
}

/**
 * The window_key for a contest: the schedule window's key, so the contest job never makes that
 * window twice. A window whose contest was cancelled takes a replacement: key-2, key-3, ...
 */
async function freeKeyFor(db: Db, opensAt: number, selfId: string | null): Promise<{ key: string; slot: 'A' | 'B' }> {
  const window = scheduleWindowOf(opensAt);
  const base = windowKey(window);
  const rows = await db
    .selectFrom('contests')
    .select(['id', 'window_key', 'state'])
    .where('window_key', 'like', `${base}%`)
    .execute();
  const self = rows.find((r) => r.id === selfId);
  if (self && (self.window_key === base || self.window_key.startsWith(`${base}-`)))
    return { key: self.window_key, slot: window.slot };
  const used = new Set(rows.map((r) => r.window_key));
  if (!used.has(base)) return { key: base, slot: window.slot };
  const holder = rows.find((r) => r.window_key === base);
  if (holder && holder.state !== 'cancelled') throw fail(409, 'overlap');
  for (let i = 2; ; i += 1) if (!used.has(`${base}-${i}`)) return { key: `${base}-${i}`, slot: window.slot };
}

async function checkPicture(db: Db, id: string | null, kind: PictureKind): Promise<void> {
  if (id === null) return;
  const row = await db
    .selectFrom('pictures')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw kind === 'contest' ? fail(400, 'pictureMissing') : fail(400, 'prizePictureMissing');
}

/** The fields an audit entry keeps of a contest. */
function snapshot(
  c:
    | ContestRow
    | (Omit<ContestInput, 'opensAt' | 'closesAt' | 'showAt'> & { opensAt: string; closesAt: string; showAt: string }),
) {
  if ('window_key' in c) {
    return {
      opensAt: iso(c.opens_at),
      closesAt: iso(c.closes_at),
      showAt: iso(c.show_at),
      pictureId: c.picture_id,
      prizeKind: c.prize_kind,
      prizeTitleEn: c.prize_title_en,
      prizeTitleHi: c.prize_title_hi,
      prizeValuePaise: n(c.prize_value_paise),
      prizePictureId: c.prize_picture_id,
      ticketPricePaise: n(c.ticket_price_paise),
      maxTickets: c.max_tickets_per_person,
      totalTickets: c.total_tickets,
      streamUrl: c.stream_url,
    };
  }
  return {
    ...c,
    opensAt: iso(Date.parse(c.opensAt)),
    closesAt: iso(Date.parse(c.closesAt)),
    showAt: iso(Date.parse(c.showAt)),
  };
}

function columnsOf(input: ContestInput) {
  return {
    opens_at: Date.parse(input.opensAt),
    closes_at: Date.parse(input.closesAt),
    show_at: Date.parse(input.showAt),
    picture_id: input.pictureId,
    prize_kind: input.prizeKind,
    prize_title_en: input.prizeTitleEn,
    prize_title_hi: input.prizeTitleHi,
    prize_value_paise: input.prizeValuePaise,
    prize_picture_id: input.prizePictureId,
    ticket_price_paise: input.ticketPricePaise,
    max_tickets_per_person: input.maxTickets,
    total_tickets: input.totalTickets,
    stream_url: input.streamUrl,
  };
}

/** The schedule's first window with no contest in it, and the configured defaults. */
export async function contestDefaults(
  db: Kysely<Database>,
  now: number,
  defaults: ContestDefaults,
): Promise<ContestDefaultsAnswer> {
  const windows = upcomingWindows(new Date(now), 60);
  let free = windows.at(-1)!;
  for (const window of windows) {
    if (window.opensAt.getTime() <= now) continue;
    if (!(await overlapping(db, window.opensAt.getTime(), window.closesAt.getTime(), null))) {
      free = window;
      break;
    }
  }
  return {
    slot: free.slot,
    opensAt: free.opensAt.toISOString(),
    closesAt: free.closesAt.toISOString(),
    showAt: free.showAt.toISOString(),
    prizeKind: defaults.prizeKind,
    prizeTitleEn: defaults.prizeTitleEn,
    prizeTitleHi: defaults.prizeTitleHi,
    prizeValuePaise: defaults.prizeValuePaise,
    ticketPricePaise: defaults.ticketPricePaise,
    maxTickets: defaults.maxTicketsPerPerson,
    totalTickets: defaults.totalTickets,
  };
}

export async function createContest(
  db: Kysely<Database>,
  actor: AuditActor,
  input: ContestInput,
  now: number,
): Promise<AdminContest> {
  const cols = columnsOf(input);
  if (cols.closes_at <= now) throw fail(400, 'closedWindow');
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await checkPicture(trx, input.pictureId, 'contest');
    await checkPicture(trx, input.prizePictureId, 'prize');
    if (await overlapping(trx, cols.opens_at, cols.closes_at, null)) throw fail(409, 'overlap');
    const { key, slot } = await freeKeyFor(trx, cols.opens_at, null);
    const answer = await answerColumns(trx, input, null, now);
    await trx
      .insertInto('contests')
      .values({ id, window_key: key, slot, ...cols, ...answer, created_at: now, updated_at: now })
      .execute();
    const label = contestLabel({ slot, opens_at: cols.opens_at });
    await recordAudit(trx, actor, {
      action: 'contest.create',
      targetType: 'contest',
      targetId: id,
      summary: `Created ${label}`,
      after: snapshot({ ...input }),
      now,
    });
  });
  return adminContest(db, id, now);
}

export async function updateContest(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  input: ContestInput,
  now: number,
): Promise<AdminContest> {
  const cols = columnsOf(input);
  await db.transaction().execute(async (trx) => {
    // Locked like a reservation locks it: no ticket is taken while the change is checked.
    const row = await findRow(trx, id, true);
    if (!isEditable(row)) throw fail(409, 'notEditable');
    const taken = await takenCount(trx, id);
    const locks = locksOf(row, taken);
    const windowChanged =
      cols.opens_at !== n(row.opens_at) || cols.closes_at !== n(row.closes_at) || cols.show_at !== n(row.show_at);
    const changed: Record<LockedField, boolean> = {
      price: cols.ticket_price_paise !== n(row.ticket_price_paise),
      picture: cols.picture_id !== row.picture_id,
      window: windowChanged,
    };
    const refused = locks.fields.filter((f) => changed[f]);
    if (refused.length > 0)
      throw new AppError(
        409,
        locks.fields.includes('price') ? CONTEST_ADMIN_ERROR_CODES.locked : CONTEST_ADMIN_ERROR_CODES.judging,
        locks.reason!,
      );
    if (cols.total_tickets < taken)
      throw fail(409, 'totalBelowTaken', CONTEST_ADMIN_MESSAGES.totalBelowTaken.replace('{{taken}}', String(taken)));
    if (changed.picture) await checkPicture(trx, input.pictureId, 'contest');
    if (input.prizePictureId !== row.prize_picture_id) await checkPicture(trx, input.prizePictureId, 'prize');
    let key = row.window_key;
    let slot = row.slot;
    if (windowChanged) {
      if (cols.closes_at <= now) throw fail(400, 'closedWindow');
      if (await overlapping(trx, cols.opens_at, cols.closes_at, id)) throw fail(409, 'overlap');
      ({ key, slot } = await freeKeyFor(trx, cols.opens_at, id));
    }
    const answer = await answerColumns(trx, input, row, now);
    await trx
      .updateTable('contests')
      .set({ ...cols, ...answer, window_key: key, slot, updated_at: now })
      .where('id', '=', id)
      .execute();
    const before = snapshot(row) as Record<string, unknown>;
    const after = snapshot(input) as Record<string, unknown>;
    const fields = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    await recordAudit(trx, actor, {
      action: 'contest.update',
      targetType: 'contest',
      targetId: id,
      summary: `Edited ${contestLabel({ slot, opens_at: cols.opens_at })}: ${fields.length ? fields.join(', ') : 'nothing changed'}`,
      before,
      after,
      now,
    });
  });
  return adminContest(db, id, now);
}

export interface CancelDeps {
  db: Kysely<Database>;
  /** None configured: the refunds stay due until a gateway is (reconciliation then makes them). */
  gateway: PaymentGateway | null | undefined;
  messages: MessageSender;
  siteUrl: string;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/**
 * Cancels a contest in one transaction (the contest row locked, so no reservation slips in):
 * state 'cancelled' with the reason; every successful payment marked refund_due (the gateway
 * refund runs right after, and the payments job retries a failed one); active reservations
 * cancelled and their tickets released; carts and applied promos of the contest emptied; one
 * notice per player holding confirmed tickets. Then the refunds and the notices go out.
 */
export async function cancelContest(
  deps: CancelDeps,
  actor: AuditActor,
  id: string,
  reason: string,
  now: number,
): Promise<{ contest: AdminContest; refunds: number; notices: number }> {
  const { db } = deps;
  const { paymentIds, notices } = await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id, true);
    if (!isEditable(row)) throw fail(409, 'notCancellable');
    const updated = await trx
      .updateTable('contests')
      .set({ state: 'cancelled', cancelled_at: now, cancel_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('state', 'not in', ['cancelled', 'published'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail(409, 'notCancellable');
    const paid = await trx
      .selectFrom('payments')
      .select('id')
      .where('contest_id', '=', id)
      .where('status', '=', 'success')
      .where('refund_id', 'is', null)
      .execute();
    if (paid.length > 0) {
      await trx
        .updateTable('payments')
        .set({ refund_due: 1, failure_reason: CANCEL_REFUND_REASON, updated_at: now })
        .where('contest_id', '=', id)
        .where('status', '=', 'success')
        .where('refund_id', 'is', null)
        .execute();
      // A promo is used only by a payment that bought tickets: these tickets are void, the use is given back.
      await trx
        .deleteFrom('promo_redemptions')
        .where(
          'payment_id',
          'in',
          trx.selectFrom('payments').select('id').where('contest_id', '=', id).where('status', '=', 'success'),
        )
        .execute();
    }
    const active = await trx
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('contest_id', '=', id)
      .where('status', '=', 'active')
      .returning('id')
      .execute();
    if (active.length > 0) await releaseReservedTickets(trx, { contestId: id });
    await trx.deleteFrom('cart_items').where('contest_id', '=', id).execute();
    await trx.deleteFrom('cart_promos').where('contest_id', '=', id).execute();
    const holders = await trx
      .selectFrom('tickets')
      .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('n')])
      .where('contest_id', '=', id)
      .where('status', '=', 'confirmed')
      .groupBy('user_id')
      .execute();
    for (let start = 0; start < holders.length; start += 500) {
      await trx
        .insertInto('contest_cancel_notices')
        .values(
          holders
            .slice(start, start + 500)
            .map((h) => ({ contest_id: id, user_id: h.user_id, tickets: n(h.n), created_at: now, sent_at: null })),
        )
        .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'contest.cancel',
      targetType: 'contest',
      targetId: id,
      summary: `Cancelled ${contestLabel(row)}: ${paid.length} payments to refund, ${holders.length} players to tell`,
      before: { state: contestState(row, now) },
      after: {
        state: 'cancelled',
        reason,
        refunds: paid.length,
        reservationsReleased: active.length,
        playersTold: holders.length,
      },
      now,
    });
    return { paymentIds: paid.map((p) => p.id), notices: holders.length };
  });
  const gateway = deps.gateway;
  if (gateway) for (const paymentId of paymentIds) await settleRefund({ db, gateway, log: deps.log }, paymentId, now);
  else if (paymentIds.length > 0)
    deps.log?.warn(
      { contestId: id, payments: paymentIds.length },
      'contests: no payment gateway configured; the refunds stay due',
    );
  await sendCancelNotices(db, deps.messages, deps.siteUrl, () => now, id);
  return { contest: await adminContest(db, id, now), refunds: paymentIds.length, notices };
}

export const CANCEL_NOTICE_MAX_ATTEMPTS = 10;
/** How long a sender holds a notice it is sending. */
export const CANCEL_NOTICE_LEASE_MS = 5 * 60_000;

function cancelMessages(
  label: string,
  firstName: string,
  tickets: number,
  reason: string,
  paid: boolean,
  siteUrl: string,
) {
  const refund = paid ? ' Your payment is being refunded to the way you paid; banks take 5-7 working days.' : '';
  const plural = tickets === 1 ? 'ticket' : 'tickets';
  return {
    sms: `CricSpot: ${label} has been cancelled (${reason.slice(0, 80)}). Your ${tickets} ${plural} will not be judged.${refund}`,
    subject: `${label} has been cancelled`,
    email: `Hello ${firstName},\n\nWe are sorry: ${label} has been cancelled.\nReason: ${reason}\n\nYour ${tickets} ${plural} in this contest will not be judged.${refund}\n\nSee your payments in My Account: ${siteUrl}/my_account\n\nCricSpot`,
  };
}

/**
 * Tells every player of a cancelled contest, once: each notice is claimed (attempts + 1, guarded)
 * before sending and marked sent after; one that fails stays for the contest job's next run.
 */
export async function sendCancelNotices(
  db: Kysely<Database>,
  messages: MessageSender,
  siteUrl: string,
  now: () => number,
  contestId?: string,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  let after: { contestId: string; userId: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('contest_cancel_notices')
      .innerJoin('users', 'users.id', 'contest_cancel_notices.user_id')
      .innerJoin('contests', 'contests.id', 'contest_cancel_notices.contest_id')
      .select([
        'contest_cancel_notices.contest_id',
        'contest_cancel_notices.user_id',
        'contest_cancel_notices.tickets',
        'contest_cancel_notices.attempts',
        'contest_cancel_notices.sms_sent_at',
        'contest_cancel_notices.email_sent_at',
        'users.first_name',
        'users.email',
        'users.phone',
        'users.status',
        'contests.slot',
        'contests.opens_at',
        'contests.cancel_reason',
        'contests.ticket_price_paise',
      ])
      .where('contest_cancel_notices.sent_at', 'is', null)
      .where('contest_cancel_notices.attempts', '<', CANCEL_NOTICE_MAX_ATTEMPTS)
      .orderBy('contest_cancel_notices.contest_id')
      .orderBy('contest_cancel_notices.user_id')
      .limit(200);
    if (contestId) query = query.where('contest_cancel_notices.contest_id', '=', contestId);
    if (after) {
      const { contestId: c, userId: u } = after;
      query = query.where((eb) =>
        eb.or([
          eb('contest_cancel_notices.contest_id', '>', c),
          eb.and([eb('contest_cancel_notices.contest_id', '=', c), eb('contest_cancel_notices.user_id', '>', u)]),
        ]),
      );
    }
    const batch = await query.execute();
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!;
    after = { contestId: last.contest_id, userId: last.user_id };
    for (const notice of batch) {
      const claimedAt = now();
      // A lease, not only a count: a notice another sender is sending right now must not look failed.
      const claim = await db
        .updateTable('contest_cancel_notices')
        .set({ attempts: notice.attempts + 1, claimed_until: claimedAt + CANCEL_NOTICE_LEASE_MS })
        .where('contest_id', '=', notice.contest_id)
        .where('user_id', '=', notice.user_id)
        .where('attempts', '=', notice.attempts)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claimedAt)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      const mark = (set: { sms_sent_at?: number; email_sent_at?: number; sent_at?: number; claimed_until?: null }) =>
        db
          .updateTable('contest_cancel_notices')
          .set(set)
          .where('contest_id', '=', notice.contest_id)
          .where('user_id', '=', notice.user_id)
          .execute();
      try {
        // An erased or deleted account has nobody to tell: the notice is closed as sent.
        if (notice.status === 'active' || notice.status === 'suspended') {
          const text = cancelMessages(
            contestLabel(notice),
            notice.first_name,
            notice.tickets,
            notice.cancel_reason ?? '',
            n(notice.ticket_price_paise) > 0,
            siteUrl,
          );
          if (notice.phone && notice.sms_sent_at === null) {
            await messages.send({ channel: 'sms', recipient: notice.phone, body: text.sms });
            await mark({ sms_sent_at: now() });
          }
          if (notice.email && notice.email_sent_at === null) {
            await messages.send({ channel: 'email', recipient: notice.email, subject: text.subject, body: text.email });
            await mark({ email_sent_at: now() });
          }
        }
        await mark({ sent_at: now(), claimed_until: null });
        sent += 1;
      } catch {
        failed += 1;
        // Given back at once: the next run tries again (a channel that went is not sent twice).
        await mark({ claimed_until: null }).catch(() => undefined);
      }
    }
  }
  return { sent, failed };
}
