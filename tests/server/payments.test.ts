import { expect, it } from 'vitest';
import { computeBill } from '../../domain/money.ts';
import { get } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { expectRefusal, paymentsSetup } from './payments.helpers.ts';

describeOnEachDatabase('payments with the sandbox gateway', (server) => {
  const { clock, user, db, contest, order, status, sendReturn, postReturn, sendWebhook, decide, ticketRows } =
    paymentsSetup(server);

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

  it('a failure through the page fails the payment, says why, and keeps the tickets held to try again', async () => {
    const id = await contest();
    const o = await order(user(2), id);
    const chosen = await server.app.inject({
      method: 'POST',
      url: o.checkoutUrl,
      payload: 'choice=failure&reason=insufficient_balance',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = await get(server, chosen.headers.location as string, { cookie: user(2).cookie });
    expect(back.headers.location).toBe(`/payments?payment=${o.paymentId}`);
    expect(await status(user(2), o.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your payment could not be completed due to insufficient account balance.',
      failureCode: 'insufficientFunds',
      retry: { amountPaise: o.amountPaise },
    });
    // Held for "Try again" (issue 25): still reserved, listed with the cart, not back in it.
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['reserved', 'reserved']);
    const cart = (await get(server, '/api/v1/cart', { cookie: user(2).cookie })).json().data;
    expect(cart.groups.find((g: { contestId: string }) => g.contestId === id)).toBeUndefined();
    expect(cart.held).toContainEqual(
      expect.objectContaining({ paymentId: o.paymentId, contestId: id, amountPaise: o.amountPaise }),
    );
    // The page now says it is decided; a second click changes nothing.
    expect((await get(server, o.checkoutUrl)).body).toContain('already failed');
  });

  it('a cancel through the page cancels the payment (no webhook) and keeps the tickets held', async () => {
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
    expect(await status(user(2), o.paymentId)).toMatchObject({ status: 'cancelled', failureCode: 'cancelled' });
    expect((await ticketRows(o.paymentId)).map((t) => t.status)).toEqual(['reserved', 'reserved']);
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

  it('a signed return posted by another player settles the payment but tells them nothing of it', async () => {
    const id = await contest();
    const o = await order(user(3), id);
    const { fields } = await decide(o.orderId, 'success');
    // The signature proves the money: the payment is settled, whoever posts it...
    expect((await postReturn(user(4), fields)).statusCode).toBe(404);
    expect((await status(user(3), o.paymentId)).status).toBe('success');
    // ...and its owner is answered as ever.
    expect((await postReturn(user(3), fields)).json().data).toMatchObject({
      paymentId: o.paymentId,
      status: 'success',
    });
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
});
