import { beforeAll, expect, it } from 'vitest';
import { computeBill } from '../../domain/money.ts';
import {
  decideSandboxOrder,
  type SandboxChoice,
  sandboxReturnFields,
  sandboxSecrets,
  sandboxWebhook,
} from '../../server/integrations/payments/sandbox.ts';
import { expireReservations } from '../../server/services/cart.service.ts';
import { startPaymentJobs } from '../../server/plugins/payment-jobs.ts';
import { reconcilePayments } from '../../server/services/payment.service.ts';
import { createPromoCode } from '../../server/services/promo.service.ts';
import { clearPaidPlay, setPaidPlay } from '../../server/services/settings.service.ts';
import { get, insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest, checkAllCounters } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

type User = { id: string; cookie: string };
type Point = { x: number; y: number };

function expectRefusal(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  message: string,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message, code });
}

describeOnEachDatabase('payments with the sandbox gateway', (server) => {
  const clock = useTestClock(server);
  let pictureId: string;
  let users: User[];
  const user = (i: number) => users[i]!;
  let nextX = 0;
  const secrets = () => sandboxSecrets(server.app.secret);
  const db = () => server.app.db;
  const deps = () => ({ db: server.app.db, gateway: server.app.payments! });

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    users = await insertActiveUsers(server, 8, clock.now);
  });

  const contest = (defaults: Record<string, number> = {}) =>
    addTestContest(server, { pictureId, now: clock.now, defaults });

  async function order(u: User, contestId: string, count = 2) {
    const tickets = Array.from({ length: count }, () => ({ x: ++nextX, y: 7 }));
    const added = await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: u.cookie });
    expect(added.statusCode, added.body).toBe(200);
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      paymentId: string;
      orderId: string;
      amountPaise: number;
      checkoutUrl: string;
      refNo: string;
    };
  }

  const status = async (u: User, paymentId: string) =>
    (await get(server, `/api/v1/payments/${paymentId}`, { cookie: u.cookie })).json().data;
  const sendReturn = (u: User | null, fields: Record<string, string>) =>
    get(server, `/api/v1/payments/return?${new URLSearchParams(fields).toString()}`, { cookie: u?.cookie });
  const postReturn = (u: User, fields: Record<string, string>) =>
    post(server, '/api/v1/payments/return', fields, { cookie: u.cookie });
  const sendWebhook = (hook: { body: string; headers: Record<string, string> }) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/sandbox',
      headers: hook.headers,
      payload: hook.body,
    });
  async function decide(orderId: string, choice: SandboxChoice) {
    const decided = await decideSandboxOrder(db(), orderId, choice);
    return {
      fields: sandboxReturnFields(secrets(), decided!),
      hook: () => sandboxWebhook(secrets(), decided!, clock.now)!,
    };
  }
  const ticketRows = (reservationOf: string) =>
    db()
      .selectFrom('tickets')
      .innerJoin('payments', 'payments.reservation_id', 'tickets.reservation_id')
      .select(['tickets.status', 'tickets.confirmed_at'])
      .where('payments.id', '=', reservationOf)
      .execute();

  it('creates an order with the bill, reserves the tickets and shows the labelled sandbox page', async () => {
    const id = await contest();
    const o = await order(user(0), id, 3);
    const bill = computeBill({
      ticketPricePaise: 4900,
      ticketCount: 3,
      entryGstBasisPoints: 4000,
      platformFee: { kind: 'perTicket', paise: 200 },
      feeGstBasisPoints: 1800,
    });
    expect(o).toMatchObject({
      amountPaise: bill.grandTotal,
      gateway: 'sandbox',
      keyId: null,
      checkoutUrl: `/sandbox-gateway/checkout/${o.orderId}`,
      bill,
    });
    expect(o.refNo).toMatch(/^CS\d{8}[0-9A-F]{8}$/);
    expect(await status(user(0), o.paymentId)).toMatchObject({
      status: 'pending',
      txnId: null,
      amountPaise: bill.grandTotal,
      contestId: id,
      refNo: o.refNo,
    });
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['reserved', 'reserved', 'reserved']);
    const page = await get(server, o.checkoutUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX: no real money moves');
    expect(page.body).toContain('₹');
    for (const choice of ['success', 'failure', 'cancel']) expect(page.body).toContain(`value="${choice}"`);
    expect(page.body).not.toContain('<script');
  });

  it('pays through the hosted page: webhook and return, success, tickets confirmed', async () => {
    const id = await contest();
    const o = await order(user(0), id);
    const chosen = await server.app.inject({
      method: 'POST',
      url: o.checkoutUrl,
      payload: 'choice=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.statusCode, chosen.body).toBe(303);
    const location = chosen.headers.location as string;
    expect(location).toMatch(/^\/api\/v1\/payments\/return\?razorpay_payment_id=pay_/);
    // The webhook came first, in-process: the payment is already a success.
    expect((await status(user(0), o.paymentId)).status).toBe('success');
    const back = await get(server, location, { cookie: user(0).cookie });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/payments?payment=${o.paymentId}`);
    const paid = await status(user(0), o.paymentId);
    expect(paid).toMatchObject({
      status: 'success',
      txnId: expect.stringMatching(/^pay_/),
      phone: expect.stringMatching(/^\+91\d{10}$/),
    });
    expect(paid.tickets).toHaveLength(2);
    expect(await db().selectFrom('webhook_events').select('event_id').execute()).not.toHaveLength(0);
  });

  for (const order_ of ['return first', 'webhook first'] as const) {
    it(`confirms once when the return and the webhook each arrive 3 times (${order_})`, async () => {
      const id = await contest();
      const o = await order(user(1), id);
      const { fields, hook } = await decide(o.orderId, 'success');
      const returns = async () => {
        for (let i = 0; i < 3; i++)
          expect((await postReturn(user(1), fields)).json().data).toEqual({
            verified: true,
            paymentId: o.paymentId,
            status: 'success',
          });
      };
      const hooks = async () => {
        for (let i = 0; i < 3; i++) expect((await sendWebhook(hook())).statusCode).toBe(200);
      };
      const firstAt = clock.now;
      if (order_ === 'return first') {
        await returns();
        clock.advance(1000);
        await hooks();
      } else {
        await hooks();
        clock.advance(1000);
        await returns();
      }
      const rows = await ticketRows(o.paymentId);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toEqual({ status: 'confirmed', confirmed_at: firstAt });
      const payment = await db()
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', o.paymentId)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ status: 'success', finalized_at: firstAt, refund_due: 0 });
    });
  }

  it('confirms once when returns and webhooks race in parallel', async () => {
    const id = await contest();
    const o = await order(user(1), id);
    const { fields, hook } = await decide(o.orderId, 'success');
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => postReturn(user(1), fields)),
      ...Array.from({ length: 4 }, () => sendWebhook(hook())),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect((await ticketRows(o.paymentId)).every((t) => t.status === 'confirmed')).toBe(true);
    expect((await status(user(1), o.paymentId)).status).toBe('success');
  });

  it('a failure through the page fails the payment and releases the tickets', async () => {
    const id = await contest();
    const o = await order(user(2), id);
    const chosen = await server.app.inject({
      method: 'POST',
      url: o.checkoutUrl,
      payload: 'choice=failure',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = await get(server, chosen.headers.location as string, { cookie: user(2).cookie });
    expect(back.headers.location).toBe(`/payments?payment=${o.paymentId}`);
    expect(await status(user(2), o.paymentId)).toMatchObject({ status: 'failed', failureReason: expect.any(String) });
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['released', 'released']);
    // The points are back in the cart, to pay again.
    expect(
      (await get(server, '/api/v1/cart', { cookie: user(2).cookie }))
        .json()
        .data.groups.find((g: { contestId: string }) => g.contestId === id).ticketCount,
    ).toBe(2);
    // The page now says it is decided; a second click changes nothing.
    expect((await get(server, o.checkoutUrl)).body).toContain('already failed');
  });

  it('a cancel through the page cancels the payment (no webhook) and releases the tickets', async () => {
    const id = await contest();
    const o = await order(user(2), id);
    const before = (await db().selectFrom('webhook_events').select('event_id').execute()).length;
    const chosen = await server.app.inject({
      method: 'POST',
      url: o.checkoutUrl,
      payload: 'choice=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await get(server, chosen.headers.location as string, { cookie: user(2).cookie });
    expect((await status(user(2), o.paymentId)).status).toBe('cancelled');
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['released', 'released']);
    expect((await db().selectFrom('webhook_events').select('event_id').execute()).length).toBe(before);
    // A late success webhook for a cancelled payment cannot revive it.
    const { fields } = await decide(o.orderId, 'success');
    expect(fields['error[reason]']).toBe('payment_cancelled');
  });

  it('an unsigned failure return from someone else changes nothing', async () => {
    const id = await contest();
    const o = await order(user(3), id);
    const fields = {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[reason]': 'payment_failed',
      'error[metadata]': JSON.stringify({ order_id: o.orderId }),
    };
    expect((await postReturn(user(4), fields)).statusCode).toBe(404);
    expect((await status(user(3), o.paymentId)).status).toBe('pending');
  });

  it("refuses a tampered return signature and a missing order id with the spec's words", async () => {
    const id = await contest();
    const o = await order(user(3), id);
    const { fields } = await decide(o.orderId, 'success');
    const tampered = {
      ...fields,
      razorpay_signature: fields.razorpay_signature!.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    };
    expectRefusal(await postReturn(user(3), tampered), 400, 'The payment could not be verified.', 'INVALID_SIGNATURE');
    expectRefusal(
      await postReturn(user(3), { ...fields, razorpay_payment_id: 'pay_someoneelse000' }),
      400,
      'The payment could not be verified.',
      'INVALID_SIGNATURE',
    );
    expectRefusal(
      await postReturn(user(3), {
        razorpay_payment_id: fields.razorpay_payment_id!,
        razorpay_signature: fields.razorpay_signature!,
      }),
      400,
      'Payment order ID is missing. Please try again.',
      'ORDER_ID_MISSING',
    );
    const redirected = await sendReturn(user(3), tampered);
    expect(redirected.headers.location).toBe(`/payments?payment=${o.paymentId}`);
    expect((await status(user(3), o.paymentId)).status).toBe('pending');
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['reserved', 'reserved']);
  });

  it('refuses a webhook with a bad or missing signature and changes nothing; a replayed one is ignored', async () => {
    const id = await contest();
    const o = await order(user(3), id);
    const { hook } = await decide(o.orderId, 'success');
    const good = hook();
    const events = async () => (await db().selectFrom('webhook_events').select('event_id').execute()).length;
    const before = await events();
    expectRefusal(
      await sendWebhook({ body: good.body, headers: { ...good.headers, 'x-razorpay-signature': 'ab'.repeat(32) } }),
      400,
      'The payment could not be verified.',
      'INVALID_SIGNATURE',
    );
    const { 'x-razorpay-signature': _dropped, ...unsigned } = good.headers;
    expect((await sendWebhook({ body: good.body, headers: unsigned })).statusCode).toBe(400);
    expect(
      (await sendWebhook({ body: good.body.replace(/"amount":\d+/, '"amount":1'), headers: good.headers })).statusCode,
    ).toBe(400);
    expect((await status(user(3), o.paymentId)).status).toBe('pending');
    expect(await events()).toBe(before);

    const first = await sendWebhook(good);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    expect((await sendWebhook(good)).json()).toEqual({ data: { received: true, duplicate: true } });
    expect(await events()).toBe(before + 1);
    expect((await status(user(3), o.paymentId)).status).toBe('success');
    // No session and no X-Requested-With: webhooks are exempt from CSRF, and an unknown gateway is 404.
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook/razorpay',
          headers: good.headers,
          payload: good.body,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a success after the reservation expired ends in error and is refunded, once', async () => {
    const id = await contest();
    const o = await order(user(4), id);
    clock.advance((server.config.reservationMinutes + 1) * 60_000);
    // The expiry job leaves a reservation whose payment is pending to reconciliation.
    await expireReservations(db(), clock.now);
    expect(
      (
        await db()
          .selectFrom('reservations')
          .innerJoin('payments', 'payments.reservation_id', 'reservations.id')
          .select('reservations.status')
          .where('payments.id', '=', o.paymentId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('active');
    const decided = await decideSandboxOrder(db(), o.orderId, 'success', clock.now);
    const fields = sandboxReturnFields(secrets(), decided!);
    const hook = () => sandboxWebhook(secrets(), decided!, clock.now)!;
    await sendWebhook(hook());
    await postReturn(user(4), fields);
    await sendWebhook(hook());
    const payment = await status(user(4), o.paymentId);
    expect(payment).toMatchObject({
      status: 'error',
      refunded: true,
      failureReason: 'The reserved tickets had expired when the payment arrived; the amount is refunded.',
    });
    expect(payment.tickets).toBeUndefined();
    const sandbox = await db()
      .selectFrom('sandbox_orders')
      .select(['refund_id'])
      .where('id', '=', o.orderId)
      .executeTakeFirstOrThrow();
    const row = await db()
      .selectFrom('payments')
      .select(['refund_id', 'refund_due'])
      .where('id', '=', o.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ refund_id: sandbox.refund_id, refund_due: 1 });
    expect(row.refund_id).toMatch(/^rfnd_/);
  });

  it('money captured after a payment failed is refunded and the status stays failed', async () => {
    const id = await contest();
    const o = await order(user(4), id);
    await postReturn(user(4), {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[reason]': 'payment_failed',
      orderId: o.orderId,
    });
    expect((await status(user(4), o.paymentId)).status).toBe('failed');
    const { hook } = await decide(o.orderId, 'success');
    await sendWebhook(hook());
    expect(await status(user(4), o.paymentId)).toMatchObject({ status: 'failed', refunded: true });
  });

  it('refuses new orders while paid play is suspended, and free contests', async () => {
    const id = await contest();
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 900, y: 9 }] },
      { cookie: user(5).cookie },
    );
    await setPaidPlay(db(), false, clock.now);
    try {
      expectRefusal(
        await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(5).cookie }),
        403,
        'Real-money play and new cash deposits are suspended with immediate effect because of the new online-gaming law.',
        'PAID_PLAY_SUSPENDED',
      );
    } finally {
      await clearPaidPlay(db());
    }
    expect((await get(server, '/api/v1/cart', { cookie: user(5).cookie })).json().data.items).toHaveLength(1);
    const free = await contest({ ticketPricePaise: 0 });
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: free, tickets: [{ x: 1, y: 1 }] },
      { cookie: user(5).cookie },
    );
    expect(
      (await post(server, '/api/v1/payments/orders', { contestId: free }, { cookie: user(5).cookie })).json(),
    ).toMatchObject({ code: 'FREE_ENTRY_CONTEST' });
    expect((await post(server, '/api/v1/payments/orders', { contestId: id })).statusCode).toBe(401);
  });

  it("charges the promo's price, counts it, and frees it again when the payment fails", async () => {
    await createPromoCode(
      db(),
      {
        code: 'PAYTEST',
        promo: { kind: 'flat', amountPaise: 1000 },
        validFrom: clock.now - 1,
        validUntil: clock.now + 86_400_000,
        maxUsesPerUser: 1,
      },
      clock.now,
    );
    const id = await contest();
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 500, y: 5 }] },
      { cookie: user(6).cookie },
    );
    expect(
      (await post(server, '/api/v1/cart/promo', { contestId: id, code: 'paytest' }, { cookie: user(6).cookie }))
        .statusCode,
    ).toBe(200);
    const res = await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(6).cookie });
    const o = res.json().data;
    expect(o.bill.promoApplied).toBe(1000);
    expect(o.amountPaise).toBe(o.bill.grandTotal);
    expect((await status(user(6), o.paymentId)).promoCode).toBe('PAYTEST');
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 501, y: 5 }] },
      { cookie: user(6).cookie },
    );
    expectRefusal(
      await post(server, '/api/v1/cart/promo', { contestId: id, code: 'PAYTEST' }, { cookie: user(6).cookie }),
      400,
      'Invalid Promo Code',
      'INVALID_PROMO',
    );
    await postReturn(user(6), {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[reason]': 'payment_cancelled',
      orderId: o.orderId,
    });
    // The cancelled attempt gives the code back, applied to the cart its ticket returned to: the
    // retry costs the same (it was dropped before, and the retry cost more).
    const cart = (await get(server, '/api/v1/cart', { cookie: user(6).cookie })).json().data;
    expect(cart.groups.find((g: { contestId: string }) => g.contestId === id)).toMatchObject({
      promoCode: 'PAYTEST',
      bill: { promoApplied: 1000 },
    });
    const retry = (await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(6).cookie })).json()
      .data;
    expect(retry.bill.promoApplied).toBe(1000);
    expect((await status(user(6), retry.paymentId)).promoCode).toBe('PAYTEST');
  });

  it("shows a payment to its owner only, and lists the owner's payments newest first", async () => {
    const id = await contest();
    const a = await order(user(7), id, 1);
    clock.advance(1000);
    const b = await order(user(7), id, 1);
    expectRefusal(
      await get(server, `/api/v1/payments/${a.paymentId}`, { cookie: user(6).cookie }),
      404,
      'This payment does not exist.',
      'PAYMENT_NOT_FOUND',
    );
    expect((await get(server, `/api/v1/payments/${a.paymentId}`)).statusCode).toBe(401);
    const list = (await get(server, '/api/v1/payments', { cookie: user(7).cookie })).json().data;
    expect(list.map((p: { id: string }) => p.id)).toEqual([b.paymentId, a.paymentId]);
    expect(list[0]).toMatchObject({
      refNo: b.refNo,
      status: 'pending',
      amountPaise: b.amountPaise,
      txnId: null,
      createdAt: expect.any(String),
      phone: expect.any(String),
    });
  });

  it('names the contest, its close and live show, and the ticket count of each payment', async () => {
    const id = await contest();
    const row = await db()
      .selectFrom('contests')
      .select(['closes_at', 'show_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const o = await order(user(4), id, 3);
    const contestOf = {
      slot: 'A',
      closesAt: new Date(Number(row.closes_at)).toISOString(),
      showAt: new Date(Number(row.show_at)).toISOString(),
    };
    const list = (await get(server, '/api/v1/payments', { cookie: user(4).cookie })).json().data;
    expect(list.find((p: { id: string }) => p.id === o.paymentId)).toMatchObject({
      contestId: id,
      contest: contestOf,
      ticketCount: 3,
    });
    expect(await status(user(4), o.paymentId)).toMatchObject({ contest: contestOf, ticketCount: 3 });
  });

  it('lists the paid tickets in the order they were marked, and a cancelled payment puts them back in that order', async () => {
    const id = await contest();
    const marked = [
      { x: 1500, y: 3 },
      { x: 1200, y: 3 },
      { x: 1400, y: 3 },
    ];
    expect(
      (await post(server, '/api/v1/cart/items', { contestId: id, tickets: marked }, { cookie: user(3).cookie }))
        .statusCode,
    ).toBe(200);
    const cancelled = (
      await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(3).cookie })
    ).json().data;
    await postReturn(user(3), {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[reason]': 'payment_cancelled',
      orderId: cancelled.orderId,
    });
    const cart = (await get(server, '/api/v1/cart', { cookie: user(3).cookie })).json().data;
    expect(
      cart.items.filter((i: { contestId: string }) => i.contestId === id).map((i: Point) => ({ x: i.x, y: i.y })),
    ).toEqual(marked);
    const paid = (await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(3).cookie })).json()
      .data;
    const { fields } = await decide(paid.orderId, 'success');
    expect((await postReturn(user(3), fields)).json().data).toMatchObject({ verified: true, status: 'success' });
    expect(await status(user(3), paid.paymentId)).toMatchObject({ status: 'success', ticketCount: 3, tickets: marked });
  });

  it('reconciliation finalizes a paid order whose webhook never came, and ends abandoned ones', async () => {
    const id = await contest();
    const paid = await order(user(0), id);
    const abandoned = await order(user(0), id);
    await decide(paid.orderId, 'success');
    // Too young: left alone.
    await reconcilePayments(deps(), clock.now);
    expect((await status(user(0), paid.paymentId)).status).toBe('pending');
    clock.advance(3 * 60_000);
    expect((await reconcilePayments(deps(), clock.now)).finalized).toBeGreaterThanOrEqual(1);
    expect(await status(user(0), paid.paymentId)).toMatchObject({
      status: 'success',
      txnId: expect.stringMatching(/^pay_/),
    });
    expect((await status(user(0), abandoned.paymentId)).status).toBe('pending');
    clock.advance(server.config.reservationMinutes * 60_000);
    await reconcilePayments(deps(), clock.now);
    expect((await status(user(0), abandoned.paymentId)).status).toBe('cancelled');
    expect((await ticketRows(abandoned.paymentId)).map((t) => t.status)).toEqual(['released', 'released']);
  });

  it('the payment job reconciles at start and stops cleanly', async () => {
    const id = await contest();
    const o = await order(user(5), id);
    await decide(o.orderId, 'success');
    clock.advance(3 * 60_000);
    const jobs = await startPaymentJobs(server.app);
    await jobs.stop();
    expect((await status(user(5), o.paymentId)).status).toBe('success');
  });

  it('gives the last use of a code to one of two racing orders', async () => {
    await createPromoCode(
      db(),
      {
        code: 'LASTONE',
        promo: { kind: 'flat', amountPaise: 500 },
        validFrom: clock.now - 1,
        validUntil: clock.now + 86_400_000,
        maxUses: 1,
      },
      clock.now,
    );
    const id = await contest();
    // Fresh sessions: the suite's clock has run past the others' 30 idle minutes.
    const racers = await insertActiveUsers(server, 2, clock.now);
    for (const u of racers) {
      await post(server, '/api/v1/cart/items', { contestId: id, tickets: [{ x: 1234, y: 5 }] }, { cookie: u.cookie });
      expect(
        (await post(server, '/api/v1/cart/promo', { contestId: id, code: 'LASTONE' }, { cookie: u.cookie })).statusCode,
      ).toBe(200);
    }
    const results = await Promise.all(
      racers.map((u) => post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: u.cookie })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({ code: 'INVALID_PROMO' });
    expect(
      await db().selectFrom('promo_redemptions').select('id').where('promo_code', '=', 'LASTONE').execute(),
    ).toHaveLength(1);
  });
  // These move the clock past the sessions of the suite's users: they come last, with their own users.
  const paymentRow = (paymentId: string) =>
    db().selectFrom('payments').select(['status', 'refund_due']).where('id', '=', paymentId).executeTakeFirstOrThrow();

  it('a payment made in time confirms after the server was down past the reservation (issue 10, finding 4)', async () => {
    const id = await contest();
    const [late] = await insertActiveUsers(server, 1, clock.now);
    const o = await order(late!, id);
    // Paid a minute before the reservation ends; the webhook is lost (the server is down).
    clock.advance((server.config.reservationMinutes - 1) * 60_000);
    await decideSandboxOrder(db(), o.orderId, 'success', clock.now);
    // Back an hour later: start-up runs the expiry job first, then reconciliation.
    clock.advance(60 * 60_000);
    await expireReservations(db(), clock.now);
    await reconcilePayments(deps(), clock.now);
    expect(await paymentRow(o.paymentId)).toEqual({ status: 'success', refund_due: 0 });
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('a webhook is recorded with the settlement it caused, and its retry changes nothing (finding 3)', async () => {
    const id = await contest();
    const [u6] = await insertActiveUsers(server, 1, clock.now);
    const o = await order(u6!, id);
    const { hook } = await decide(o.orderId, 'success');
    const event = hook();
    const first = await sendWebhook(event);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    expect((await sendWebhook(event)).json().data).toEqual({ received: true, duplicate: true });
    expect((await status(u6!, o.paymentId)).status).toBe('success');
    // An event that could not be applied is not remembered: the gateway's retry is applied.
    const second = await order(u6!, id);
    const decided = (await decideSandboxOrder(db(), second.orderId, 'success', clock.now))!;
    const broken = sandboxWebhook(secrets(), decided, clock.now)!;
    const originalConfirm = db().transaction;
    let failOnce = true;
    (db() as { transaction: unknown }).transaction = () => {
      if (failOnce) {
        failOnce = false;
        return {
          execute: async () => {
            throw new Error('crash between recording and settling');
          },
        };
      }
      return originalConfirm.call(db());
    };
    try {
      expect((await sendWebhook(broken)).statusCode).toBe(500);
    } finally {
      (db() as { transaction: unknown }).transaction = originalConfirm;
    }
    expect((await status(u6!, second.paymentId)).status).toBe('pending');
    expect((await sendWebhook(broken)).json().data).toEqual({ received: true, duplicate: false });
    expect((await status(u6!, second.paymentId)).status).toBe('success');
  });

  it('reconciliation reaches a paid payment behind more than a page of abandoned ones (finding 2)', async () => {
    const id = await contest({ totalTickets: 100_000, maxTicketsPerPerson: 1000 });
    const abandonedUsers = await insertActiveUsers(server, 11, clock.now);
    const abandoned: string[] = [];
    for (const u of abandonedUsers) for (let i = 0; i < 19; i++) abandoned.push((await order(u, id, 1)).paymentId);
    expect(abandoned.length).toBeGreaterThan(200);
    clock.advance(60_000);
    const [payer] = await insertActiveUsers(server, 1, clock.now);
    const paid = await order(payer!, id, 1);
    await decideSandboxOrder(db(), paid.orderId, 'success', clock.now);
    clock.advance(5 * 60_000);
    await reconcilePayments(deps(), clock.now);
    expect(await paymentRow(paid.paymentId)).toEqual({ status: 'success', refund_due: 0 });
    clock.advance(server.config.reservationMinutes * 60_000);
    await reconcilePayments(deps(), clock.now);
    const left = await db()
      .selectFrom('payments')
      .select('id')
      .where('id', 'in', abandoned)
      .where('status', '=', 'pending')
      .execute();
    expect(left).toEqual([]);
  });

  // After every flow above (paid, failed, cancelled, expired and refunded, reconciled, raced):
  // each contest's counters still equal its tickets.
  it("leaves every contest's ticket counters equal to its tickets", async () => {
    const checks = await checkAllCounters(server);
    expect(checks.filter((c) => c.takenActual > 0).length).toBeGreaterThan(0);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });
});
