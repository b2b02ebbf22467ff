import type { Kysely } from 'kysely';
import type { Bill } from '../../domain/money.ts';
import { PAYMENT_ERROR_CODES, PAYMENT_ERROR_MESSAGES, type PaymentOrderAnswer } from '../../domain/payments.ts';
import { IST_OFFSET_MS } from '../../domain/schedule.ts';
import type { BillingConfig, InvoiceConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PaymentGateway } from '../integrations/payments/gateway.ts';
import { billFor, reservePaidCart } from './cart.service.ts';
import { releaseReservation } from './payments/finalize.ts';
import { isPostgres } from '../db/dialect.ts';
import { appliedPromoCode, usablePromo } from './promo.service.ts';
import { promoFromRow } from './promo-rules.ts';
import type { ReceiptDeps } from './payments/receipts.ts';
import { isPaidPlayEnabled } from './settings.service.ts';

interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface PaymentDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  /** The series the invoice (at success) and the credit note (at a refund) are numbered in. */
  invoices: Pick<InvoiceConfig, 'prefix' | 'creditNotePrefix'>;
  /** Sends the receipt right after a success; without it the payments job sends it on its next run. */
  receipts?: ReceiptDeps;
  log?: Logger;
}

export interface OrderOptions {
  billing: BillingConfig;
  reservationMinutes: number;
  paidPlayDefault: boolean;
  /** The language the order is made in ('en' or 'hi'): the receipt's. */
  language: 'en' | 'hi';
}

const supplyStateRequired = () =>
  new AppError(409, PAYMENT_ERROR_CODES.supplyStateRequired, PAYMENT_ERROR_MESSAGES.supplyStateRequired);

/**
 * The player's state, which the invoice's place of supply needs (IGST Act 2017, s.12(2)(b)):
 * asked once, at the first purchase (the web then shows the state question), and refused with
 * SUPPLY_STATE_REQUIRED until given. Only while paid play is on, so a switched-off site answers
 * with that first. Free entry needs none: no payment, no invoice.
 */
async function recordedSupplyState(
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
}

const gatewayUnavailable = (cause: unknown) =>
  Object.assign(new AppError(502, PAYMENT_ERROR_CODES.gatewayUnavailable, PAYMENT_ERROR_MESSAGES.gatewayUnavailable), {
    cause,
  });

/** 'CS' + the IST date + 8 characters of the payment id: readable on the phone, unique in the table. */
export function refNoFor(paymentId: string, now: number): string {
  const ist = new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return `CS${ist}${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
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
          place_of_supply: placeOfSupply,
          language: options.language,
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

/** The order as the web gets it: the sandbox's hosted page, or Razorpay Checkout's key. */
export function paymentOrderAnswer(gateway: PaymentGateway, order: PaymentOrder): PaymentOrderAnswer {
  return {
    paymentId: order.paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR' as const,
    gateway: gateway.name,
    checkoutUrl: gateway.name === 'sandbox' ? `/sandbox-gateway/checkout/${encodeURIComponent(order.orderId)}` : null,
    keyId: gateway.keyId,
    refNo: order.refNo,
    expiresAt: new Date(order.expiresAt).toISOString(),
    bill: order.bill,
  };
}

// Kept here for the callers outside the services (tests, the drill): the job lives in payments/reconcile.ts.
export { RECONCILE_AFTER_MS, reconcilePayments } from './payments/reconcile.ts';
