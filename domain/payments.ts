/**
 * The promo and payments contract between the API (server/routes/promo.routes.ts,
 * server/routes/payments.routes.ts) and the web. Money is integer paise; instants are ISO 8601.
 */
import { z } from 'zod';
import { billSchema } from './contests.ts';

export const PROMO_ERROR_CODES = {
  invalidPromo: 'INVALID_PROMO',
  promoFailed: 'PROMO_FAILED',
  promoAlreadyApplied: 'PROMO_ALREADY_APPLIED',
  promoNotApplied: 'PROMO_NOT_APPLIED',
} as const;

export const PROMO_ERROR_MESSAGES = {
  invalidPromo: 'Invalid Promo Code',
  promoFailed: 'Failed to Apply Promo Code',
  promoAlreadyApplied: 'A promo code is already applied. Remove it to use another.',
  promoNotApplied: 'No promo code is applied.',
} as const;

export const PAYMENT_ERROR_CODES = {
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  orderIdMissing: 'ORDER_ID_MISSING',
  invalidSignature: 'INVALID_SIGNATURE',
  gatewayUnavailable: 'GATEWAY_UNAVAILABLE',
  supplyStateRequired: 'SUPPLY_STATE_REQUIRED',
  creditNoteNotAvailable: 'CREDIT_NOTE_NOT_AVAILABLE',
  notRetryable: 'PAYMENT_NOT_RETRYABLE',
} as const;

export const PAYMENT_ERROR_MESSAGES = {
  paymentNotFound: 'This payment does not exist.',
  orderIdMissing: 'Payment order ID is missing. Please try again.',
  invalidSignature: 'The payment could not be verified.',
  gatewayUnavailable: 'The payment gateway is not answering. Please try again.',
  supplyStateRequired: 'Choose your state before paying: the tax invoice needs the place of supply.',
  creditNoteNotAvailable: 'A credit note is available once the payment has been refunded',
  notRetryable: 'These tickets are no longer held for you. Mark them again to enter.',
} as const;

/**
 * Why a payment did not go through, as the gateway said it (Razorpay's error `reason`, mapped in
 * server/integrations/payments/razorpay-shape.ts): the web says it in the player's language.
 * `other` is a reason we have no words for: the gateway's own description is shown instead.
 */
export const PAYMENT_FAILURE_CODES = [
  'cancelled',
  'timedOut',
  'authentication',
  'insufficientFunds',
  'declined',
  'bankDown',
  'other',
] as const;
export const paymentFailureCodeSchema = z.enum(PAYMENT_FAILURE_CODES);
export type PaymentFailureCode = z.infer<typeof paymentFailureCodeSchema>;

/**
 * Why money goes back, as a code the web words in the player's language (the server's English
 * texts: server/services/payments/refund-reasons.ts): the contest was cancelled, the held tickets
 * had run out, the money came after the payment had ended, the amount did not match, or paid
 * play was suspended while the player was paying.
 */
export const REFUND_REASON_CODES = ['contestCancelled', 'expired', 'lateCapture', 'amount', 'paidPlayOff'] as const;
export const refundReasonCodeSchema = z.enum(REFUND_REASON_CODES);
export type RefundReasonCode = z.infer<typeof refundReasonCodeSchema>;

export const applyPromoBodySchema = z.object({ contestId: z.uuid(), code: z.string().max(64) });
export const removePromoBodySchema = z.object({ contestId: z.uuid() });

export const promoAnswerSchema = z.object({
  contestId: z.string(),
  promoCode: z.string().nullable(),
  bill: billSchema,
});
export type PromoAnswer = z.infer<typeof promoAnswerSchema>;

export const paymentStatusSchema = z.enum(['pending', 'success', 'failed', 'cancelled', 'error']);
export type PaymentStatusName = z.infer<typeof paymentStatusSchema>;

/**
 * Where a hosted gateway page (the sandbox) sends the player back with the outcome: the play
 * screen's entry sheet ('play'), the checkout page ('checkout'), or /payments (the default).
 */
export const paymentReturnToSchema = z.enum(['play', 'checkout', 'payments']);
export type PaymentReturnTo = z.infer<typeof paymentReturnToSchema>;
export const createPaymentOrderBodySchema = z.object({
  contestId: z.uuid(),
  returnTo: paymentReturnToSchema.optional(),
});
export const retryPaymentBodySchema = z.object({ returnTo: paymentReturnToSchema.optional() });

