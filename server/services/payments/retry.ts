import { PAYMENT_ERROR_CODES, PAYMENT_ERROR_MESSAGES } from '../../../domain/payments.ts';
import { isPostgres } from '../../db/dialect.ts';
import { lockContests, retriedTransaction } from '../../db/lock-order.ts';
import { AppError } from '../../errors.ts';
import { paidPlaySuspended } from '../cart/shared.ts';
import {
  gatewayUnavailable,
  type OrderOptions,
  orderFor,
  type PaymentOrder,
  recordedSupplyState,
  refNoFor,
} from './payment.service.ts';
import { type PaymentDeps } from './deps.ts';
import { isPaidPlayEnabled } from '../contests/settings.service.ts';
import { paymentNotFound } from './answers.ts';
import { retryQuote } from './quote.ts';
import { recordPayment } from './record.ts';

const notRetryable = () => new AppError(409, PAYMENT_ERROR_CODES.notRetryable, PAYMENT_ERROR_MESSAGES.notRetryable);

/**
 * "Try again" after a failed or cancelled payment (issue 25): a new payment, with a new gateway
 * order, for the tickets the same reservation still holds, so nothing is marked or reserved again
 * and nobody can take those tickets meanwhile. The bill is the failed one's (its promo code while
 * usable: payments/quote.ts).
 *
 * One reservation has one payment (payments.reservation_id is unique since migration 008), so
 * the failed attempt keeps its own record on a closed copy of the reservation (status
 * 'cancelled', no tickets, the same count and times), and the new payment takes the reservation.
 * The failed payment stays in the player's payments with its reason; money that still arrives
 * for its order is refunded as for any ended payment (payments/finalize.ts).
 */
export async function retryPaymentOrder(
  deps: PaymentDeps,
  userId: string,
  failedPaymentId: string,
  now: number,
  options: OrderOptions,
): Promise<PaymentOrder> {
  const { db, gateway } = deps;
  const failed = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', failedPaymentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!failed) throw paymentNotFound();
  if (!(await isPaidPlayEnabled(db, options.paidPlayDefault))) throw paidPlaySuspended();
  const quote = await retryQuote(db, failed, now, { billing: options.billing, paidPlayOn: true });
  if (!quote) throw notRetryable();
  // The state on record now (the failed order needed one; an edit in My account since counts).
  const placeOfSupply = (await recordedSupplyState(db, userId, options.paidPlayDefault)) ?? failed.place_of_supply;

  const paymentId = crypto.randomUUID();
  const refNo = refNoFor(paymentId, now);
  let orderId: string;
  try {
    orderId = await orderFor(gateway, { paymentId, refNo, contestId: failed.contest_id, bill: quote.bill });
  } catch (error) {
    // The tickets stay held: the player may try again while the reservation lasts.
    throw gatewayUnavailable(error);
  }

  // The lock order (server/db/lock-order.ts): the failed payment's row, the contest, then the
  // reservation; a deadlock or serialization victim runs once more.
  await retriedTransaction(deps, async (trx) => {
    const still = await trx
      .selectFrom('payments')
      .select(['reservation_id', 'status'])
      .where('id', '=', failed.id)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst();
    await lockContests(trx, [failed.contest_id]);
    const reservation = await trx
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', quote.reservationId)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst();
    // Another "Try again" (a second tab) or the reservation's end came first.
    if (
      !reservation ||
      reservation.status !== 'active' ||
      Number(reservation.expires_at) < now ||
      still?.reservation_id !== reservation.id ||
      (still.status !== 'failed' && still.status !== 'cancelled')
    )
      throw notRetryable();
    const closedCopy = crypto.randomUUID();
    await trx
      .insertInto('reservations')
      .values({
        id: closedCopy,
        user_id: reservation.user_id,
        contest_id: reservation.contest_id,
        status: 'cancelled',
        ticket_count: reservation.ticket_count,
        amount_paise: failed.amount_paise,
        expires_at: reservation.expires_at,
        created_at: reservation.created_at,
      })
      .execute();
    await trx.updateTable('payments').set({ reservation_id: closedCopy }).where('id', '=', failed.id).execute();
    await recordPayment(
      trx,
      {
        paymentId,
        userId,
        reservationId: reservation.id,
        contestId: reservation.contest_id,
        gateway: gateway.name,
        orderId,
        bill: quote.bill,
        promoCode: quote.promoCode,
        refNo,
        placeOfSupply,
        language: options.language,
      },
      now,
      deps.invoices,
    );
  });
  return {
    paymentId,
    orderId,
    amountPaise: quote.bill.grandTotal,
    refNo,
    expiresAt: quote.expiresAt,
    bill: quote.bill,
    status: quote.bill.grandTotal === 0 ? 'success' : 'pending',
    returnTo: options.returnTo ?? 'payments',
  };
}
