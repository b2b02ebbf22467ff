import { mayPlay } from '../plugins/location-gate.ts';
import { PAYMENT_ORDER_LIMIT, perUserLimit } from '../plugins/rate-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentOrderBodySchema,
  paymentIdParamsSchema,
  paymentListSchema,
  paymentOrderAnswerSchema,
  paymentReturnAnswerSchema,
  paymentReturnBodySchema,
  type PaymentReturnTo,
  paymentSchema,
  retryPaymentBodySchema,
} from '../../domain/payments.ts';
import { AppError } from '../errors.ts';
import type { PaymentGateway } from '../integrations/payments/gateway.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { emptyAnswer, envelope } from '../plugins/zod-schemas.ts';
import { createPaymentOrder, paymentOrderAnswer } from '../services/payments/payment.service.ts';
import { type PaymentDeps } from '../services/payments/deps.ts';
import { paymentForOwner, paymentsOfUser } from '../services/payments/answers.ts';
import { applyPaymentReturn, applyPaymentWebhook, returnLanding } from '../services/payments/callbacks.ts';
import { retryPaymentOrder } from '../services/payments/retry.ts';
import { isPaidPlayEnabled } from '../services/contests/settings.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';
import { pageLanguage } from '../plugins/static-site.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment gateway; null when payments are off. */
    payments: PaymentGateway | null;
  }
}

const paymentsOff = () => new AppError(503, 'PAYMENTS_UNAVAILABLE', SERVER_ERROR_MESSAGES.paymentsUnavailable);

/**
 * Where the browser lands after the gateway: the payments page on this payment, or the screen the
 * order was made on (the play screen's entry sheet, the checkout page), which shows the outcome
 * there, with "Try again" after a failure.
 */
export const paymentPagePath = (
  payment: { id: string; contestId: string } | null,
  returnTo: PaymentReturnTo = 'payments',
) => {
  if (!payment) return '/payments';
  const at = encodeURIComponent(payment.id);
  if (returnTo === 'play') return `/play_screen?payment=${at}`;
  if (returnTo === 'checkout') return `/popupCheckout?contest=${encodeURIComponent(payment.contestId)}&payment=${at}`;
  return `/payments?payment=${at}`;
};

const webhookParamsSchema = z.object({ gateway: z.string().max(16) });

export async function paymentsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const deps = (): PaymentDeps => {
    if (!app.payments) throw paymentsOff();
    return {
      db: app.db,
      gateway: app.payments,
      invoices: app.config.invoices,
      receipts: {
        messages: app.messages,
        siteUrl: app.config.publicUrl,
        later: (work) => app.afterAnswer(work, 'payments: the receipt waits for the next run'),
      },
      log: app.log,
      paidPlayDefault: app.config.paidPlayDefault,
    };
  };

  app.post(
    '/payments/orders',
    {
      preHandler: [requireUser, mayPlay(app)],
      config: { rateLimit: perUserLimit('orders', PAYMENT_ORDER_LIMIT) },
      schema: { body: createPaymentOrderBodySchema, response: { 200: envelope(paymentOrderAnswerSchema) } },
    },
    async (request) => {
      const { contestId, returnTo } = request.body;
      const d = deps();
      const order = await createPaymentOrder(d, currentUser(request).id, contestId, app.clock.now(), {
        billing: app.config.billing,
        reservationMinutes: app.config.reservationMinutes,
        paidPlayDefault: app.config.paidPlayDefault,
        // The site's language as the browser keeps it (?lng=, the i18next cookie, Accept-Language): the receipt's.
        language: pageLanguage(request),
        ...(returnTo ? { returnTo } : {}),
      });
      return { data: paymentOrderAnswer(d.gateway, order) };
    },
  );

  // "Try again": a new attempt for the tickets a failed or cancelled payment still holds.
  app.post(
    '/payments/:id/retry',
    {
      preHandler: [requireUser, mayPlay(app)],
      config: { rateLimit: perUserLimit('orders', PAYMENT_ORDER_LIMIT) },
      schema: {
        params: paymentIdParamsSchema,
        body: retryPaymentBodySchema,
        response: { 200: envelope(paymentOrderAnswerSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { returnTo } = request.body;
      const d = deps();
      const order = await retryPaymentOrder(d, currentUser(request).id, id, app.clock.now(), {
        billing: app.config.billing,
        reservationMinutes: app.config.reservationMinutes,
        paidPlayDefault: app.config.paidPlayDefault,
        language: pageLanguage(request),
        ...(returnTo ? { returnTo } : {}),
      });
      return { data: paymentOrderAnswer(d.gateway, order) };
    },
  );

  app.post(
    '/payments/return',
    { schema: { body: paymentReturnBodySchema, response: { 200: envelope(paymentReturnAnswerSchema) } } },
    async (request) => {
      const fields = request.body;
      return { data: await applyPaymentReturn(deps(), fields, request.user?.id, app.clock.now()) };
    },
  );

  // The redirect form (the sandbox's hosted page, Razorpay's callback_url with redirect: true).
  // A GET changes nothing (a link or an <img> on another site must not be able to cancel a
  // player's payment): it only finds the payment to show. What happened reaches us through the
  // signed webhook (the sandbox sends it before redirecting; Razorpay sends its own), the POST
  // form of this route, or reconciliation with the gateway.
  app.get(
    '/payments/return',
    {
      schema: {
        querystring: paymentReturnBodySchema,
        response: { 303: emptyAnswer("See Other: to the payment's status page") },
      },
    },
    async (request, reply) => {
      const payment = await returnLanding(app, request.query, request.user?.id);
      return reply.redirect(paymentPagePath(payment, request.query.returnTo), 303);
    },
  );

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
      const { id } = request.params;
      const paidPlayOn = await isPaidPlayEnabled(app.db, app.config.paidPlayDefault);
      return {
        data: await paymentForOwner(app.db, currentUser(request).id, id, app.clock.now(), {
          billing: app.config.billing,
          paidPlayOn,
        }),
      };
    },
  );

  // Webhooks: no session, no CSRF token (the signature proves them), and the raw body kept,
  // since the signature is over the exact bytes the gateway sent.
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );

    hooks.post(
      '/payments/webhook/:gateway',
      {
        config: { csrf: false },
        schema: {
          params: webhookParamsSchema,
          response: { 200: envelope(z.object({ received: z.boolean(), duplicate: z.boolean() })) },
        },
      },
      async (request, reply) => {
        const { gateway } = request.params;
        const { duplicate } = await applyPaymentWebhook(
          deps(),
          gateway,
          request.body,
          request.headers,
          app.clock.now(),
        );
        return reply.send({ data: { received: true, duplicate } });
      },
    );
  });
}
