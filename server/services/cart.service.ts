import type { Kysely, Transaction } from 'kysely';
import {
  CONTEST_ERROR_CODES,
  CONTEST_ERROR_MESSAGES,
  GAME_PLAY_CLOSED_MESSAGE,
  PAID_PLAY_SUSPENDED_MESSAGE,
  type CartAnswer,
} from '../../domain/contests.ts';
import { type Bill, computeBill, type Promo } from '../../domain/money.ts';
import {
  canAddContestTicket,
  canSubmit,
  checkPoint,
  type DraftTicket,
  ticketReasonMessage,
  type TicketPoint,
  type TicketRuleReason,
} from '../../domain/tickets.ts';
import type { BillingConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { heldCount, releaseReservedTickets, takenCount, takeTickets } from './contest-counters.service.ts';
import { type ContestRow, contestState, findContest, heldPoints } from './contest.service.ts';
import { isPostgres } from '../db/dialect.ts';
import { promoFromRow } from './promo-rules.ts';
import { isPaidPlayEnabled } from './settings.service.ts';
import { isUniqueViolation } from '../db/errors.ts';

type Db = Kysely<Database> | Transaction<Database>;

const REASON_CODES: Record<TicketRuleReason['code'], string> = {
  onlyNAvailable: 'ONLY_N_AVAILABLE',
  noTicketsAvailable: 'NO_TICKETS_AVAILABLE',
  ticketLimitExceeded: 'TICKET_LIMIT_EXCEEDED',
  maxTicketLimitReached: 'MAX_TICKET_LIMIT_REACHED',
  noMoreTickets: 'NO_MORE_TICKETS',
  duplicateCoordinates: 'DUPLICATE_COORDINATES',
  lastTicket: 'LAST_TICKET',
  unmarkedTickets: 'UNMARKED_TICKETS',
  outOfBounds: 'OUT_OF_BOUNDS',
};

/** 409 for what others' purchases caused, 400 for what this request asked. */
const ruleBroken = (reason: TicketRuleReason) =>
  new AppError(
    reason.code === 'noTicketsAvailable' || reason.code === 'onlyNAvailable' ? 409 : 400,
    REASON_CODES[reason.code],
    ticketReasonMessage(reason),
  );

const contestNotFound = () =>
  new AppError(404, CONTEST_ERROR_CODES.contestNotFound, CONTEST_ERROR_MESSAGES.contestNotFound);
const gamePlayClosed = () => new AppError(400, CONTEST_ERROR_CODES.gamePlayClosed, GAME_PLAY_CLOSED_MESSAGE);
export const paidPlaySuspended = () =>
  new AppError(403, CONTEST_ERROR_CODES.paidPlaySuspended, PAID_PLAY_SUSPENDED_MESSAGE);

export function billFor(
  billing: BillingConfig,
  ticketPricePaise: number,
  ticketCount: number,
  promo: Promo | null = null,
): Bill {
  return computeBill({
    ticketPricePaise,
    ticketCount,
    promo,
    entryGstBasisPoints: billing.entryGstBasisPoints,
    // Free entry is free: no platform fee on a ticket that costs nothing.
    platformFee: { kind: 'perTicket', paise: ticketPricePaise === 0 ? 0 : billing.platformFeePaisePerTicket },
    feeGstBasisPoints: billing.feeGstBasisPoints,
  });
}

async function pictureSize(db: Db, pictureId: string): Promise<{ width: number; height: number }> {
  return db.selectFrom('pictures').select(['width', 'height']).where('id', '=', pictureId).executeTakeFirstOrThrow();
}

async function cartPoints(db: Db, userId: string, contestId: string) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'x', 'y', 'position'])
    .where('user_id', '=', userId)
    .where('contest_id', '=', contestId)
    .orderBy('created_at')
    .orderBy('position')
    .orderBy('x')
    .orderBy('y')
    .execute();
}

/** The position after the last of these cart items: new ones go after them, as on the play screen. */
export function nextCartPosition(items: ReadonlyArray<{ position: number }>): number {
  return items.reduce((next, item) => Math.max(next, item.position + 1), 0);
}

async function openContest(db: Db, contestId: string, now: number): Promise<ContestRow> {
  const contest = await findContest(db, contestId);
  if (!contest) throw contestNotFound();
  if (contestState(contest, now) !== 'open') throw gamePlayClosed();
  return contest;
}

