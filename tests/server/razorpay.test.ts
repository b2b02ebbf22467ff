import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { GatewayError } from '../../server/integrations/payments/gateway.ts';
import { createRazorpayGateway } from '../../server/integrations/payments/razorpay.ts';
import { insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { startServer } from '../support/server-harness.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A local stand-in for api.razorpay.com: records each call and answers what the test set. */
function fakeRazorpay() {
  const seen: Seen[] = [];
  let answer: (req: Seen) => { status: number; body: unknown; delayMs?: number } = () => ({ status: 200, body: {} });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body };
      seen.push(call);
      const a = answer(call);
      setTimeout(() => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
      }, a.delayMs ?? 0);
    });
  });
  return {
    seen,
    server,
    answer: (fn: typeof answer) => {
      answer = fn;
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisasecret';
const WEBHOOK_SECRET = 'webhook-secret-123';

describe('Razorpay adapter against a local fake API', () => {
  const fake = fakeRazorpay();
  const gateway = (timeoutMs = 2000) =>
    createRazorpayGateway({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url(),
      timeoutMs,
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    fake.server.closeAllConnections();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });
  beforeEach(() => {
    fake.seen.length = 0;
  });

  it('creates an order with basic auth, the amount in paise, INR, the receipt and notes', async () => {
    fake.answer(() => ({
      status: 200,
      body: { id: 'order_EKwxwAgItmmXdp', entity: 'order', amount: 10272, currency: 'INR', status: 'created' },
    }));
    const { orderId } = await gateway().createOrder({
      amountPaise: 10272,
      receipt: 'CS20261121ABCDEF12',
      notes: { paymentId: 'p-1' },
    });
    expect(orderId).toBe('order_EKwxwAgItmmXdp');
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    });
    expect(JSON.parse(fake.seen[0]!.body)).toEqual({
      amount: 10272,
      currency: 'INR',
      receipt: 'CS20261121ABCDEF12',
      notes: { paymentId: 'p-1' },
    });
  });

  it("turns Razorpay's errors, bodies without an id and non-JSON into GatewayError", async () => {
    fake.answer(() => ({
      status: 401,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } },
    }));
    await expect(gateway().createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toThrow(
      /401: Authentication failed/,
    );
    fake.answer(() => ({ status: 200, body: {} }));
    await expect(gateway().createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toBeInstanceOf(
      GatewayError,
    );
    fake.answer(() => ({ status: 200, body: '<html>' }));
    await expect(gateway().createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('gives up on a gateway that does not answer in time', async () => {
    fake.answer(() => ({ status: 200, body: { id: 'order_late' }, delayMs: 500 }));
    const started = Date.now();
    await expect(gateway(100).createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toThrow(
      /did not answer \(TimeoutError\)/,
    );
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('gives up on a gateway that is not there', async () => {
    const closed = createRazorpayGateway({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
    });
    await expect(closed.fetchOrderStatus('order_x')).rejects.toBeInstanceOf(GatewayError);
  });

  it("reads an order's status, and the captured payment of a paid one", async () => {
    fake.answer((req) =>
      req.url === '/v1/orders/order_paid'
        ? { status: 200, body: { id: 'order_paid', status: 'paid' } }
        : req.url === '/v1/orders/order_paid/payments'
          ? {
              status: 200,
              body: {
                items: [
                  { id: 'pay_failed1', status: 'failed' },
                  { id: 'pay_good1', status: 'captured' },
                ],
              },
            }
          : { status: 200, body: { id: 'order_open', status: 'attempted' } },
    );
    expect(await gateway().fetchOrderStatus('order_paid')).toEqual({ status: 'paid', paymentId: 'pay_good1' });
    // The capture time comes along when Razorpay gives it (seconds).
    expect(await gateway().fetchOrderStatus('order_open')).toEqual({ status: 'attempted', paymentId: null });
    expect(fake.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /v1/orders/order_paid',
      'GET /v1/orders/order_paid/payments',
      'GET /v1/orders/order_open',
    ]);
    fake.answer(() => ({ status: 200, body: { status: 'weird' } }));
    await expect(gateway().fetchOrderStatus('order_w')).rejects.toBeInstanceOf(GatewayError);
  });

  it('refunds a payment by id with the amount', async () => {
    fake.answer(() => ({ status: 200, body: { id: 'rfnd_FP8QHiV938haTz', entity: 'refund', amount: 500 } }));
    expect(await gateway().refund('pay_29QQoUBi66xm2f', 500)).toEqual({ refundId: 'rfnd_FP8QHiV938haTz' });
    expect(fake.seen[0]).toMatchObject({ method: 'POST', url: '/v1/payments/pay_29QQoUBi66xm2f/refund' });
    expect(JSON.parse(fake.seen[0]!.body)).toEqual({ amount: 500 });
  });

  it("verifies Checkout's signature: HMAC-SHA256 hex of 'order_id|payment_id' with the key secret", () => {
    const orderId = 'order_IEIaMR65cu6nz3';
    const paymentId = 'pay_IH4NVgf4Dreq1l';
    const signature = createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex');
    const g = gateway();
    expect(g.verifyReturn({ orderId, paymentId, signature })).toBe(true);
    expect(g.verifyReturn({ orderId, paymentId, signature: signature.toUpperCase() })).toBe(true);
    expect(g.verifyReturn({ orderId, paymentId: 'pay_other', signature })).toBe(false);
    expect(g.verifyReturn({ orderId, paymentId, signature: signature.slice(0, -1) })).toBe(false);
    expect(g.verifyReturn({ orderId, paymentId, signature: 'zz'.repeat(32) })).toBe(false);
    expect(
      g.verifyReturn({
        orderId,
        paymentId,
        signature: createHmac('sha256', 'wrong').update(`${orderId}|${paymentId}`).digest('hex'),
      }),
    ).toBe(false);
  });

  it('verifies a webhook on the raw body with the webhook secret, byte for byte', () => {
    const raw = Buffer.from(
      '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_1","amount":100}}}}',
    );
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
    const g = gateway();
    expect(g.verifyWebhook(raw, signature)).toBe(true);
    // The same JSON re-serialised with a space is another body: refused.
    expect(g.verifyWebhook(Buffer.from(raw.toString().replace(':', ': ')), signature)).toBe(false);
    expect(g.verifyWebhook(raw, undefined)).toBe(false);
    expect(g.verifyWebhook(raw, createHmac('sha256', KEY_SECRET).update(raw).digest('hex'))).toBe(false);
  });
});

describe('payment gateway configuration', () => {
  it('defaults to the sandbox outside production and to none in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ gateway: 'sandbox', razorpay: null });
    expect(loadConfig({ NODE_ENV: 'production' }).payments.gateway).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', UNSAFE_SANDBOX_IN_PRODUCTION: 'yes' }).payments
        .gateway,
    ).toBe('sandbox');
  });

  it('needs the three Razorpay secrets for razorpay', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: KEY_ID })).toThrow(ConfigError);
    try {
      loadConfig({ PAYMENT_GATEWAY: 'razorpay' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        "RAZORPAY_KEY_ID is required when PAYMENT_GATEWAY is 'razorpay'",
        "RAZORPAY_KEY_SECRET is required when PAYMENT_GATEWAY is 'razorpay'",
        "RAZORPAY_WEBHOOK_SECRET is required when PAYMENT_GATEWAY is 'razorpay'",
      ]);
    }
    expect(
      loadConfig({
        PAYMENT_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }).payments,
    ).toEqual({
      gateway: 'razorpay',
      razorpay: { keyId: KEY_ID, keySecret: 's', webhookSecret: 'w', apiUrl: 'https://api.razorpay.com' },
    });
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(ConfigError);
  });
});

