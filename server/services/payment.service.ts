import type { Kysely, Selectable, Transaction } from 'kysely';
import { CONTEST_ERROR_CODES, CONTEST_ERROR_MESSAGES } from '../../domain/contests.ts';
import type { Bill } from '../../domain/money.ts';
import { PAYMENT_ERROR_CODES, PAYMENT_ERROR_MESSAGES, type PaymentAnswer } from '../../domain/payments.ts';
import { IST_OFFSET_MS } from '../../domain/schedule.ts';
import type { BillingConfig } from '../config.ts';
import type { Database, PaymentsTable, PaymentStatus } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PaymentGateway } from '../integrations/payments/gateway.ts';
import { billFor, confirmReservationIn, nextCartPosition, reservePaidCart } from './cart.service.ts';
import { releaseReservedTickets } from './contest-counters.service.ts';
import { isPostgres } from '../db/dialect.ts';
import { appliedPromoCode, usablePromo } from './promo.service.ts';
import { promoFromRow } from './promo-rules.ts';

interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface PaymentDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  log?: Logger;
}

export interface OrderOptions {
  billing: BillingConfig;
  reservationMinutes: number;
  paidPlayDefault: boolean;
}

export interface PaymentOrder {
  paymentId: string;
  orderId: string;
  amountPaise: number;
  refNo: string;
  expiresAt: number;
  bill: Bill;
}

type PaymentRow = Selectable<PaymentsTable>;

const gatewayUnavailable = (cause: unknown) =>
  Object.assign(new AppError(502, PAYMENT_ERROR_CODES.gatewayUnavailable, PAYMENT_ERROR_MESSAGES.gatewayUnavailable), {
    cause,
  });
export const paymentNotFound = () =>
  new AppError(404, PAYMENT_ERROR_CODES.paymentNotFound, PAYMENT_ERROR_MESSAGES.paymentNotFound);

