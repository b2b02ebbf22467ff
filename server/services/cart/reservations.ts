import type { Kysely, Transaction } from 'kysely';
import { CONTEST_ERROR_CODES, CONTEST_ERROR_MESSAGES } from '../../../domain/contests.ts';
import { type Bill } from '../../../domain/money.ts';
import { canAddContestTicket, canSubmit } from '../../../domain/tickets.ts';
import type { BillingConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { heldCount, releaseReservedTickets, takenCount, takeTickets } from '../contests/contest-counters.service.ts';
import { type ContestRow, contestState, findContest, heldPoints } from '../contests/contest.service.ts';
import { isPostgres } from '../../db/dialect.ts';
import { isPaidPlayEnabled } from '../contests/settings.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockContests, retriedTransaction } from '../../db/lock-order.ts';
import { ruleBroken, contestNotFound, gamePlayClosed, paidPlaySuspended, billFor, cartPoints } from './shared.ts';
import { metrics } from '../../metrics/scope.ts';
import { releaseReservation, ticketsBackToCart } from './back-to-cart.ts';

export interface ReserveOptions {
  billing: BillingConfig;
  reservationMinutes: number;
  /** Free entry: tickets are confirmed in the same transaction, with no payment. */
  confirmAtOnce?: boolean;
  /**
   * Paid play is off: a paid contest is entered free too (issue 26), and the player's tickets
   * still held after a failed payment in it are entered with the cart.
   */
  paidPlaySuspended?: boolean;
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
 * move in the same transaction (server/services/contests/contest-counters.service.ts), so nothing is
 * counted per request. Concurrent buyers are serialised per contest: on PostgreSQL by the contest
 * row's lock, taken first as the lock order says (server/db/lock-order.ts), so the counters read
 * under it stay true until commit (their own guarded upserts would refuse even without it); on
 * SQLite the single connection runs one transaction at a time. The partial
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
    return await retriedTransaction({ db }, async (trx) => {
      await lockContests(trx, [contestId]);
      const locked = await trx.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst();
      if (!locked) throw contestNotFound();
      const contest = locked as ContestRow;
      if (contestState(contest, now) !== 'open') throw gamePlayClosed();
      const freeEntry = contest.ticket_price_paise === 0 || options.paidPlaySuspended === true;
      if (options.confirmAtOnce && !freeEntry)
        throw new AppError(400, CONTEST_ERROR_CODES.notFreeEntry, CONTEST_ERROR_MESSAGES.notFreeEntry);
      if (options.confirmAtOnce && options.paidPlaySuspended) await releaseHeldInto(trx, userId, contestId, now);

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

      // Free entry bills nothing, whatever the contest's price (the switch may be off).
      const bill = billFor(options.billing, options.confirmAtOnce ? 0 : contest.ticket_price_paise, cart.length);
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
      // The items reserved, by id: an add of this player that committed meanwhile stays in the cart.
      await trx
        .deleteFrom('cart_items')
        .where(
          'id',
          'in',
          cart.map((item) => item.id),
        )
        .execute();
      metrics().ticketsReserved.inc(tickets.length);
      if (confirmed) metrics().ticketsConfirmed.inc(tickets.length);
      // A promo kept with a cart entered free has nothing left to take off.
      if (confirmed)
        await trx.deleteFrom('cart_promos').where('user_id', '=', userId).where('contest_id', '=', contestId).execute();
      return { reservationId, expiresAt, bill, tickets };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ruleBroken({ code: 'duplicateCoordinates' });
    throw error;
  }
}

/**
 * The player's tickets in this contest still held after a failed or cancelled payment, released
 * into the cart (under the contest's lock) so that a free entry takes them with it.
 */
async function releaseHeldInto(trx: Transaction<Database>, userId: string, contestId: string, now: number) {
  const held = await trx
    .selectFrom('reservations')
    .select('id')
    .where('user_id', '=', userId)
    .where('contest_id', '=', contestId)
    .where('status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.reservation_id', '=', 'reservations.id')
            .where('payments.status', 'in', ['pending', 'success']),
        ),
      ),
    )
    .execute();
  for (const { id } of held) await releaseReservation(trx, id, now);
}

/**
 * Free entry, confirmed at once: a free contest, or any contest while paid play is off (issue 26).
 * A paid contest with paid play on is refused ('NOT_FREE_ENTRY'): it goes through the payment.
 */
export async function reserveFreeEntry(
  db: Kysely<Database>,
  userId: string,
  contestId: string,
  now: number,
  options: ReserveOptions & { paidPlayDefault: boolean },
): Promise<Reservation> {
  const paidPlayOn = await isPaidPlayEnabled(db, options.paidPlayDefault);
  return reserveCart(db, userId, contestId, now, { ...options, confirmAtOnce: true, paidPlaySuspended: !paidPlayOn });
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
  const confirmedTickets = await trx
    .updateTable('tickets')
    .set({ status: 'confirmed', confirmed_at: now })
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  metrics().ticketsConfirmed.inc(Number(confirmedTickets.numUpdatedRows));
  return 'confirmed';
}

/**
 * Releases the tickets of reservations whose time ran out. The guarded UPDATE (status still
 * 'active') makes a confirmation and an expiry racing for one reservation end in exactly one
 * of them, on any number of machines.
 */
export async function expireReservations(db: Kysely<Database>, now: number): Promise<number> {
  return retriedTransaction({ db }, async (trx) => {
    // The contests first (the lock order), then the reservations of those contests only.
    const due = await trx
      .selectFrom('reservations')
      .select('contest_id')
      .distinct()
      .where('status', '=', 'active')
      .where('expires_at', '<', now)
      .execute();
    if (due.length === 0) return 0;
    const contestIds = due.map((r) => r.contest_id);
    await lockContests(trx, contestIds);
    // A reservation with a payment still pending is not ours to end: the money may have been
    // taken in time. Reconciliation asks the gateway and ends it (or confirms it) instead.
    const expired = await trx
      .updateTable('reservations')
      .set({ status: 'expired' })
      .where('status', '=', 'active')
      .where('expires_at', '<', now)
      .where('contest_id', 'in', contestIds)
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
    const ids = expired.map((r) => r.id);
    await releaseReservedTickets(trx, { reservationIds: ids });
    // Held after a failed payment and never tried again: back in the cart, to pay or enter later.
    await ticketsBackToCart(trx, ids, now);
    return expired.length;
  });
}
