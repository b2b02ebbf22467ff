import type { IncomingHttpHeaders } from 'node:http';
import {
  PAYMENT_ERROR_CODES,
  PAYMENT_ERROR_MESSAGES,
  type PaymentReturnBody,
  type PaymentStatusName,
} from '../../../domain/payments.ts';
import { AppError, notFound } from '../../errors.ts';
import { readReturn, returnOrderId } from '../../integrations/payments/razorpay-shape.ts';
import type { PaymentDeps } from './deps.ts';
import { paymentByOrderId, paymentNotFound } from './answers.ts';
import { finalizePayment, type FinalizeResult, recordWebhookEvent } from './finalize.ts';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import { metrics } from '../../metrics/scope.ts';

const orderIdMissing = () =>
  new AppError(400, PAYMENT_ERROR_CODES.orderIdMissing, PAYMENT_ERROR_MESSAGES.orderIdMissing);
const invalidSignature = () =>
  new AppError(400, PAYMENT_ERROR_CODES.invalidSignature, PAYMENT_ERROR_MESSAGES.invalidSignature);

/**
 * The browser back from the gateway. A success carries Razorpay's signature and is trusted
 * only if it verifies; a failure or cancel is not signed by Razorpay, so it may end only
 * the caller's own payment (a forged one could at worst fail a payment, and money that
 * still arrives for it is refunded).
 */
export async function applyPaymentReturn(
  deps: PaymentDeps,
  fields: PaymentReturnBody,
  callerId: string | undefined,
  now: number,
): Promise<{ verified: boolean; paymentId: string; status: PaymentStatusName }> {
  const orderId = returnOrderId(fields);
  if (!orderId) throw orderIdMissing();
  const payment = await paymentByOrderId(deps.db, orderId);
  if (!payment) throw paymentNotFound();
  const said = readReturn(fields);
  if (said.kind === 'signed') {
    const signature = { orderId, paymentId: said.paymentId, signature: said.signature };
    if (!signature.paymentId || !deps.gateway.verifyReturn(signature)) {
      metrics().signatureFailures.inc({ gateway: deps.gateway.name, source: 'return' });
      throw invalidSignature();
    }
    const result = await finalizePayment(deps, orderId, { kind: 'paid', gatewayPaymentId: signature.paymentId }, now);
    // Settled whoever posts it (the signature proves the money); its id and status only to its owner.
    if (callerId !== undefined && callerId !== payment.user_id) throw paymentNotFound();
    return { verified: true, paymentId: payment.id, status: result?.status ?? payment.status };
  }
  if (callerId !== payment.user_id) throw paymentNotFound();
  if (said.kind === 'none') return { verified: false, paymentId: payment.id, status: payment.status };
  // A failed attempt ends the order only where the gateway says so (the sandbox) or where the
  // player closed Checkout after it; with Razorpay the customer may retry in an open Checkout, so
  // the payment then stays pending, reason noted.
  const result = await finalizePayment(
    deps,
    orderId,
    said.kind === 'cancelled'
      ? { kind: 'cancelled', reason: said.reason, code: said.code }
      : {
          kind: 'failed',
          reason: said.reason,
          code: said.code,
          final: deps.gateway.failuresEndOrders || fields.checkoutClosed === '1',
        },
    now,
  );
  return { verified: false, paymentId: payment.id, status: result?.status ?? payment.status };
}

/** Where the browser lands after the gateway's redirect (a GET changes nothing): its own payment, if it is the caller's. */
export async function returnLanding(
  deps: Pick<PaymentDeps, 'db'>,
  fields: PaymentReturnBody,
  callerId: string | undefined,
): Promise<{ id: string; contestId: string } | null> {
  const orderId = returnOrderId(fields);
  const payment = orderId ? await paymentByOrderId(deps.db, orderId) : undefined;
  return payment && callerId === payment.user_id ? { id: payment.id, contestId: payment.contest_id } : null;
}

/**
 * A signed webhook: applied once per event id (recorded in the transaction that applies it),
 * an event about no payment of ours (or of no interest) still remembered once.
 */
export async function applyPaymentWebhook(
  deps: PaymentDeps,
  gatewayName: string,
  rawBody: unknown,
  headers: IncomingHttpHeaders,
  now: number,
): Promise<{ duplicate: boolean }> {
  const { gateway } = deps;
  if (gatewayName !== gateway.name) throw notFound();
  const webhook = Buffer.isBuffer(rawBody) ? gateway.readWebhook(rawBody, headers) : 'bad-signature';
  if (webhook === 'bad-signature') {
    metrics().signatureFailures.inc({ gateway: gatewayName, source: 'webhook' });
    throw invalidSignature();
  }
  if (webhook === 'not-json') throw new AppError(400, 'BAD_WEBHOOK', SERVER_ERROR_MESSAGES.badWebhook);
  const record = {
    eventId: `${gatewayName}:${webhook.eventId}`,
    gateway: gatewayName,
    payloadHash: webhook.payloadHash,
  };
  const said = webhook.payment;
  let result: FinalizeResult | null = null;
  if (said?.kind === 'paid') {
    const { amountPaise, paidAt } = said;
    result = await finalizePayment(
      deps,
      said.orderId,
      {
        kind: 'paid',
        gatewayPaymentId: said.gatewayPaymentId,
        ...(amountPaise === undefined ? {} : { amountPaise }),
        ...(paidAt === undefined ? {} : { paidAt: Math.min(paidAt, now) }),
      },
      now,
      record,
    );
  } else if (said?.kind === 'failed') {
    result = await finalizePayment(
      deps,
      said.orderId,
      {
        kind: 'failed',
        reason: said.reason,
        code: said.code,
        gatewayPaymentId: said.gatewayPaymentId,
        final: gateway.failuresEndOrders,
      },
      now,
      record,
    );
  }
  return { duplicate: result ? result.duplicate === true : !(await recordWebhookEvent(deps.db, record, now)) };
}