/**
 * Adds marked tickets to the cart, checked with the game's rules in the spec's words: the
 * contest must be open; limits count the tickets held (reserved and confirmed) and those in
 * the cart; a point may not repeat one in the cart or one held. Nothing is reserved yet:
 * reserveCart checks all of it again, atomically.
 */
export async function addCartItems(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  points: readonly TicketPoint[],
  now: number,
): Promise<void> {
  const contest = await openContest(db, contestId, now);
  const [picture, taken, heldTickets, held, cart] = await Promise.all([
    pictureSize(db, contest.picture_id),
    takenCount(db, contestId),
    heldCount(db, contestId, userId),
    heldPoints(db, contestId, userId),
    cartPoints(db, userId, contestId),
  ]);
  const limits = {
    maxPerPerson: contest.max_tickets_per_person,
    alreadyHeld: heldTickets,
    ticketsLeft: Math.max(0, contest.total_tickets - taken),
  };
  const verdict = canAddContestTicket(cart.length, limits, points.length);
  if (!verdict.ok) throw ruleBroken(verdict.reason);
  const draft: DraftTicket[] = cart.map((item) => ({ id: item.id, point: { x: item.x, y: item.y } }));
  for (const [i, point] of points.entries()) {
    const check = checkPoint(point, picture, draft, held);
    if (!check.ok) throw ruleBroken(check.reason);
    draft.push({ id: `new-${i}`, point });
  }
  try {
    await db
      .insertInto('cart_items')
      .values(
        points.map((p, i) => ({
          id: crypto.randomUUID(),
          user_id: userId,
          contest_id: contestId,
          x: p.x,
          y: p.y,
          created_at: now,
          position: nextCartPosition(cart) + i,
        })),
      )
      .execute();
  } catch (error) {
    // The same point sent twice at once (two tabs): the cart's unique constraint caught it.
    if (isUniqueViolation(error)) throw ruleBroken({ code: 'duplicateCoordinates' });
    throw error;
  }
}

