import { mayPlay } from '../plugins/location-gate.ts';
import { PAYMENT_ORDER_LIMIT, perUserLimit } from '../plugins/rate-limits.ts';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createPaymentOrderBodySchema,
  PAYMENT_ERROR_CODES,
  PAYMENT_ERROR_MESSAGES,
  paymentIdParamsSchema,
  paymentListSchema,
  paymentOrderAnswerSchema,
  type PaymentReturnBody,
  paymentReturnAnswerSchema,
  paymentReturnBodySchema,
  paymentSchema,
  type PaymentStatusName,
} from '../../domain/payments.ts';
import { AppError } from '../errors.ts';
import type { PaymentGateway } from '../integrations/payments/gateway.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import {
  createPaymentOrder,
  finalizePayment,
  type PaymentDeps,
  paymentByOrderId,
  paymentForOwner,
  paymentNotFound,
  paymentsOfUser,
  recordWebhookEvent,
} from '../services/payment.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment gateway; null when payments are off. */
    payments: PaymentGateway | null;
  }
}

const paymentsOff = () =>
  new AppError(503, 'PAYMENTS_UNAVAILABLE', 'Payments are not available right now. Please try again later.');
const orderIdMissing = () =>
  new AppError(400, PAYMENT_ERROR_CODES.orderIdMissing, PAYMENT_ERROR_MESSAGES.orderIdMissing);
const invalidSignature = () =>
  new AppError(400, PAYMENT_ERROR_CODES.invalidSignature, PAYMENT_ERROR_MESSAGES.invalidSignature);

/** Where the browser lands after the gateway: the payments page, on this payment. */
export const paymentPagePath = (paymentId: string | null) =>
  paymentId ? `/payments?payment=${encodeURIComponent(paymentId)}` : '/payments';

