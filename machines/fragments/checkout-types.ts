import type { ApiErrorCode } from '../../domain/api-errors.ts';
import { CONTEST_ERROR_CODES } from '../../domain/contest-codes.ts';
import type { ApiRefusal } from '../../domain/error-code.ts';
import type { Bill } from '../../domain/money.ts';
import { type PaymentAnswer, type PaymentOrderAnswer, PAYMENT_ERROR_CODES } from '../../domain/payments.ts';

/**
 * The checkout machine's contract with the app (machines/checkout.machine.ts): its error codes,
 * context, events and what its actors give back. Apart from the machine so that its file stays
 * the states and their rules.
 */

/**
 * Stable codes; the UI maps them to texts: invalidPromo 'Invalid Promo Code', promoFailed 'Failed
 * to Apply Promo Code', orderIdMissing 'Payment order ID is missing. Please try again.', and so on.
 * retryFailed: "Try again" was refused or could not reach the server (errorDetail says why).
 */
export type CheckoutErrorCode =
  | 'loadFailed'
  | 'promoRequired'
  | 'invalidPromo'
  | 'promoFailed'
  | 'promoRemoveFailed'
  | 'orderIdMissing'
  | 'orderFailed'
  | 'retryFailed'
  | 'gatewayFailed'
  | 'verifyFailed';

export type CheckoutStatus = 'success' | 'failed' | 'cancelled' | 'error';

/** What openGateway needs: the order id and amount, and the server's order when it sent one. */
export interface GatewayInput {
  orderId: string;
  amount: number;
  order?: PaymentOrderAnswer;
}

/**
 * What loadBill answers: the bill alone, or the bill with the promo code already applied to it
 * and, when known, how many tickets it bills.
 */
export type LoadedBill = Bill | { bill: Bill; promoCode: string | null; ticketCount?: number };

export const loadedParts = (
  loaded: LoadedBill,
): { bill: Bill; promoCode: string | null; ticketCount: number | null } =>
  'bill' in loaded
    ? { bill: loaded.bill, promoCode: loaded.promoCode, ticketCount: loaded.ticketCount ?? null }
    : { bill: loaded, promoCode: null, ticketCount: null };

export interface GatewayResult {
  outcome: 'success' | 'failed' | 'cancelled';
  paymentId?: string;
  signature?: string;
}

/**
 * A payment watched to its end (the payment-status machine, invoked): its final status and the
 * server's answer about it (tickets once paid; reason and "Try again" amount once failed).
 */
export interface WatchedPayment {
  status: CheckoutStatus;
  payment: PaymentAnswer | null;
}

export interface CheckoutContext {
  bill: Bill | null;
  /** The tickets the bill is for, when the load said. */
  ticketCount: number | null;
  /** The promo code applied to the bill; one at most. */
  promoCode: string | null;
  /** The code being applied right now (trimmed). */
  enteredPromo: string;
  lastError: CheckoutErrorCode | null;
  /** The server's own error code behind lastError, when it sent one (e.g. why an order was refused). */
  errorDetail: ApiErrorCode | null;
  /**
   * The server's refusal behind lastError, when it answered one: the screen says it in the
   * reader's language (why an order or "Try again" was refused); null for a lost connection.
   */
  refusal: ApiRefusal | null;
  orderId: string | null;
  /** The server's order behind orderId, for the gateway; null before one is made. */
  order: PaymentOrderAnswer | null;
  /** The gateway's payment id and signature of a paid Checkout, for the server to verify. */
  paymentId: string | null;
  signature: string | null;
  /** Our payment being watched: the last order's, or the one a hosted gateway page sent the player back with. */
  watchedId: string | null;
  /** The server's answer about that payment once watched to its end. */
  payment: PaymentAnswer | null;
  status: CheckoutStatus | null;
}

export type CheckoutEvent =
  | { type: 'promo.apply'; code: string }
  | { type: 'promo.remove' }
  | { type: 'checkout.pay' }
  /** A new attempt for the tickets a failed or cancelled payment still holds ("Try again"). */
  | { type: 'checkout.retry' }
  /** Ask the server again about a payment the gateway has not confirmed yet. */
  | { type: 'status.refresh' }
  | { type: 'error.dismiss' }
  | { type: 'load.retry' };

/** Server codes after which "Try again" cannot succeed: the offer is withdrawn. */
export const RETRY_ENDED_CODES: readonly ApiErrorCode[] = [
  PAYMENT_ERROR_CODES.notRetryable,
  CONTEST_ERROR_CODES.paidPlaySuspended,
  CONTEST_ERROR_CODES.gamePlayClosed,
];