/** 'CS' + the IST date + 8 characters of the payment id: readable on the phone, unique in the table. */
export function refNoFor(paymentId: string, now: number): string {
  const ist = new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return `CS${ist}${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/**
 * Gives a reservation's tickets back (a payment that failed, was cancelled, or never got an
 * order) and puts their points back in the cart, so the player can pay again without marking
 * them again.
 */
async function releaseReservation(trx: Transaction<Database>, reservationId: string, now: number): Promise<void> {
  const result = await trx
    .updateTable('reservations')
    .set({ status: 'cancelled' })
    .where('id', '=', reservationId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await releaseReservedTickets(trx, { reservationIds: [reservationId] });
  const points = await trx
    .selectFrom('tickets')
    .select(['user_id', 'contest_id', 'x', 'y'])
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'released')
    .orderBy('position')
    .orderBy('x')
    .orderBy('y')
    .execute();
  const first = points[0];
  if (!first) return;
  // Back in the cart in the order they were marked, after anything added meanwhile.
  const inCart = await trx
    .selectFrom('cart_items')
    .select('position')
    .where('user_id', '=', first.user_id)
    .where('contest_id', '=', first.contest_id)
    .execute();
  const base = nextCartPosition(inCart);
  await trx
    .insertInto('cart_items')
    .values(
      points.map((p, i) => ({
        id: crypto.randomUUID(),
        user_id: p.user_id,
        contest_id: p.contest_id,
        x: p.x,
        y: p.y,
        created_at: now,
        position: base + i,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'contest_id', 'x', 'y']).doNothing())
    .execute();
}

/**
 * The payment order: the promo still usable, the cart reserved atomically (reservePaidCart:
 * paid play on, capacity, per-person limit, duplicates), the gateway's order, and the payment
 * 'pending' with the bill as it was. A gateway that fails gives the tickets back at once.
 */
export async function createPaymentOrder(
  deps: PaymentDeps,
  userId: string,
  contestId: string,
  now: number,
  options: OrderOptions,
): Promise<PaymentOrder> {
  const { db, gateway } = deps;
  const promoCode = await appliedPromoCode(db, userId, contestId);
  const promo = promoCode ? promoFromRow(await usablePromo(db, promoCode, userId, now)) : null;
  const reservation = await reservePaidCart(db, userId, contestId, now, options);
  const contest = await db
    .selectFrom('contests')
    .select('ticket_price_paise')
    .where('id', '=', contestId)
    .executeTakeFirstOrThrow();
  const bill = billFor(options.billing, Number(contest.ticket_price_paise), reservation.tickets.length, promo);
  const paymentId = crypto.randomUUID();
  const refNo = refNoFor(paymentId, now);

  let orderId: string;
  try {
    ({ orderId } = await gateway.createOrder({
      amountPaise: bill.grandTotal,
      receipt: refNo,
      notes: { paymentId, contestId },
    }));
  } catch (error) {
    await db.transaction().execute((trx) => releaseReservation(trx, reservation.reservationId, now));
    throw gatewayUnavailable(error);
  }

  try {
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirstOrThrow();
      await trx
        .insertInto('payments')
        .values({
          id: paymentId,
          user_id: userId,
          reservation_id: reservation.reservationId,
          contest_id: contestId,
          gateway: gateway.name,
          gateway_order_id: orderId,
          gateway_payment_id: null,
          status: 'pending',
          amount_paise: bill.grandTotal,
          bill_json: JSON.stringify(bill),
          promo_code: promoCode,
          ref_no: refNo,
          phone: user.phone,
          failure_reason: null,
          refund_id: null,
          refunded_at: null,
          created_at: now,
          updated_at: now,
          finalized_at: null,
        })
        .execute();
      await trx
        .updateTable('reservations')
        .set({ amount_paise: bill.grandTotal })
        .where('id', '=', reservation.reservationId)
        .execute();
      if (promoCode) {
        // Checked again under the promo row's lock: two orders racing for a code's last use get one.
        await trx
          .selectFrom('promo_codes')
          .select('code')
          .where('code', '=', promoCode)
          .$if(isPostgres(trx), (qb) => qb.forUpdate())
          .execute();
        await usablePromo(trx, promoCode, userId, now);
        await trx
          .insertInto('promo_redemptions')
          .values({
            id: crypto.randomUUID(),
            promo_code: promoCode,
            user_id: userId,
            payment_id: paymentId,
            created_at: now,
          })
          .execute();
        await trx.deleteFrom('cart_promos').where('user_id', '=', userId).where('contest_id', '=', contestId).execute();
      }
    });
  } catch (error) {
    await db.transaction().execute((trx) => releaseReservation(trx, reservation.reservationId, now));
    throw error;
  }
  return { paymentId, orderId, amountPaise: bill.grandTotal, refNo, expiresAt: reservation.expiresAt, bill };
}

export type PaymentOutcome =
  /** paidAt: when the gateway took the money (epoch ms); unknown means now. */
  | { kind: 'paid'; gatewayPaymentId: string; amountPaise?: number; paidAt?: number }
  /**
   * final: false for a failed attempt on an order that stays payable (Razorpay): the payment
   * stays pending with the reason noted until a capture or its reservation's end.
   */
  | { kind: 'failed' | 'cancelled'; reason: string; gatewayPaymentId?: string | null; final?: boolean };

/** A gateway's webhook event, recorded in the transaction that applies it (deduplicated by id). */
export interface WebhookEventRecord {
  eventId: string;
  gateway: string;
  payloadHash: string;
}

export interface FinalizeResult {
  /** Null only for a duplicate webhook event. */
  paymentId: string | null;
  status: PaymentStatus;
  /** True only for the call that moved the payment out of 'pending'. */
  changed: boolean;
  /** The webhook event had been applied before: nothing was done. */
  duplicate?: boolean;
}

/**
 * Records a webhook event inside `trx`; false when it was recorded before. In the transaction
 * that settles the payment, so a crash between the two cannot leave an event 'seen' while its
 * payment is still pending (the gateway's retry is then a duplicate that changes nothing).
 */
export async function recordWebhookEvent(
  trx: Transaction<Database> | Kysely<Database>,
  event: WebhookEventRecord,
  now: number,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('webhook_events')
    .values({ event_id: event.eventId, gateway: event.gateway, received_at: now, payload_hash: event.payloadHash })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

const EXPIRED_REASON = 'The reserved tickets had expired when the payment arrived; the amount is refunded.';
const LATE_CAPTURE_REASON = 'The payment was captured after it had ended; the amount is refunded.';
const AMOUNT_REASON = 'The amount paid does not match the order; the amount is refunded.';

/**
 * Applies what the gateway said (return, webhook or reconciliation; in any order, any number of
 * times). The payment row is locked (PostgreSQL FOR UPDATE; SQLite runs one transaction at a
 * time) and only a 'pending' payment moves: to 'success' with its tickets confirmed in the same
 * transaction, to 'error' when the reservation has expired (refunded), or to 'failed' /
 * 'cancelled' with the tickets released. Money that arrives for a payment that has already
 * failed is refunded; the status stays as it was.
 */
export async function finalizePayment(
  deps: PaymentDeps,
  orderId: string,
  outcome: PaymentOutcome,
  now: number,
  event?: WebhookEventRecord,
): Promise<FinalizeResult | null> {
  const { db } = deps;
  const result = await db.transaction().execute(async (trx): Promise<FinalizeResult | null> => {
    if (event && !(await recordWebhookEvent(trx, event, now)))
      return { paymentId: null, status: 'pending', changed: false, duplicate: true };
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('gateway_order_id', '=', orderId)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!payment) return null;
    const base = { paymentId: payment.id, status: payment.status, changed: false };

    if (payment.status !== 'pending') {
      const lateCapture =
        outcome.kind === 'paid' &&
        (payment.status === 'failed' || payment.status === 'cancelled') &&
        payment.gateway_payment_id !== outcome.gatewayPaymentId &&
        payment.refund_due === 0;
      if (lateCapture) {
        await trx
          .updateTable('payments')
          .set({
            gateway_payment_id: outcome.gatewayPaymentId,
            refund_due: 1,
            failure_reason: LATE_CAPTURE_REASON,
            updated_at: now,
          })
          .where('id', '=', payment.id)
          .execute();
      }
      return base;
    }

    if (outcome.kind === 'paid') {
      if (outcome.amountPaise !== undefined && outcome.amountPaise !== Number(payment.amount_paise)) {
        await endWithoutTickets(trx, payment, 'error', AMOUNT_REASON, outcome.gatewayPaymentId, now, true);
        return { ...base, status: 'error' as const, changed: true };
      }
      try {
        await confirmReservationIn(trx, payment.reservation_id, now, outcome.paidAt ?? now);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== CONTEST_ERROR_CODES.reservationExpired) throw error;
        await endWithoutTickets(trx, payment, 'error', EXPIRED_REASON, outcome.gatewayPaymentId, now, true);
        return { ...base, status: 'error' as const, changed: true };
      }
      await trx
        .updateTable('payments')
        .set({ status: 'success', gateway_payment_id: outcome.gatewayPaymentId, finalized_at: now, updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      return { ...base, status: 'success' as const, changed: true };
    }

    if (outcome.final === false) {
      // One failed attempt: the customer may still pay this order. Noted, not ended; the
      // reservation's end (reconciliation) or a capture decides.
      await trx
        .updateTable('payments')
        .set({ failure_reason: outcome.reason, updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      return base;
    }
    await endWithoutTickets(trx, payment, outcome.kind, outcome.reason, outcome.gatewayPaymentId ?? null, now, false);
    return { ...base, status: outcome.kind, changed: true };
  });
  if (result?.paymentId) await settleRefund(deps, result.paymentId, now);
  return result;
}

async function endWithoutTickets(
  trx: Transaction<Database>,
  payment: PaymentRow,
  status: 'failed' | 'cancelled' | 'error',
  reason: string,
  gatewayPaymentId: string | null,
  now: number,
  refundDue: boolean,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      status,
      failure_reason: reason,
      gateway_payment_id: gatewayPaymentId ?? payment.gateway_payment_id,
      refund_due: refundDue ? 1 : 0,
      finalized_at: now,
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .execute();
  await releaseReservation(trx, payment.reservation_id, now);
  // A promo is used only by a payment that bought tickets: freed, and applied again to the cart
  // the tickets went back to, so the retry costs what this attempt did (unless the player has
  // applied another code meanwhile, or the cart is gone, as in a cancelled contest; the next
  // order checks the code is still usable).
  await trx.deleteFrom('promo_redemptions').where('payment_id', '=', payment.id).execute();
  const backInCart = payment.promo_code
    ? await trx
        .selectFrom('cart_items')
        .select('id')
        .where('user_id', '=', payment.user_id)
        .where('contest_id', '=', payment.contest_id)
        .limit(1)
        .executeTakeFirst()
    : undefined;
  if (payment.promo_code && backInCart) {
    await trx
      .insertInto('cart_promos')
      .values({
        user_id: payment.user_id,
        contest_id: payment.contest_id,
        promo_code: payment.promo_code,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'contest_id']).doNothing())
      .execute();
  }
}

/**
 * Refunds a payment marked refund_due, once: the refund id is written only where none is yet.
 * A gateway error leaves it due; reconciliation tries again.
 */
export async function settleRefund(deps: PaymentDeps, paymentId: string, now: number): Promise<void> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['refund_due', 'refund_id', 'gateway_payment_id', 'amount_paise'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment || payment.refund_due !== 1 || payment.refund_id !== null || payment.gateway_payment_id === null) return;
  try {
    const { refundId } = await deps.gateway.refund(payment.gateway_payment_id, Number(payment.amount_paise));
    await deps.db
      .updateTable('payments')
      .set({ refund_id: refundId, refunded_at: now, updated_at: now })
      .where('id', '=', paymentId)
      .where('refund_id', 'is', null)
      .execute();
  } catch (error) {
    deps.log?.error({ err: error, paymentId }, 'payments: the refund failed; reconciliation will try again');
  }
}

export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Asks the gateway about payments left pending (a webhook that never came, a crash between
 * the gateway and us) and finalizes them; retries refunds that are due. Paid orders confirm;
 * orders never paid end when their reservation has run out: 'failed' if someone tried,
 * 'cancelled' if nobody did.
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  now: number,
): Promise<{ finalized: number; refunded: number }> {
  const { db, gateway } = deps;
  let finalized = 0;
  // Every pending payment, oldest reservation end first, a page at a time (keyset on the end
  // and the id), so a crowd of abandoned payments never hides a paid one behind it.
  let after: { expiresAt: number; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('payments')
      .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
      .select(['payments.id', 'payments.gateway_order_id', 'reservations.expires_at'])
      .where('payments.status', '=', 'pending')
      .where('payments.gateway', '=', gateway.name)
      .where('payments.created_at', '<', now - RECONCILE_AFTER_MS)
      .orderBy('reservations.expires_at')
      .orderBy('payments.id')
      .limit(RECONCILE_PAGE);
    if (after) {
      const { expiresAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('reservations.expires_at', '>', expiresAt),
          eb.and([eb('reservations.expires_at', '=', expiresAt), eb('payments.id', '>', id)]),
        ]),
      );
    }
    const page = await query.execute();
    if (page.length === 0) break;
    const last = page[page.length - 1]!;
    after = { expiresAt: Number(last.expires_at), id: last.id };
    for (const payment of page) {
      try {
        const order = await gateway.fetchOrderStatus(payment.gateway_order_id);
        let outcome: PaymentOutcome | null = null;
        if (order.status === 'paid' && order.paymentId)
          outcome = {
            kind: 'paid',
            gatewayPaymentId: order.paymentId,
            ...(order.paidAt === undefined ? {} : { paidAt: order.paidAt }),
          };
        else if (order.status !== 'paid' && Number(payment.expires_at) < now) {
          outcome =
            order.status === 'created'
              ? { kind: 'cancelled', reason: 'The payment was not completed in time.' }
              : { kind: 'failed', reason: 'The payment did not go through.' };
        }
        if (outcome && (await finalizePayment(deps, payment.gateway_order_id, outcome, now))?.changed) finalized += 1;
      } catch (error) {
        deps.log?.warn(
          { err: error, paymentId: payment.id },
          'payments: reconciliation could not settle a payment; next run',
        );
      }
    }
    if (page.length < RECONCILE_PAGE) break;
  }
  let refunded = 0;
  let afterId = '';
  for (;;) {
    const due = await db
      .selectFrom('payments')
      .select('id')
      .where('refund_due', '=', 1)
      .where('refund_id', 'is', null)
      .where('gateway', '=', gateway.name)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(RECONCILE_PAGE)
      .execute();
    if (due.length === 0) break;
    afterId = due[due.length - 1]!.id;
    for (const payment of due) {
      await settleRefund(deps, payment.id, now);
      const done = await db.selectFrom('payments').select('refund_id').where('id', '=', payment.id).executeTakeFirst();
      if (done?.refund_id) refunded += 1;
    }
    if (due.length < RECONCILE_PAGE) break;
  }
  return { finalized, refunded };
}

/** Payments asked about per query page. */
export const RECONCILE_PAGE = 200;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A payment with what the player bought: the contest (slot, close, live show) and the ticket count. */
type PaymentListRow = PaymentRow & {
  contest_slot: 'A' | 'B';
  contest_closes_at: number;
  contest_show_at: number;
  ticket_count: number;
};

function toAnswer(p: PaymentListRow): PaymentAnswer {
  return {
    id: p.id,
    status: p.status,
    refNo: p.ref_no,
    txnId: p.gateway_payment_id,
    amountPaise: Number(p.amount_paise),
    createdAt: iso(p.created_at),
    phone: p.phone,
    contestId: p.contest_id,
    orderId: p.gateway_order_id,
    promoCode: p.promo_code,
    failureReason: p.failure_reason,
    refunded: p.refund_id !== null,
    contest: { slot: p.contest_slot, closesAt: iso(p.contest_closes_at), showAt: iso(p.contest_show_at) },
    ticketCount: Number(p.ticket_count),
  };
}

function paymentsWithContest(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('contests', 'contests.id', 'payments.contest_id')
    .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
    .selectAll('payments')
    .select([
      'contests.slot as contest_slot',
      'contests.closes_at as contest_closes_at',
      'contests.show_at as contest_show_at',
      'reservations.ticket_count',
    ])
    .where('payments.user_id', '=', userId);
}

/** One payment for its owner; anyone else is told it does not exist. */
export async function paymentForOwner(db: Kysely<Database>, userId: string, paymentId: string): Promise<PaymentAnswer> {
  const payment = await paymentsWithContest(db, userId).where('payments.id', '=', paymentId).executeTakeFirst();
  if (!payment) throw paymentNotFound();
  const answer = toAnswer(payment);
  if (payment.status === 'success') {
    // In the order they were marked, numbered as on the play screen and in the cart.
    const tickets = await db
      .selectFrom('tickets')
      .select(['x', 'y'])
      .where('reservation_id', '=', payment.reservation_id)
      .where('status', '=', 'confirmed')
      .orderBy('position')
      .orderBy('x')
      .orderBy('y')
      .execute();
    answer.tickets = tickets;
  }
  return answer;
}

export async function paymentsOfUser(db: Kysely<Database>, userId: string): Promise<PaymentAnswer[]> {
  const rows = await paymentsWithContest(db, userId)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id')
    .limit(500)
    .execute();
  return rows.map((r) => toAnswer(r));
}

export async function paymentByOrderId(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'user_id', 'status'])
    .where('gateway_order_id', '=', orderId)
    .executeTakeFirst();
}

export const contestMissing = () =>
  new AppError(404, CONTEST_ERROR_CODES.contestNotFound, CONTEST_ERROR_MESSAGES.contestNotFound);