export const paymentOrderAnswerSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal('INR'),
  gateway: z.enum(['sandbox', 'razorpay']),
  /** The sandbox's hosted checkout page; null with Razorpay (open Checkout.js with keyId). */
  checkoutUrl: z.string().nullable(),
  keyId: z.string().nullable(),
  refNo: z.string(),
  expiresAt: z.string(),
  bill: billSchema,
  /**
   * 'success' when the bill is zero (a promo that covers the whole entry): the tickets are
   * confirmed at once and no gateway opens. 'pending' otherwise.
   */
  status: z.enum(['pending', 'success']),
});
export type PaymentOrderAnswer = z.infer<typeof paymentOrderAnswerSchema>;

/** What Razorpay Checkout hands the browser: the success fields, or error[...] on failure. */
export const paymentReturnBodySchema = z.object({
  razorpay_order_id: z.string().max(64).optional(),
  razorpay_payment_id: z.string().max(64).optional(),
  razorpay_signature: z.string().max(256).optional(),
  'error[code]': z.string().max(64).optional(),
  'error[description]': z.string().max(500).optional(),
  'error[reason]': z.string().max(64).optional(),
  'error[metadata]': z.string().max(1000).optional(),
  /** The web may send the order id it opened when the gateway gives only error fields. */
  orderId: z.string().max(64).optional(),
  /** Where the browser goes afterwards (the hosted sandbox page passes on the order's returnTo). */
  returnTo: paymentReturnToSchema.optional(),
  /**
   * '1': the player closed Razorpay Checkout after this failure, so the attempt is over (the
   * order stays payable in an open Checkout; a closed one ends it, and "Try again" makes a new one).
   */
  checkoutClosed: z.literal('1').optional(),
});
export type PaymentReturnBody = z.infer<typeof paymentReturnBodySchema>;

export const paymentReturnAnswerSchema = z.object({
  verified: z.boolean(),
  paymentId: z.string(),
  status: paymentStatusSchema,
});

export const paymentSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  refNo: z.string(),
  /** The gateway's payment id ('Txn. Id.'), once there is one. */
  txnId: z.string().nullable(),
  amountPaise: z.number().int(),
  createdAt: z.string(),
  phone: z.string(),
  contestId: z.string(),
  orderId: z.string(),
  promoCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Why it failed, in words the web translates; null when the gateway said nothing we know. */
  failureCode: paymentFailureCodeSchema.nullable(),
  /**
   * A failed or cancelled payment whose tickets are still held for the player: a new attempt
   * costs amountPaise (the same bill, the promo still counted while it is usable) and may be made
   * until expiresAt (ISO 8601). Null otherwise, and always null in the list of payments (GET
   * /payments/:id answers it).
   */
  retry: z.object({ amountPaise: z.number().int(), expiresAt: z.string() }).nullable(),
  /** True once the money has gone back (same as refund !== null). */
  refunded: z.boolean(),
  /**
   * The refund, its own record beside the status (a refunded payment keeps the status it had):
   * the amount (the whole payment: refunds are full), when, and why. Null until made.
   */
  refund: z.object({ amountPaise: z.number().int(), refundedAt: z.string(), reason: z.string().nullable() }).nullable(),
  /** Money to go back that the gateway has not refunded yet (the payments job tries again). */
  refundPending: z.boolean(),
  /** Why the money goes back, in words the web translates; null for none, or an operator's own words. */
  refundCode: refundReasonCodeSchema.nullable(),
  /** The tax invoice, numbered when the payment succeeded; null for any other status. */
  invoice: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  /** The GST credit note of the refund of an invoiced payment; null until refunded. */
  creditNote: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  /** The contest paid for: its slot, when it closes and when its live winner show streams (ISO 8601). */
  contest: z.object({ slot: z.enum(['A', 'B']), closesAt: z.string(), showAt: z.string() }),
  /** Tickets in this payment's reservation. */
  ticketCount: z.number().int(),
  tickets: z.array(z.object({ x: z.number().int(), y: z.number().int() })).optional(),
});
export type PaymentAnswer = z.infer<typeof paymentSchema>;

export const paymentListSchema = z.array(paymentSchema);
export const paymentIdParamsSchema = z.object({ id: z.uuid() });
