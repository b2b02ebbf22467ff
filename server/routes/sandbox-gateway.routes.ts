import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatInr } from '../../domain/money.ts';
import { type PaymentReturnTo, paymentReturnToSchema } from '../../domain/payments.ts';
import { pageLanguage } from '../plugins/static-site.ts';
import { AppError } from '../errors.ts';
import { loopbackOnly } from '../plugins/loopback.ts';
import { finalizePayment } from '../services/payments/finalize.ts';
import {
  decideSandboxOrder,
  SANDBOX_FAILURE_REASON_KEYS,
  type SandboxFailureReason,
  sandboxReturnFields,
  sandboxSecrets,
  sandboxWebhook,
} from '../integrations/payments/sandbox.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';
import { escapeHtml } from '../../domain/html.ts';

const orderParamsSchema = z.object({ orderId: z.string().regex(/^order_[A-Za-z0-9]{14}$/) });
const pageQuerySchema = z.object({ returnTo: paymentReturnToSchema.optional(), lng: z.string().max(8).optional() });
const choiceBodySchema = z.object({
  choice: z.enum(['success', 'failure', 'cancel']),
  reason: z.enum(SANDBOX_FAILURE_REASON_KEYS).optional(),
  returnTo: paymentReturnToSchema.optional(),
});

const notFound = () => new AppError(404, 'NOT_FOUND', SERVER_ERROR_MESSAGES.sandboxOrderNotFound);

/** The page's words, from public/locales/{lng}/payments.json `sandbox` (read once per language). */
interface SandboxTexts {
  banner: string;
  title: string;
  order: string;
  choose: string;
  success: string;
  failure: string;
  cancel: string;
  reasonLabel: string;
  reasons: Record<SandboxFailureReason, string>;
  decided: string;
  statuses: Record<'paid' | 'failed' | 'cancelled' | 'created', string>;
}

const textsCache = new Map<string, SandboxTexts>();
function textsFor(localesDir: string, lng: 'en' | 'hi'): SandboxTexts {
  const key = `${localesDir}|${lng}`;
  let texts = textsCache.get(key);
  if (!texts) {
    const file = JSON.parse(readFileSync(path.join(localesDir, lng, 'payments.json'), 'utf8')) as {
      sandbox: SandboxTexts;
    };
    texts = file.sandbox;
    textsCache.set(key, texts);
  }
  return texts;
}

function page(
  texts: SandboxTexts,
  lng: 'en' | 'hi',
  order: { orderId: string; amountPaise: number; status: keyof SandboxTexts['statuses'] },
  returnTo: PaymentReturnTo | undefined,
): string {
  const t = (text: string) => escapeHtml(text);
  const amount = formatInr(order.amountPaise, lng === 'hi' ? 'hi-IN' : 'en-IN');
  const reasons = SANDBOX_FAILURE_REASON_KEYS.map(
    (key) => `<option value="${key}">${t(texts.reasons[key])}</option>`,
  ).join('');
  const buttons =
    order.status === 'created'
      ? `<form method="post" action="/sandbox-gateway/checkout/${order.orderId}">
      ${returnTo ? `<input type="hidden" name="returnTo" value="${returnTo}">` : ''}
      <p><button name="choice" value="success" class="ok">${t(texts.success)}</button></p>
      <fieldset>
        <label for="reason">${t(texts.reasonLabel)}</label>
        <select id="reason" name="reason">${reasons}</select>
        <button name="choice" value="failure" class="ko">${t(texts.failure)}</button>
      </fieldset>
      <p><button name="choice" value="cancel">${t(texts.cancel)}</button></p>
    </form>`
      : `<p>${t(texts.decided.replace('{{status}}', texts.statuses[order.status]))}</p>`;
  return `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t(texts.banner)}</title>
<style>
body{font-family:system-ui,"Noto Sans Devanagari",sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.5}
.banner{background:#ffeb3b;border:2px dashed #b58900;padding:.75rem;font-weight:700;text-align:center}
.amount{font-size:2rem;margin:1rem 0}
button{font-size:1rem;min-height:44px;padding:.6rem 1.2rem;margin:.25rem 0;border-radius:.4rem;border:1px solid #888;cursor:pointer}
fieldset{border:1px solid #ccc;border-radius:.4rem;padding:.75rem;margin:1rem 0;display:grid;gap:.5rem}
select{font-size:1rem;min-height:44px;padding:.4rem;border-radius:.4rem}
.ok{background:#2e7d32;color:#fff;width:100%}.ko{background:#c62828;color:#fff}
</style></head>
<body>
<p class="banner">${t(texts.banner)}</p>
<h1>${t(texts.title)}</h1>
<p>${t(texts.order)} <code>${order.orderId}</code></p>
<p class="amount">${amount}</p>
<p>${t(texts.choose)}</p>
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

  // In the player's language (?lng=, the site's i18next cookie, then Accept-Language), as Razorpay's
  // own page would be; the choices are in the shape Razorpay answers with.
  app.get(
    '/sandbox-gateway/checkout/:orderId',
    { schema: { params: orderParamsSchema, querystring: pageQuerySchema } },
    async (request, reply) => {
      const { orderId } = request.params;
      const order = await app.db
        .selectFrom('sandbox_orders')
        .select(['amount_paise', 'status'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!order) throw notFound();
      const lng = pageLanguage(request);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            textsFor(app.config.localesDir, lng),
            lng,
            { orderId, amountPaise: Number(order.amount_paise), status: order.status },
            request.query.returnTo,
          ),
        );
    },
  );

  app.post(
    '/sandbox-gateway/checkout/:orderId',
    { schema: { params: orderParamsSchema, body: choiceBodySchema } },
    async (request, reply) => {
      const { orderId } = request.params;
      const { choice, returnTo } = request.body;
      const reason: SandboxFailureReason = request.body.reason ?? 'payment_failed';
      const order = await decideSandboxOrder(app.db, orderId, choice, app.clock.now());
      if (!order) throw notFound();
      const webhook = sandboxWebhook(secrets, order, app.clock.now(), reason);
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
          {
            db: app.db,
            gateway: app.payments,
            invoices: app.config.invoices,
            log: request.log,
            paidPlayDefault: app.config.paidPlayDefault,
          },
          orderId,
          { kind: 'cancelled', reason: 'Payment cancelled', code: 'cancelled' },
          app.clock.now(),
        );
      }
      const fields = { ...sandboxReturnFields(secrets, order, reason), ...(returnTo ? { returnTo } : {}) };
      return reply.redirect(`/api/v1/payments/return?${new URLSearchParams(fields).toString()}`, 303);
    },
  );
}
