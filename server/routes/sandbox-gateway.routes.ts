import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatInr } from '../../domain/money.ts';
import { AppError } from '../errors.ts';
import { loopbackOnly } from '../plugins/loopback.ts';
import { finalizePayment } from '../services/payments/finalize.ts';
import {
  decideSandboxOrder,
  sandboxReturnFields,
  sandboxSecrets,
  sandboxWebhook,
} from '../integrations/payments/sandbox.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

const orderParamsSchema = z.object({ orderId: z.string().regex(/^order_[A-Za-z0-9]{14}$/) });
const choiceBodySchema = z.object({ choice: z.enum(['success', 'failure', 'cancel']) });

const notFound = () => new AppError(404, 'NOT_FOUND', SERVER_ERROR_MESSAGES.sandboxOrderNotFound);

function page(orderId: string, amountPaise: number, decided: string): string {
  const amount = formatInr(amountPaise);
  const buttons =
    decided === 'created'
      ? `<form method="post" action="/sandbox-gateway/checkout/${orderId}">
      <button name="choice" value="success" class="ok">Success</button>
      <button name="choice" value="failure" class="ko">Failure</button>
      <button name="choice" value="cancel">Cancel</button>
    </form>`
      : `<p>This order is already ${decided}.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>SANDBOX payment</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
.banner{background:#ffeb3b;border:2px dashed #b58900;padding:.75rem;font-weight:700;text-align:center}
.amount{font-size:2rem;margin:1.5rem 0}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.25rem;border-radius:.4rem;border:1px solid #888;cursor:pointer}
.ok{background:#2e7d32;color:#fff}.ko{background:#c62828;color:#fff}
</style></head>
<body>
<p class="banner">SANDBOX: no real money moves</p>
<h1>Pay CricSpot</h1>
<p>Order <code>${orderId}</code></p>
<p class="amount">${amount}</p>
<p>Choose what the payment should do:</p>
${buttons}
</body></html>`;
}

/**
 * The embedded gateway's hosted checkout page (no script: the site's CSP forbids inline JS).
 * A choice is sent to our webhook route in-process (app.inject, no network) in Razorpay's
 * shape and signed, then the browser is redirected to our return URL with Razorpay's fields.
 */
export async function sandboxGatewayRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const secrets = sandboxSecrets(app.secret);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // Its Success button confirms tickets without money: only a browser on this machine may press it.
  app.addHook('onRequest', loopbackOnly);
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    void reply.header('x-robots-tag', 'noindex');
  });

  app.get('/sandbox-gateway/checkout/:orderId', { schema: { params: orderParamsSchema } }, async (request, reply) => {
    const { orderId } = request.params;
    const order = await app.db
      .selectFrom('sandbox_orders')
      .select(['amount_paise', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound();
    return reply.type('text/html; charset=utf-8').send(page(orderId, Number(order.amount_paise), order.status));
  });

  app.post(
    '/sandbox-gateway/checkout/:orderId',
    { schema: { params: orderParamsSchema, body: choiceBodySchema } },
    async (request, reply) => {
      const { orderId } = request.params;
      const { choice } = request.body;
      const order = await decideSandboxOrder(app.db, orderId, choice, app.clock.now());
      if (!order) throw notFound();
      const webhook = sandboxWebhook(secrets, order, app.clock.now());
      if (webhook) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook/sandbox',
          headers: webhook.headers,
          payload: webhook.body,
        });
        if (res.statusCode !== 200)
          request.log.warn({ statusCode: res.statusCode }, 'sandbox gateway: our webhook route refused the webhook');
      } else if (choice === 'cancel' && app.payments) {
        // A cancel has no webhook (as with Razorpay); the hosted page itself, a POST that only a
        // browser on this machine can make, ends the payment, so the return GET need not.
        await finalizePayment(
          { db: app.db, gateway: app.payments, invoices: app.config.invoices, log: request.log },
          orderId,
          { kind: 'cancelled', reason: 'Payment cancelled' },
          app.clock.now(),
        );
      }
      return reply.redirect(
        `/api/v1/payments/return?${new URLSearchParams(sandboxReturnFields(secrets, order)).toString()}`,
        303,
      );
    },
  );
}
