import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentFailureCode, PaymentReturnBody } from '../../../domain/payments.ts';
import { verifyWebhookSignature } from './signatures.ts';

/**
 * Razorpay's return and webhook payloads, read. The sandbox gateway speaks the same shape, so
 * both adapters use this module.
 */

/** What a webhook says about a payment; null in `payment` for an event we do not act on. */
export type WebhookPayment =
  | { kind: 'paid'; orderId: string; gatewayPaymentId: string; amountPaise?: number; paidAt?: number }
  | {
      kind: 'failed';
      orderId: string;
      gatewayPaymentId: string | null;
      reason: string;
      code: PaymentFailureCode | null;
    };

/**
 * Razorpay's error `reason` (https://razorpay.com/docs/errors/error-reasons/) as the few causes a
 * player can act on: cancelled, took too long, a wrong OTP or PIN, not enough money, declined by
 * the bank or card, the bank or gateway down. Any other reason is 'other' (the web then shows the
 * gateway's own description); no reason at all is null.
 */
const RAZORPAY_REASONS: Record<string, PaymentFailureCode> = {
  payment_cancelled: 'cancelled',
  payment_timed_out: 'timedOut',
  authentication_failed: 'authentication',
  invalid_otp: 'authentication',
  incorrect_otp: 'authentication',
  incorrect_pin: 'authentication',
  insufficient_balance: 'insufficientFunds',
  insufficient_funds: 'insufficientFunds',
  card_declined: 'declined',
  payment_declined: 'declined',
  transaction_declined: 'declined',
  debit_instrument_blocked: 'declined',
  debit_instrument_inactive: 'declined',
  card_expired: 'declined',
  authorisation_declined_by_psp: 'declined',
  bank_technical_error: 'bankDown',
  bank_not_available: 'bankDown',
  bank_cutoff_in_progress: 'bankDown',
  gateway_technical_error: 'bankDown',
  server_error: 'bankDown',
};

export function razorpayFailureCode(reason: string | undefined | null): PaymentFailureCode | null {
  const key = reason?.trim().toLowerCase();
  // 'payment_failed' is Razorpay's (and Checkout's) word for "failed" with no cause named.
  if (!key || key === 'payment_failed') return null;
  return RAZORPAY_REASONS[key] ?? 'other';
}

export interface GatewayWebhook {
  /** The gateway's event id, else the body's SHA-256: a retried delivery is the same event. */
  eventId: string;
  payloadHash: string;
  payment: WebhookPayment | null;
}

interface RazorpayWebhook {
  event?: unknown;
  payload?: {
    payment?: {
      entity?: {
        id?: unknown;
        order_id?: unknown;
        amount?: unknown;
        status?: unknown;
        error_description?: unknown;
        error_reason?: unknown;
        created_at?: unknown;
      };
    };
  };
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A webhook delivery checked against the webhook secret and read ('bad-signature', 'not-json' when it cannot be). */
export function readRazorpayWebhook(
  webhookSecret: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): GatewayWebhook | 'bad-signature' | 'not-json' {
  if (!verifyWebhookSignature(webhookSecret, rawBody, header(headers, 'x-razorpay-signature'))) return 'bad-signature';
  let event: RazorpayWebhook;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as RazorpayWebhook;
  } catch {
    return 'not-json';
  }
  const payloadHash = createHash('sha256').update(rawBody).digest('hex');
  const eventIdHeader = header(headers, 'x-razorpay-event-id');
  const eventId = eventIdHeader ? eventIdHeader.slice(0, 100) : payloadHash;
  return { eventId, payloadHash, payment: webhookPayment(event) };
}

function webhookPayment(event: RazorpayWebhook): WebhookPayment | null {
  const entity = event.payload?.payment?.entity;
  const orderId = typeof entity?.order_id === 'string' ? entity.order_id : null;
  const paymentId = typeof entity?.id === 'string' ? entity.id : null;
  if (orderId && paymentId && (event.event === 'payment.captured' || event.event === 'order.paid')) {
    const amountPaise = typeof entity?.amount === 'number' ? entity.amount : undefined;
    // Razorpay's payment created_at (seconds): when the customer paid, whenever we hear of it.
    const paidAt =
      typeof entity?.created_at === 'number' && Number.isFinite(entity.created_at)
        ? entity.created_at * 1000
        : undefined;
    return {
      kind: 'paid',
      orderId,
      gatewayPaymentId: paymentId,
      ...(amountPaise === undefined ? {} : { amountPaise }),
      ...(paidAt === undefined ? {} : { paidAt }),
    };
  }
  if (orderId && event.event === 'payment.failed') {
    const reason =
      typeof entity?.error_description === 'string' && entity.error_description
        ? entity.error_description.slice(0, 300)
        : 'Payment failed';
    const code = razorpayFailureCode(typeof entity?.error_reason === 'string' ? entity.error_reason : null);
    return { kind: 'failed', orderId, gatewayPaymentId: paymentId, reason, code };
  }
  return null;
}

/** The order a browser comes back from: Razorpay's field, the failure's metadata, or the one the web sent. */
export function returnOrderId(fields: PaymentReturnBody): string | undefined {
  if (fields.razorpay_order_id) return fields.razorpay_order_id;
  if (fields['error[metadata]']) {
    try {
      const metadata = JSON.parse(fields['error[metadata]']) as { order_id?: unknown };
      if (typeof metadata.order_id === 'string' && metadata.order_id !== '') return metadata.order_id;
    } catch {
      // not JSON: fall through to the order id the web sent
    }
  }
  return fields.orderId || undefined;
}

/** What the browser's return says: a signed success, a failure or cancel (unsigned), or nothing. */
export type GatewayReturn =
  | { kind: 'signed'; paymentId: string; signature: string }
  | { kind: 'failed' | 'cancelled'; reason: string; code: PaymentFailureCode | null }
  | { kind: 'none' };

export function readReturn(fields: PaymentReturnBody): GatewayReturn {
  if (fields.razorpay_payment_id || fields.razorpay_signature)
    return { kind: 'signed', paymentId: fields.razorpay_payment_id ?? '', signature: fields.razorpay_signature ?? '' };
  if (fields['error[code]'] || fields['error[reason]']) {
    const cancelled = fields['error[reason]'] === 'payment_cancelled';
    const reason =
      (fields['error[description]'] ?? '').slice(0, 300) || (cancelled ? 'Payment cancelled' : 'Payment failed');
    const code = razorpayFailureCode(fields['error[reason]']) ?? (cancelled ? 'cancelled' : null);
    return { kind: cancelled ? 'cancelled' : 'failed', reason, code };
  }
  return { kind: 'none' };
}
