import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayWebhook } from './razorpay-shape.ts';
import type { ReturnPayload } from './signatures.ts';

export type { ReturnPayload } from './signatures.ts';

/** What the gateway says about an order, for reconciliation (Razorpay's order statuses). */
export type GatewayOrderStatus = 'paid' | 'attempted' | 'created' | 'failed';

export interface CreateOrderInput {
  amountPaise: number;
  /** Our reference (the payment's ref no), at most 40 characters. */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * One interface for every gateway: the embedded sandbox (sandbox.ts) and Razorpay
 * (razorpay.ts). Signatures are Razorpay's: the checkout's is HMAC-SHA256 hex of
 * `${orderId}|${paymentId}` with the key secret; the webhook's is HMAC-SHA256 hex of the raw
 * body with the webhook secret.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'razorpay';
  /** The public key id for Checkout.js (Razorpay), null for the sandbox. */
  readonly keyId: string | null;
  createOrder(input: CreateOrderInput): Promise<{ orderId: string }>;
  verifyReturn(payload: ReturnPayload): boolean;
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): boolean;
  /** A webhook delivery verified (its signature header) and read. */
  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayWebhook | 'bad-signature' | 'not-json';
  /**
   * Whether one failed attempt ends the order. Razorpay: no, an order stays payable (the customer
   * retries in Checkout) until captured or expired. The sandbox: yes, its page decides once.
   */
  readonly failuresEndOrders: boolean;
  /** The order's status and, once paid, the captured payment's id and when it was made (epoch ms). */
  fetchOrderStatus(orderId: string): Promise<{ status: GatewayOrderStatus; paymentId: string | null; paidAt?: number }>;
  refund(paymentId: string, amountPaise: number): Promise<{ refundId: string }>;
}

/** A gateway that did not answer, or answered with an error: the caller says 'try again'. */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}
