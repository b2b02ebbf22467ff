import { createHmac } from 'node:crypto';
import { sameHex } from '../../constant-time.ts';

/**
 * Razorpay's signatures, which the sandbox gateway makes too: the checkout's is HMAC-SHA256 hex of
 * `${orderId}|${paymentId}` with the key secret; the webhook's is HMAC-SHA256 hex of the raw body
 * with the webhook secret.
 */

/** What the checkout hands back after a payment: the order, the payment and the checkout's signature. */
export interface ReturnPayload {
  orderId: string;
  paymentId: string;
  signature: string;
}

export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyCheckoutSignature(keySecret: string, payload: ReturnPayload): boolean {
  return sameHex(checkoutSignature(keySecret, payload.orderId, payload.paymentId), payload.signature);
}

export function verifyWebhookSignature(
  webhookSecret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): boolean {
  return sameHex(hmacHex(webhookSecret, rawBody), signatureHeader);
}
