import type { Selectable, Transaction } from 'kysely';
import { CONTEST_ERROR_CODES } from '../../../domain/contests.ts';
import type { PaymentFailureCode } from '../../../domain/payments.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, PaymentsTable, PaymentStatus } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { confirmReservationIn } from '../cart/reservations.ts';
import { releaseReservation } from '../cart/back-to-cart.ts';
import { lockContests, retriedTransaction } from '../../db/lock-order.ts';
import type { PaymentDeps, RefundDeps } from './deps.ts';
import { isPaidPlayEnabled } from '../contests/settings.service.ts';
import { issueCreditNote, issueInvoice } from './tax-documents/series.ts';
import { deliverReceipt } from './receipts.ts';
import {
  AMOUNT_REASON,
  CANCEL_REFUND_REASON,
  EXPIRED_REASON,
  LATE_CAPTURE_REASON,
  PAID_PLAY_OFF_REASON,
} from './refund-reasons.ts';
import { metrics } from '../../metrics/scope.ts';

type PaymentRow = Selectable<PaymentsTable>;

export type PaymentOutcome =
  /** paidAt: when the gateway took the money (epoch ms); unknown means now. */
  | { kind: 'paid'; gatewayPaymentId: string; amountPaise?: number; paidAt?: number }
  /**
   * final: false for a failed attempt on an order that stays payable (Razorpay): the payment
   * stays pending with the reason noted until a capture or its reservation's end.
   */
  | {
      kind: 'failed' | 'cancelled';
      reason: string;
      /** The reason as a code the web translates (razorpay-shape.ts razorpayFailureCode). */
      code?: PaymentFailureCode | null;
      gatewayPaymentId?: string | null;
      final?: boolean;
    };

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
export async function recordWebhookEvent(trx: Db, event: WebhookEventRecord, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('webhook_events')
    .values({ event_id: event.eventId, gateway: event.gateway, received_at: now, payload_hash: event.payloadHash })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Applies what the gateway said (return, webhook or reconciliation; in any order, any number of
 * times). The payment row is locked (PostgreSQL FOR UPDATE; SQLite runs one transaction at a
 * time) and only a 'pending' payment moves: to 'success' with its tickets confirmed, its tax
 * invoice numbered and dated and its receipt message queued, all in the same transaction; to
 * 'error' when the reservation has expired (refunded); or to 'failed' / 'cancelled' with the
 * tickets released. Money that arrives for a payment that has already failed is refunded; the
 * status stays as it was. After the commit the receipt goes out (when deps.receipts is given; the
 * payments job sends any left) and a refund due is made.
 */
export async function finalizePayment(
  deps: PaymentDeps,
  orderId: string,
  outcome: PaymentOutcome,
  now: number,
  event?: WebhookEventRecord,
): Promise<FinalizeResult | null> {
  const result = await retriedTransaction(deps, async (trx): Promise<FinalizeResult | null> => {
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
            refund_reason: LATE_CAPTURE_REASON,
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
      // Paid play switched off while the player was at the gateway: we take no payment while the
      // suspension lasts, so the money goes back and the tickets to the cart, to enter free.
      if (!(await isPaidPlayEnabled(trx, deps.paidPlayDefault))) {
        await endWithoutTickets(trx, payment, 'error', PAID_PLAY_OFF_REASON, outcome.gatewayPaymentId, now, true);
        return { ...base, status: 'error' as const, changed: true };
      }
      try {
        await confirmReservationIn(trx, payment.reservation_id, now, outcome.paidAt ?? now);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== CONTEST_ERROR_CODES.reservationExpired) throw error;
        // A contest cancelled while the player was paying released the tickets: say so.
        const contest = await trx
          .selectFrom('contests')
          .select('cancelled_at')
          .where('id', '=', payment.contest_id)
          .executeTakeFirst();
        const reason = (contest?.cancelled_at ?? null) !== null ? CANCEL_REFUND_REASON : EXPIRED_REASON;
        await endWithoutTickets(trx, payment, 'error', reason, outcome.gatewayPaymentId, now, true);
        return { ...base, status: 'error' as const, changed: true };
      }
      await trx
        .updateTable('payments')
        .set({ status: 'success', gateway_payment_id: outcome.gatewayPaymentId, finalized_at: now, updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      await trx.insertInto('payment_receipts').values({ payment_id: payment.id, created_at: now }).execute();
      // Last, so the year's counter row (locked until the commit on PostgreSQL) is held briefly.
      await issueInvoice(trx, payment.id, deps.invoices.prefix, now);
      metrics().payments.inc({ gateway: payment.gateway, status: 'success' });
      return { ...base, status: 'success' as const, changed: true };
    }

    if (outcome.final === false) {
      // One failed attempt: the customer may still pay this order. Noted, not ended; the
      // reservation's end (reconciliation) or a capture decides.
      await trx
        .updateTable('payments')
        .set({ failure_reason: outcome.reason, failure_code: outcome.code ?? null, updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      return base;
    }
    await endWithoutTickets(trx, payment, outcome.kind, outcome.reason, outcome.gatewayPaymentId ?? null, now, false, {
      code: outcome.code ?? null,
    });
    return { ...base, status: outcome.kind, changed: true };
  });
  if (result?.paymentId) {
    const { receipts } = deps;
    if (result.changed && result.status === 'success' && receipts) {
      const paymentId = result.paymentId;
      const send = () =>
        deliverReceipt(deps.db, receipts, paymentId, now).catch((error: unknown) =>
          deps.log?.warn({ err: error, paymentId }, 'payments: the receipt waits for the next run'),
        );
      if (receipts.later) receipts.later(send);
      else await send();
    }
    await settleRefund(deps, result.paymentId, now);
  }
  return result;
}

/**
 * Whether a payment that ended without money leaves its tickets held for a new attempt (issue 25):
 * the reservation is still active and its time has not run out. The player then tries again on
 * the same reservation (payments/retry.ts); its expiry releases the tickets back to the cart
 * (cart/reservations.ts expireReservations).
 */
async function holdsStill(trx: Transaction<Database>, reservationId: string, now: number): Promise<boolean> {
  const reservation = await trx
    .selectFrom('reservations')
    .select(['status', 'expires_at'])
    .where('id', '=', reservationId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return reservation?.status === 'active' && Number(reservation.expires_at) >= now;
}

async function endWithoutTickets(
  trx: Transaction<Database>,
  payment: PaymentRow,
  status: 'failed' | 'cancelled' | 'error',
  reason: string,
  gatewayPaymentId: string | null,
  now: number,
  refundDue: boolean,
  { code = null }: { code?: PaymentFailureCode | null } = {},
): Promise<void> {
  metrics().payments.inc({ gateway: payment.gateway, status });
  await trx
    .updateTable('payments')
    .set({
      status,
      failure_reason: reason,
      failure_code: code,
      gateway_payment_id: gatewayPaymentId ?? payment.gateway_payment_id,
      refund_due: refundDue ? 1 : 0,
      refund_reason: refundDue ? reason : null,
      finalized_at: now,
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .execute();
  // A failed or cancelled attempt keeps the tickets while the reservation holds: "Try again" pays
  // for the same tickets. Money that came for tickets we cannot give ('error') ends the hold.
  // The contest before the reservation (server/db/lock-order.ts): a release follows.
  await lockContests(trx, [payment.contest_id]);
  const keepHold = status !== 'error' && (await holdsStill(trx, payment.reservation_id, now));
  if (!keepHold) await releaseReservation(trx, payment.reservation_id, now);
  // A promo is used only by a payment that bought tickets: freed. A retry on the held tickets
  // applies the payment's code again (while it is usable); tickets back in the cart take it with
  // them, so the next order costs what this attempt did (unless the player has applied another
  // code meanwhile, or the cart is gone, as in a cancelled contest; the next order checks the code
  // is still usable).
  await trx.deleteFrom('promo_redemptions').where('payment_id', '=', payment.id).execute();
  const backInCart =
    payment.promo_code && !keepHold
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
 * Refunds a payment marked refund_due, once: the refund is recorded (its gateway id, amount and
 * time) only where none is yet, and an invoiced payment's GST credit note is issued in that same
 * transaction (tax-documents/series.ts issueCreditNote). A gateway error leaves it due;
 * reconciliation tries again. Refunds are always of the whole amount: nothing here makes a
 * partial one.
 */
export async function settleRefund(deps: RefundDeps, paymentId: string, now: number): Promise<void> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['refund_due', 'refund_id', 'gateway_payment_id', 'amount_paise', 'refund_reason'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment || payment.refund_due !== 1 || payment.refund_id !== null) return;
  const amountPaise = Number(payment.amount_paise);
  const record = (refundId: string) =>
    deps.db.transaction().execute(async (trx) => {
      const recorded = await trx
        .updateTable('payments')
        .set({ refund_id: refundId, refunded_at: now, refunded_paise: amountPaise, updated_at: now })
        .where('id', '=', paymentId)
        .where('refund_id', 'is', null)
        .executeTakeFirst();
      if (Number(recorded.numUpdatedRows) !== 1) return;
      await issueCreditNote(
        trx,
        { id: paymentId, amountPaise, reason: payment.refund_reason },
        deps.invoices.creditNotePrefix,
        now,
      );
    });
  if (amountPaise === 0) {
    // Nothing was taken (a promo covered the whole bill): settled without asking the gateway. Its
    // nil-value invoice (payments/record.ts) still gets its credit note, so the pair stays whole.
    await record(`nil_${paymentId.slice(0, 8)}`);
    return;
  }
  if (payment.gateway_payment_id === null) return;
  try {
    const { refundId } = await deps.gateway.refund(payment.gateway_payment_id, amountPaise);
    await record(refundId);
    metrics().refunds.inc({ gateway: deps.gateway.name, outcome: 'issued' });
  } catch (error) {
    metrics().refunds.inc({ gateway: deps.gateway.name, outcome: 'failed' });
    deps.log?.error({ err: error, paymentId }, 'payments: the refund failed; reconciliation will try again');
  }
}
