import type { Kysely } from 'kysely';
import type { Bill } from '../../../domain/money.ts';
import {
  PAYMENT_ERROR_CODES,
  PAYMENT_ERROR_MESSAGES,
  type PaymentOrderAnswer,
  type PaymentReturnTo,
} from '../../../domain/payments.ts';
import { IST_OFFSET_MS } from '../../../domain/schedule.ts';
import type { BillingConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../integrations/payments/gateway.ts';
import { billFor } from '../cart/shared.ts';
import { reservePaidCart } from '../cart/reservations.ts';
import { releaseReservation } from '../cart/back-to-cart.ts';
import { recordPayment, zeroBillOrderId } from './record.ts';
import { retriedTransaction } from '../../db/lock-order.ts';
import { appliedPromoCode, usablePromo } from '../cart/promo.service.ts';
import { promoFromRow } from '../cart/promo-rules.ts';
import { isPaidPlayEnabled } from '../contests/settings.service.ts';
import { metrics } from '../../metrics/scope.ts';

// What every payment operation works with, in a part of its own (the parts import it, not this module).
import type { PaymentDeps } from './deps.ts';

export interface OrderOptions {
  billing: BillingConfig;
  reservationMinutes: number;
  paidPlayDefault: boolean;
  /** The language the order is made in ('en' or 'hi'): the receipt's. */
  language: 'en' | 'hi';
  /** Where a hosted gateway page sends the player back: the play screen's entry sheet, or /payments. */
  returnTo?: PaymentReturnTo;
}

const supplyStateRequired = () =>
  new AppError(409, PAYMENT_ERROR_CODES.supplyStateRequired, PAYMENT_ERROR_MESSAGES.supplyStateRequired);

/**
 * The player's state, which the invoice's place of supply needs (IGST Act 2017, s.12(2)(b)):
 * asked once, at the first purchase (the web then shows the state question), and refused with
 * SUPPLY_STATE_REQUIRED until given. Only while paid play is on, so a switched-off site answers
 * with that first. Free entry needs none: no payment, no invoice.
 */
export async function recordedSupplyState(
  db: Kysely<Database>,
  userId: string,
  paidPlayDefault: boolean,
): Promise<string | null> {
  const user = await db.selectFrom('users').select('supply_state').where('id', '=', userId).executeTakeFirst();
  if (user?.supply_state) return user.supply_state;
  // Paid play off: reservePaidCart refuses the order with PAID_PLAY_SUSPENDED, the answer that matters.
  if (!(await isPaidPlayEnabled(db, paidPlayDefault))) return null;
  throw supplyStateRequired();
}

export interface PaymentOrder {
  paymentId: string;
  orderId: string;
  amountPaise: number;
  refNo: string;
  expiresAt: number;
  bill: Bill;
  /** 'success' for a zero bill, settled without a gateway; 'pending' otherwise. */
  status: 'pending' | 'success';
  returnTo: PaymentReturnTo;
}

export const gatewayUnavailable = (cause: unknown) =>
  Object.assign(new AppError(502, PAYMENT_ERROR_CODES.gatewayUnavailable, PAYMENT_ERROR_MESSAGES.gatewayUnavailable), {
    cause,
  });

/** 'CS' + the IST date + 8 characters of the payment id: readable on the phone, unique in the table. */
export function refNoFor(paymentId: string, now: number): string {
  const ist = new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return `CS${ist}${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** The gateway's order for a bill; a zero bill has nothing to collect and gets an id of ours. */
export async function orderFor(
  gateway: PaymentGateway,
  payment: { paymentId: string; refNo: string; contestId: string; bill: Bill },
): Promise<string> {
  if (payment.bill.grandTotal === 0) return zeroBillOrderId(payment.paymentId);
  const { orderId } = await gateway.createOrder({
    amountPaise: payment.bill.grandTotal,
    receipt: payment.refNo,
    notes: { paymentId: payment.paymentId, contestId: payment.contestId },
  });
  return orderId;
}

/**
 * The payment order: the promo still usable, the cart reserved atomically (reservePaidCart:
 * paid play on, capacity, per-person limit, duplicates), the gateway's order, and the payment
 * 'pending' with the bill as it was. A gateway that fails gives the tickets back at once. A bill
 * of zero (a promo covering the whole entry) needs no gateway: the tickets are confirmed at once.
 */
export async function createPaymentOrder(
  deps: PaymentDeps,
  userId: string,
  contestId: string,
  now: number,
  options: OrderOptions,
): Promise<PaymentOrder> {
  const { db, gateway } = deps;
  const placeOfSupply = await recordedSupplyState(db, userId, options.paidPlayDefault);
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
    orderId = await orderFor(gateway, { paymentId, refNo, contestId, bill });
  } catch (error) {
    await retriedTransaction(deps, (trx) => releaseReservation(trx, reservation.reservationId, now));
    throw gatewayUnavailable(error);
  }

  try {
    await retriedTransaction(deps, (trx) =>
      recordPayment(
        trx,
        {
          paymentId,
          userId,
          reservationId: reservation.reservationId,
          contestId,
          gateway: gateway.name,
          orderId,
          bill,
          promoCode,
          refNo,
          placeOfSupply,
          language: options.language,
        },
        now,
        deps.invoices,
      ),
    );
  } catch (error) {
    await retriedTransaction(deps, (trx) => releaseReservation(trx, reservation.reservationId, now));
    throw error;
  }
  metrics().payments.inc({ gateway: gateway.name, status: bill.grandTotal === 0 ? 'success' : 'pending' });
  return {
    paymentId,
    orderId,
    amountPaise: bill.grandTotal,
    refNo,
    expiresAt: reservation.expiresAt,
    bill,
    status: bill.grandTotal === 0 ? 'success' : 'pending',
    returnTo: options.returnTo ?? 'payments',
  };
}

/** The sandbox's hosted page for an order, telling it where to send the player back. */
export function sandboxCheckoutPath(orderId: string, returnTo: PaymentReturnTo): string {
  const page = `/sandbox-gateway/checkout/${encodeURIComponent(orderId)}`;
  return returnTo === 'payments' ? page : `${page}?returnTo=${returnTo}`;
}

/** The order as the web gets it: the sandbox's hosted page, or Razorpay Checkout's key. */
export function paymentOrderAnswer(gateway: PaymentGateway, order: PaymentOrder): PaymentOrderAnswer {
  const settled = order.status === 'success';
  return {
    paymentId: order.paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR' as const,
    gateway: gateway.name,
    checkoutUrl: gateway.name === 'sandbox' && !settled ? sandboxCheckoutPath(order.orderId, order.returnTo) : null,
    keyId: settled ? null : gateway.keyId,
    refNo: order.refNo,
    expiresAt: new Date(order.expiresAt).toISOString(),
    bill: order.bill,
    status: order.status,
  };
}
