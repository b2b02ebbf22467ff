import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import { checkoutSignature, hmacHex, verifyCheckoutSignature, verifyWebhookSignature } from './signatures.ts';
import { readRazorpayWebhook } from './razorpay-shape.ts';

export interface SandboxSecrets {
  keySecret: string;
  webhookSecret: string;
}

/** Derived from the server secret, so the sandbox needs no configuration and survives restarts. */
export function sandboxSecrets(serverSecret: string): SandboxSecrets {
  return {
    keySecret: hmacHex(serverSecret, 'sandbox-gateway:key-secret'),
    webhookSecret: hmacHex(serverSecret, 'sandbox-gateway:webhook-secret'),
  };
}

/** Razorpay-looking ids: a prefix and 14 random characters. */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  return `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
}

/**
 * The embedded gateway: orders live in sandbox_orders; the hosted checkout page
 * (server/routes/sandbox-gateway.routes.ts) decides them and sends the signed return and webhook.
 */
export function createSandboxGateway(db: Kysely<Database>, serverSecret: string, now: () => number): PaymentGateway {
  const secrets = sandboxSecrets(serverSecret);
  return {
    name: 'sandbox',
    keyId: null,
    failuresEndOrders: true,
    async createOrder({ amountPaise, receipt, notes }) {
      const orderId = sandboxId('order');
      await db
        .insertInto('sandbox_orders')
        .values({
          id: orderId,
          amount_paise: amountPaise,
          receipt,
          notes_json: JSON.stringify(notes),
          status: 'created',
          payment_id: null,
          refund_id: null,
          created_at: now(),
        })
        .execute();
      return { orderId };
    },
    verifyReturn: (payload) => verifyCheckoutSignature(secrets.keySecret, payload),
    verifyWebhook: (rawBody, header) => verifyWebhookSignature(secrets.webhookSecret, rawBody, header),
    readWebhook: (rawBody, headers) => readRazorpayWebhook(secrets.webhookSecret, rawBody, headers),
    async fetchOrderStatus(orderId) {
      const order = await db
        .selectFrom('sandbox_orders')
        .select(['status', 'payment_id', 'paid_at'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!order) throw new GatewayError(`sandbox: no order ${orderId}`);
      // A cancelled checkout leaves a Razorpay order 'created'; a failure leaves it 'attempted'.
      const status = order.status === 'paid' ? 'paid' : order.status === 'failed' ? 'attempted' : 'created';
      return {
        status,
        paymentId: order.status === 'paid' ? order.payment_id : null,
        ...(order.paid_at !== null ? { paidAt: Number(order.paid_at) } : {}),
      };
    },
    async refund(paymentId) {
      const refundId = sandboxId('rfnd');
      const result = await db
        .updateTable('sandbox_orders')
        .set({ refund_id: refundId })
        .where('payment_id', '=', paymentId)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new GatewayError(`sandbox: no captured payment ${paymentId}`);
      return { refundId };
    },
  };
}

export type SandboxChoice = 'success' | 'failure' | 'cancel';

/**
 * The failures a tester may choose on the hosted page, as Razorpay sends them: its error `reason`
 * and the description that comes with it (https://razorpay.com/docs/errors/error-reasons/).
 * 'payment_failed' is a failure with no cause named.
 */
export const SANDBOX_FAILURE_REASONS = {
  card_declined: 'Your payment was declined by your bank.',
  insufficient_balance: 'Your payment could not be completed due to insufficient account balance.',
  authentication_failed: 'Authentication failed due to incorrect otp',
  payment_timed_out: 'Payment was not completed in time.',
  bank_technical_error: 'Your bank is facing technical issues. Please try another bank or method.',
  payment_failed: 'Your payment could not be completed (sandbox).',
} as const;
export type SandboxFailureReason = keyof typeof SANDBOX_FAILURE_REASONS;
export const SANDBOX_FAILURE_REASON_KEYS = Object.keys(SANDBOX_FAILURE_REASONS) as [
  SandboxFailureReason,
  ...SandboxFailureReason[],
];

export interface DecidedOrder {
  orderId: string;
  amountPaise: number;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  paymentId: string | null;
  /** When the tester pressed Success (the capture time), epoch ms. */
  paidAt: number | null;
}

/**
 * The tester's choice on the hosted page, once: the first choice sticks, a second click (or
 * a reload of the form) gets the same outcome back.
 */
export async function decideSandboxOrder(
  db: Kysely<Database>,
  orderId: string,
  choice: SandboxChoice,
  now: number = Date.now(),
): Promise<DecidedOrder | null> {
  const status = choice === 'success' ? 'paid' : choice === 'failure' ? 'failed' : 'cancelled';
  const paymentId = choice === 'cancel' ? null : sandboxId('pay');
  await db
    .updateTable('sandbox_orders')
    .set({ status, payment_id: paymentId, paid_at: status === 'paid' ? now : null })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
  const order = await db
    .selectFrom('sandbox_orders')
    .select(['id', 'amount_paise', 'status', 'payment_id', 'paid_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  return {
    orderId: order.id,
    amountPaise: Number(order.amount_paise),
    status: order.status,
    paymentId: order.payment_id,
    paidAt: order.paid_at === null ? null : Number(order.paid_at),
  };
}

/** The query Razorpay Checkout's redirect carries back to us for this order (a failure with its reason). */
export function sandboxReturnFields(
  secrets: SandboxSecrets,
  order: DecidedOrder,
  reason: SandboxFailureReason = 'payment_failed',
): Record<string, string> {
  if (order.status === 'paid' && order.paymentId) {
    return {
      razorpay_payment_id: order.paymentId,
      razorpay_order_id: order.orderId,
      razorpay_signature: checkoutSignature(secrets.keySecret, order.orderId, order.paymentId),
    };
  }
  const cancelled = order.status !== 'failed';
  return {
    'error[code]': 'BAD_REQUEST_ERROR',
    'error[description]': cancelled ? 'Payment processing cancelled by user' : SANDBOX_FAILURE_REASONS[reason],
    'error[reason]': cancelled ? 'payment_cancelled' : reason,
    'error[metadata]': JSON.stringify({
      order_id: order.orderId,
      ...(order.paymentId ? { payment_id: order.paymentId } : {}),
    }),
  };
}

/** A webhook in Razorpay's shape, signed with the sandbox's webhook secret; none for a cancel. */
export function sandboxWebhook(
  secrets: SandboxSecrets,
  order: DecidedOrder,
  now: number,
  reason: SandboxFailureReason = 'payment_failed',
): { body: string; headers: Record<string, string> } | null {
  if (order.status !== 'paid' && order.status !== 'failed') return null;
  const paid = order.status === 'paid';
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event: paid ? 'payment.captured' : 'payment.failed',
    contains: ['payment'],
    created_at: Math.floor(now / 1000),
    payload: {
      payment: {
        entity: {
          id: order.paymentId,
          entity: 'payment',
          amount: order.amountPaise,
          currency: 'INR',
          status: paid ? 'captured' : 'failed',
          order_id: order.orderId,
          created_at: Math.floor((order.paidAt ?? now) / 1000),
          ...(paid
            ? {}
            : {
                error_code: 'BAD_REQUEST_ERROR',
                error_description: SANDBOX_FAILURE_REASONS[reason],
                error_reason: reason,
              }),
        },
      },
    },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secrets.webhookSecret, body),
      'x-razorpay-event-id': sandboxId('evt'),
    },
  };
}