function orderIdOf(fields: PaymentReturnBody): string | undefined {
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

const webhookParamsSchema = z.object({ gateway: z.string().max(16) });

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
        created_at?: unknown;
      };
    };
  };
}

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const deps = (): PaymentDeps => {
    if (!app.payments) throw paymentsOff();
    return { db: app.db, gateway: app.payments, log: app.log };
  };

  app.post(
    '/payments/orders',
    {
      preHandler: [requireUser, mayPlay(app)],
      config: { rateLimit: perUserLimit('orders', PAYMENT_ORDER_LIMIT) },
      schema: { body: createPaymentOrderBodySchema, response: { 200: envelope(paymentOrderAnswerSchema) } },
    },
    async (request) => {
      const { contestId } = request.body as z.output<typeof createPaymentOrderBodySchema>;
      const d = deps();
      const order = await createPaymentOrder(d, currentUser(request).id, contestId, app.clock.now(), {
        billing: app.config.billing,
        reservationMinutes: app.config.reservationMinutes,
        paidPlayDefault: app.config.paidPlayDefault,
      });
      return {
        data: {
          paymentId: order.paymentId,
          orderId: order.orderId,
          amountPaise: order.amountPaise,
          currency: 'INR' as const,
          gateway: d.gateway.name,
          checkoutUrl:
            d.gateway.name === 'sandbox' ? `/sandbox-gateway/checkout/${encodeURIComponent(order.orderId)}` : null,
          keyId: d.gateway.keyId,
          refNo: order.refNo,
          expiresAt: new Date(order.expiresAt).toISOString(),
          bill: order.bill,
        },
      };
    },
  );

  /**
   * The browser back from the gateway. A success carries Razorpay's signature and is trusted
   * only if it verifies; a failure or cancel is not signed by Razorpay, so it may end only
   * the caller's own payment (a forged one could at worst fail a payment, and money that
   * still arrives for it is refunded).
   */
  async function handleReturn(
    request: FastifyRequest,
    fields: PaymentReturnBody,
  ): Promise<{ verified: boolean; paymentId: string; status: PaymentStatusName }> {
    const d = deps();
    const orderId = orderIdOf(fields);
    if (!orderId) throw orderIdMissing();
    const payment = await paymentByOrderId(app.db, orderId);
    if (!payment) throw paymentNotFound();
    const now = app.clock.now();
    if (fields.razorpay_payment_id || fields.razorpay_signature) {
      const signature = {
        orderId,
        paymentId: fields.razorpay_payment_id ?? '',
        signature: fields.razorpay_signature ?? '',
      };
      if (!signature.paymentId || !d.gateway.verifyReturn(signature)) throw invalidSignature();
      const result = await finalizePayment(d, orderId, { kind: 'paid', gatewayPaymentId: signature.paymentId }, now);
      return { verified: true, paymentId: payment.id, status: result?.status ?? payment.status };
    }
    if (request.user?.id !== payment.user_id) throw paymentNotFound();
    if (fields['error[code]'] || fields['error[reason]']) {
      const cancelled = fields['error[reason]'] === 'payment_cancelled';
      const reason =
        (fields['error[description]'] ?? '').slice(0, 300) || (cancelled ? 'Payment cancelled' : 'Payment failed');
      // A failed attempt ends the order only where the gateway says so (the sandbox); with
      // Razorpay the customer may retry in Checkout, so the payment stays pending, reason noted.
      const result = await finalizePayment(
        d,
        orderId,
        cancelled ? { kind: 'cancelled', reason } : { kind: 'failed', reason, final: d.gateway.failuresEndOrders },
        now,
      );
      return { verified: false, paymentId: payment.id, status: result?.status ?? payment.status };
    }
    return { verified: false, paymentId: payment.id, status: payment.status };
  }

  app.post(
    '/payments/return',
    { schema: { body: paymentReturnBodySchema, response: { 200: envelope(paymentReturnAnswerSchema) } } },
    async (request) => {
      return { data: await handleReturn(request, request.body as PaymentReturnBody) };
    },
  );

  // The redirect form (the sandbox's hosted page, Razorpay's callback_url with redirect: true).
  // A GET changes nothing (a link or an <img> on another site must not be able to cancel a
  // player's payment): it only finds the payment to show. What happened reaches us through the
  // signed webhook (the sandbox sends it before redirecting; Razorpay sends its own), the POST
  // form of this route, or reconciliation with the gateway.
  app.get('/payments/return', { schema: { querystring: paymentReturnBodySchema } }, async (request, reply) => {
    const orderId = orderIdOf(request.query as PaymentReturnBody);
    const payment = orderId ? await paymentByOrderId(app.db, orderId) : undefined;
    return reply.redirect(paymentPagePath(payment && request.user?.id === payment.user_id ? payment.id : null), 303);
  });

  app.get(
    '/payments',
    { preHandler: requireUser, schema: { response: { 200: envelope(paymentListSchema) } } },
    async (request) => {
      return { data: await paymentsOfUser(app.db, currentUser(request).id) };
    },
  );

  app.get(
    '/payments/:id',
    { preHandler: requireUser, schema: { params: paymentIdParamsSchema, response: { 200: envelope(paymentSchema) } } },
    async (request) => {
      const { id } = request.params as z.output<typeof paymentIdParamsSchema>;
      return { data: await paymentForOwner(app.db, currentUser(request).id, id) };
    },
  );

  // Webhooks: no session, no CSRF token (the signature proves them), and the raw body kept,
  // since the signature is over the exact bytes the gateway sent.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );

    hooks.post(
      '/payments/webhook/:gateway',
      { config: { csrf: false }, schema: { params: webhookParamsSchema } },
      async (request, reply) => {
        const { gateway } = request.params as z.output<typeof webhookParamsSchema>;
        const d = deps();
        if (gateway !== d.gateway.name) throw new AppError(404, 'NOT_FOUND', 'Not found');
        const raw = request.body;
        const signature = request.headers['x-razorpay-signature'];
        if (
          !Buffer.isBuffer(raw) ||
          !d.gateway.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)
        )
          throw invalidSignature();

        let event: RazorpayWebhook;
        try {
          event = JSON.parse(raw.toString('utf8')) as RazorpayWebhook;
        } catch {
          throw new AppError(400, 'BAD_WEBHOOK', 'The webhook body is not JSON.');
        }
        const payloadHash = createHash('sha256').update(raw).digest('hex');
        const header = request.headers['x-razorpay-event-id'];
        const eventId = `${gateway}:${typeof header === 'string' && header !== '' ? header.slice(0, 100) : payloadHash}`;
        const now = app.clock.now();
        const record = { eventId, gateway, payloadHash };
        const entity = event.payload?.payment?.entity;
        const orderId = typeof entity?.order_id === 'string' ? entity.order_id : null;
        const paymentId = typeof entity?.id === 'string' ? entity.id : null;
        let result: { duplicate?: boolean } | null = null;
        if (orderId && paymentId && (event.event === 'payment.captured' || event.event === 'order.paid')) {
          const amountPaise = typeof entity?.amount === 'number' ? entity.amount : undefined;
          // Razorpay's payment created_at (seconds): when the customer paid, whenever we hear of it.
          const paidAt =
            typeof entity?.created_at === 'number' && Number.isFinite(entity.created_at)
              ? entity.created_at * 1000
              : undefined;
          result = await finalizePayment(
            d,
            orderId,
            {
              kind: 'paid',
              gatewayPaymentId: paymentId,
              ...(amountPaise === undefined ? {} : { amountPaise }),
              ...(paidAt === undefined ? {} : { paidAt: Math.min(paidAt, now) }),
            },
            now,
            record,
          );
        } else if (orderId && event.event === 'payment.failed') {
          const reason =
            typeof entity?.error_description === 'string' && entity.error_description
              ? entity.error_description.slice(0, 300)
              : 'Payment failed';
          result = await finalizePayment(
            d,
            orderId,
            { kind: 'failed', reason, gatewayPaymentId: paymentId, final: d.gateway.failuresEndOrders },
            now,
            record,
          );
        }
        // An event about no payment of ours (or of no interest) is still remembered once.
        const duplicate = result ? result.duplicate === true : !(await recordWebhookEvent(app.db, record, now));
        if (duplicate) return reply.send({ data: { received: true, duplicate: true } });
        return reply.send({ data: { received: true, duplicate: false } });
      },
    );
  });
}
