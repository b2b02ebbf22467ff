import { expect, it } from 'vitest';
import { decideSandboxOrder, sandboxReturnFields, sandboxWebhook } from '../../server/integrations/payments/sandbox.ts';
import { expireReservations } from '../../server/services/cart/reservations.ts';
import { createPromoCode } from '../../server/services/cart/promo.service.ts';
import { clearPaidPlay, setPaidPlay } from '../../server/services/contests/settings.service.ts';
import { PAID_PLAY_OFF_REASON } from '../../server/services/payments/refund-reasons.ts';
import { get, post } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { expectRefusal, paymentsSetup } from './payments.helpers.ts';

describeOnEachDatabase('payments with the sandbox gateway', (server) => {
  const { clock, user, secrets, db, contest, order, status, postReturn, sendWebhook, decide } = paymentsSetup(server);

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

  it('takes no money once paid play is switched off while the player is at the gateway: refunded, tickets back in the cart to enter free', async () => {
    const id = await contest();
    const o = await order(user(6), id);
    await setPaidPlay(db(), false, clock.now);
    try {
      const { hook } = await decide(o.orderId, 'success');
      expect((await sendWebhook(hook())).statusCode).toBe(200);
      const answer = await status(user(6), o.paymentId);
      expect(answer).toMatchObject({
        status: 'error',
        refunded: true,
        refundCode: 'paidPlayOff',
        refund: { amountPaise: o.amountPaise, reason: PAID_PLAY_OFF_REASON },
        invoice: null,
      });
      const confirmed = await db()
        .selectFrom('tickets')
        .select('id')
        .where('contest_id', '=', id)
        .where('user_id', '=', user(6).id)
        .where('status', '=', 'confirmed')
        .execute();
      expect(confirmed).toEqual([]);
      // The marks wait in the cart, entered free in one step.
      const cart = (await get(server, '/api/v1/cart', { cookie: user(6).cookie })).json().data;
      expect(cart.items.filter((item: { contestId: string }) => item.contestId === id)).toHaveLength(2);
    } finally {
      await clearPaidPlay(db());
    }
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
    // The cancelled attempt gives the code's use back; its ticket stays held, and "Try again"
    // costs the same, the code counted again (issue 25).
    expect(await status(user(6), o.paymentId)).toMatchObject({
      status: 'cancelled',
      failureCode: 'cancelled',
      retry: { amountPaise: o.amountPaise },
    });
    const retry = (await post(server, `/api/v1/payments/${o.paymentId}/retry`, {}, { cookie: user(6).cookie })).json()
      .data;
    expect(retry.bill.promoApplied).toBe(1000);
    expect(retry.amountPaise).toBe(o.amountPaise);
    expect((await status(user(6), retry.paymentId)).promoCode).toBe('PAYTEST');
    // Counted again: one use per person, so the cart's other ticket still cannot have it.
    expectRefusal(
      await post(server, '/api/v1/cart/promo', { contestId: id, code: 'PAYTEST' }, { cookie: user(6).cookie }),
      400,
      'Invalid Promo Code',
      'INVALID_PROMO',
    );
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

  it('lists the paid tickets in the order they were marked, also when paid on the second try', async () => {
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
    // Held for "Try again", in the order marked (issue 25).
    const cart = (await get(server, '/api/v1/cart', { cookie: user(3).cookie })).json().data;
    expect(cart.held.find((h: { contestId: string }) => h.contestId === id)).toMatchObject({
      paymentId: cancelled.paymentId,
      tickets: marked,
    });
    const paid = (
      await post(server, `/api/v1/payments/${cancelled.paymentId}/retry`, {}, { cookie: user(3).cookie })
    ).json().data;
    const { fields } = await decide(paid.orderId, 'success');
    expect((await postReturn(user(3), fields)).json().data).toMatchObject({ verified: true, status: 'success' });
    expect(await status(user(3), paid.paymentId)).toMatchObject({ status: 'success', ticketCount: 3, tickets: marked });
  });
});