export async function removeCartItem(db: Kysely<Database>, userId: string, itemId: string): Promise<void> {
  // Someone else's item is answered like a missing one: ids say nothing about other carts.
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new AppError(404, CONTEST_ERROR_CODES.cartItemNotFound, CONTEST_ERROR_MESSAGES.cartItemNotFound);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The cart's tickets and one bill per contest (each contest is checked out on its own). */
export async function getCart(
  db: Kysely<Database>,
  userId: string,
  billing: BillingConfig,
  now: number,
): Promise<CartAnswer> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('contests', 'contests.id', 'cart_items.contest_id')
    .select([
      'cart_items.id',
      'cart_items.contest_id',
      'cart_items.x',
      'cart_items.y',
      'contests.slot',
      'contests.state',
      'contests.opens_at',
      'contests.closes_at',
      'contests.ticket_price_paise',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.position')
    .orderBy('cart_items.x')
    .orderBy('cart_items.y')
    .execute();
  const groups = new Map<string, CartAnswer['groups'][number]>();
  for (const row of rows) {
    const group = groups.get(row.contest_id);
    if (group) group.ticketCount += 1;
    else
      groups.set(row.contest_id, {
        contestId: row.contest_id,
        slot: row.slot,
        state: contestState(row, now),
        closesAt: iso(row.closes_at),
        ticketPricePaise: row.ticket_price_paise,
        ticketCount: 1,
        bill: billFor(billing, 0, 0),
        promoCode: null,
      });
  }
  // The promo applied to each contest's cart (server/services/promo.service.ts) shows as 'Promo Applied'.
  const promos = await db
    .selectFrom('cart_promos')
    .innerJoin('promo_codes', 'promo_codes.code', 'cart_promos.promo_code')
    .select([
      'cart_promos.contest_id',
      'cart_promos.promo_code',
      'promo_codes.kind',
      'promo_codes.basis_points',
      'promo_codes.amount_paise',
      'promo_codes.cap_paise',
    ])
    .where('cart_promos.user_id', '=', userId)
    .execute();
  const promoOf = new Map(promos.map((p) => [p.contest_id, promoFromRow(p)]));
  const codeOf = new Map(promos.map((p) => [p.contest_id, p.promo_code]));
  for (const group of groups.values()) {
    group.bill = billFor(billing, group.ticketPricePaise, group.ticketCount, promoOf.get(group.contestId) ?? null);
    group.promoCode = codeOf.get(group.contestId) ?? null;
  }
  return {
    items: rows.map((r) => ({ id: r.id, contestId: r.contest_id, x: r.x, y: r.y, pricePaise: r.ticket_price_paise })),
    groups: [...groups.values()],
  };
}

export interface ReserveOptions {
  billing: BillingConfig;
  reservationMinutes: number;
  /** Free entry: tickets are confirmed in the same transaction, with no payment. */
  confirmAtOnce?: boolean;
}

export interface Reservation {
  reservationId: string;
  expiresAt: number;
  bill: Bill;
  tickets: Array<{ id: string; x: number; y: number }>;
}

/**
 * Turns the cart's tickets for one contest into reserved tickets, in ONE transaction that
 * checks again: the contest is open, it has room (total minus its taken counter), the person
 * stays within maxTickets (their held counter), and no point repeats one held. The counters
 * move in the same transaction (server/services/contest-counters.service.ts), so nothing is
 * counted per request. Concurrent buyers are serialised per contest: on PostgreSQL by SELECT ...
 * FOR UPDATE on the contest row (every reservation of the contest takes that lock first, so the
 * counters read under it stay true until commit; the counters' own guarded upserts would refuse
 * even without it); on SQLite the single connection runs one transaction at a time. The partial
 * unique index on tickets is the last line of defence and answers 'Duplicate Coordinates'.
 */
export async function reserveCart(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  now: number,
  options: ReserveOptions,
): Promise<Reservation> {
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('contests')
        .selectAll()
        .where('id', '=', contestId)
        .$if(isPostgres(trx), (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!locked) throw contestNotFound();
      const contest = locked as ContestRow;
      if (contestState(contest, now) !== 'open') throw gamePlayClosed();
      if (options.confirmAtOnce && contest.ticket_price_paise !== 0)
        throw new AppError(400, CONTEST_ERROR_CODES.notFreeEntry, CONTEST_ERROR_MESSAGES.notFreeEntry);

      const cart = await cartPoints(trx, userId, contestId);
      if (cart.length === 0) throw new AppError(400, CONTEST_ERROR_CODES.cartEmpty, CONTEST_ERROR_MESSAGES.cartEmpty);
      const taken = await takenCount(trx, contestId);
      const heldTickets = await heldCount(trx, contestId, userId);
      const limits = {
        maxPerPerson: contest.max_tickets_per_person,
        alreadyHeld: heldTickets,
        ticketsLeft: Math.max(0, contest.total_tickets - taken),
      };
      const room = canAddContestTicket(0, limits, cart.length);
      if (!room.ok) throw ruleBroken(room.reason);
      const unique = canSubmit(
        cart.map((item) => ({ id: item.id, point: { x: item.x, y: item.y } })),
        await heldPoints(trx, contestId, userId),
      );
      if (!unique.ok) throw ruleBroken(unique.reason);
      // The counters move in this transaction, guarded by their caps: under the contest's lock
      // the checks above already hold, and the guard keeps them true whatever else writes.
      const counted = await takeTickets(trx, {
        contestId,
        userId,
        count: cart.length,
        totalTickets: contest.total_tickets,
        maxPerPerson: contest.max_tickets_per_person,
      });
      if (counted === 'contestFull') throw ruleBroken({ code: 'noTicketsAvailable' });
      if (counted === 'playerFull') throw ruleBroken({ code: 'ticketLimitExceeded' });

      const bill = billFor(options.billing, contest.ticket_price_paise, cart.length);
      const reservationId = crypto.randomUUID();
      const expiresAt = now + options.reservationMinutes * 60_000;
      const confirmed = options.confirmAtOnce === true;
      await trx
        .insertInto('reservations')
        .values({
          id: reservationId,
          user_id: userId,
          contest_id: contestId,
          status: confirmed ? 'confirmed' : 'active',
          ticket_count: cart.length,
          amount_paise: bill.grandTotal,
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
      const tickets = cart.map((item) => ({ id: crypto.randomUUID(), x: item.x, y: item.y }));
      await trx
        .insertInto('tickets')
        .values(
          tickets.map((t, position) => ({
            id: t.id,
            position,
            contest_id: contestId,
            user_id: userId,
            x: t.x,
            y: t.y,
            status: confirmed ? ('confirmed' as const) : ('reserved' as const),
            reservation_id: reservationId,
            created_at: now,
            confirmed_at: confirmed ? now : null,
          })),
        )
        .execute();
      await trx.deleteFrom('cart_items').where('user_id', '=', userId).where('contest_id', '=', contestId).execute();
      return { reservationId, expiresAt, bill, tickets };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ruleBroken({ code: 'duplicateCoordinates' });
    throw error;
  }
}

/** The payment order's reservation (createPaymentOrder): paid contests only, and only while paid play is on. */
export async function reservePaidCart(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  now: number,
  options: ReserveOptions & { paidPlayDefault: boolean },
): Promise<Reservation> {
  const contest = await findContest(db, contestId);
  if (!contest) throw contestNotFound();
  if (contest.ticket_price_paise === 0)
    throw new AppError(400, CONTEST_ERROR_CODES.freeEntryOnly, CONTEST_ERROR_MESSAGES.freeEntryOnly);
  if (!(await isPaidPlayEnabled(db, options.paidPlayDefault))) throw paidPlaySuspended();
  return reserveCart(db, userId, contestId, now, { ...options, confirmAtOnce: false });
}

export type ConfirmOutcome = 'confirmed' | 'already_confirmed';

/**
 * Confirms a reservation's tickets once the payment is in. Idempotent: a second call (the
 * return handler and the webhook both arriving) changes nothing and says 'already_confirmed'.
 * An expired, cancelled or timed-out reservation is refused: its tickets may be someone
 * else's by now, so the payment code must refund instead.
 */
export async function confirmReservation(
  db: Kysely<Database>,
  reservationId: string,
  now: number,
): Promise<ConfirmOutcome> {
  return db.transaction().execute((trx) => confirmReservationIn(trx, reservationId, now));
}

/** confirmReservation inside the caller's transaction (the payment update commits with it). */
/**
 * `paidAt` is when the money was taken (the gateway's capture time): a payment made in time
 * confirms even when we process it later (a crash, a slow webhook). Defaults to now.
 */
export async function confirmReservationIn(
  trx: Transaction<Database>,
  reservationId: string,
  now: number,
  paidAt: number = now,
): Promise<ConfirmOutcome> {
  const reservation = await trx
    .selectFrom('reservations')
    .select(['id', 'status', 'expires_at', 'contest_id'])
    .where('id', '=', reservationId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!reservation)
    throw new AppError(404, CONTEST_ERROR_CODES.reservationNotFound, CONTEST_ERROR_MESSAGES.reservationNotFound);
  if (reservation.status === 'confirmed') return 'already_confirmed';
  // A sealed entry list takes no more tickets (issue 12): the payment is refunded like an expired one.
  if (
    reservation.status !== 'active' ||
    reservation.expires_at < Math.min(paidAt, now) ||
    (await trx
      .selectFrom('contest_seals')
      .select('contest_id')
      .where('contest_id', '=', reservation.contest_id)
      .executeTakeFirst()) !== undefined
  ) {
    throw new AppError(409, CONTEST_ERROR_CODES.reservationExpired, CONTEST_ERROR_MESSAGES.reservationExpired);
  }
  await trx
    .updateTable('reservations')
    .set({ status: 'confirmed' })
    .where('id', '=', reservationId)
    .where('status', '=', 'active')
    .execute();
  await trx
    .updateTable('tickets')
    .set({ status: 'confirmed', confirmed_at: now })
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'reserved')
    .execute();
  return 'confirmed';
}

/**
 * Releases the tickets of reservations whose time ran out. The guarded UPDATE (status still
 * 'active') makes a confirmation and an expiry racing for one reservation end in exactly one
 * of them, on any number of machines.
 */
export async function expireReservations(db: Kysely<Database>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // A reservation with a payment still pending is not ours to end: the money may have been
    // taken in time. Reconciliation asks the gateway and ends it (or confirms it) instead.
    const expired = await trx
      .updateTable('reservations')
      .set({ status: 'expired' })
      .where('status', '=', 'active')
      .where('expires_at', '<', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('payments')
              .select('payments.id')
              .whereRef('payments.reservation_id', '=', 'reservations.id')
              .where('payments.status', '=', 'pending'),
          ),
        ),
      )
      .returning('id')
      .execute();
    if (expired.length === 0) return 0;
    await releaseReservedTickets(trx, { reservationIds: expired.map((r) => r.id) });
    return expired.length;
  });
}