describe('the app with PAYMENT_GATEWAY=razorpay (fake API on 127.0.0.1)', () => {
  const fake = fakeRazorpay();
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    fake.server.closeAllConnections();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });
  const server = startServer('sqlite', {
    env: {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
    },
  });
  const clock = useTestClock(server);

  it('orders through Razorpay, confirms on the signed return, dedupes the webhook, and has no sandbox page', async () => {
    const pictureId = await addContestPicture(server);
    const [u] = await insertActiveUsers(server, 1, clock.now);
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    await post(server, '/api/v1/cart/items', { contestId, tickets: [{ x: 3, y: 4 }] }, { cookie: u!.cookie });
    fake.answer(() => ({ status: 200, body: { id: 'order_RzpFake000001', status: 'created' } }));
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u!.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      orderId: 'order_RzpFake000001',
      gateway: 'razorpay',
      keyId: KEY_ID,
      checkoutUrl: null,
    });
    expect(JSON.parse(fake.seen.at(-1)!.body)).toMatchObject({
      amount: order.amountPaise,
      currency: 'INR',
      receipt: order.refNo,
    });

    const paymentId = 'pay_RzpFake000001';
    const signature = createHmac('sha256', KEY_SECRET).update(`${order.orderId}|${paymentId}`).digest('hex');
    const back = await post(
      server,
      '/api/v1/payments/return',
      { razorpay_order_id: order.orderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
      { cookie: u!.cookie },
    );
    expect(back.json().data).toEqual({ verified: true, paymentId: order.paymentId, status: 'success' });

    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: paymentId, order_id: order.orderId, amount: order.amountPaise, status: 'captured' } },
      },
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
      'x-razorpay-event-id': 'evt_1',
    };
    expect(
      (
        await server.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/razorpay', headers, payload: body })
      ).json(),
    ).toEqual({ data: { received: true, duplicate: false } });
    expect(
      (
        await server.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/razorpay', headers, payload: body })
      ).json(),
    ).toEqual({ data: { received: true, duplicate: true } });
    expect(
      (await server.app.inject({ method: 'GET', url: `/sandbox-gateway/checkout/${order.orderId}` })).statusCode,
    ).toBe(404);
  });

  it('a failed attempt leaves the order payable: the retry that succeeds confirms, nothing refunded (issue 10, finding 5)', async () => {
    const pictureId = await addContestPicture(server);
    const [u] = await insertActiveUsers(server, 1, clock.now);
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    await post(server, '/api/v1/cart/items', { contestId, tickets: [{ x: 8, y: 9 }] }, { cookie: u!.cookie });
    fake.answer(() => ({ status: 200, body: { id: 'order_RzpRetry00001', status: 'created' } }));
    const order = (await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u!.cookie })).json().data;
    const hook = (event: string, id: string, status: string, eventId: string) => {
      const body = JSON.stringify({
        event,
        payload: {
          payment: {
            entity: {
              id,
              order_id: order.orderId,
              amount: order.amountPaise,
              status,
              created_at: Math.floor(clock.now / 1000),
              error_description: 'Card declined',
            },
          },
        },
      });
      return {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
        'x-razorpay-event-id': eventId,
        body,
      };
    };
    const send = ({ body, ...headers }: ReturnType<typeof hook>) =>
      server.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/razorpay', headers, payload: body });
    await send(hook('payment.failed', 'pay_RzpFail000001', 'failed', 'evt_f1'));
    const afterFailure = await server.app.db
      .selectFrom('payments')
      .select(['status', 'failure_reason'])
      .where('id', '=', order.paymentId)
      .executeTakeFirstOrThrow();
    expect(afterFailure).toEqual({ status: 'pending', failure_reason: 'Card declined' });
    clock.advance(60_000);
    await send(hook('payment.captured', 'pay_RzpGood000001', 'captured', 'evt_c1'));
    const paid = await server.app.db
      .selectFrom('payments')
      .select(['status', 'refund_due', 'gateway_payment_id'])
      .where('id', '=', order.paymentId)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'success', refund_due: 0, gateway_payment_id: 'pay_RzpGood000001' });
  });

  it('gives the tickets back when Razorpay does not take the order', async () => {
    const pictureId = await addContestPicture(server);
    const [u] = await insertActiveUsers(server, 1, clock.now);
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    await post(server, '/api/v1/cart/items', { contestId, tickets: [{ x: 5, y: 6 }] }, { cookie: u!.cookie });
    fake.answer(() => ({ status: 500, body: { error: { description: 'down' } } }));
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u!.cookie });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'GATEWAY_UNAVAILABLE',
      message: 'The payment gateway is not answering. Please try again.',
    });
    const tickets = await server.app.db
      .selectFrom('tickets')
      .select('status')
      .where('contest_id', '=', contestId)
      .execute();
    expect(tickets).toEqual([{ status: 'released' }]);
    const cart = await server.app.db
      .selectFrom('cart_items')
      .select(['x', 'y'])
      .where('contest_id', '=', contestId)
      .execute();
    expect(cart).toEqual([{ x: 5, y: 6 }]);
  });
});
