import { describe, expect, it } from 'vitest';
import { razorpayFailureCode } from '../../server/integrations/payments/razorpay-shape.ts';
import { expireReservations } from '../../server/services/cart/reservations.ts';
import { applyPaymentReturn } from '../../server/services/payments/callbacks.ts';
import { createPromoCode } from '../../server/services/cart/promo.service.ts';
import { get, post } from '../support/accounts.ts';
import { checkAllCounters } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { expectRefusal, paymentsSetup } from './payments.helpers.ts';

// Issue 25: a failed or cancelled payment keeps its tickets held, "Try again" pays for the same
// reservation; a promo covering the whole entry makes a zero bill with no gateway (issue 26); the
// sandbox page takes a failure reason as Razorpay sends one, in the player's language.

describeOnEachDatabase('trying a payment again, zero bills and the sandbox page', (server) => {
  const { clock, user, db, contest, order, status } = paymentsSetup(server);

  /** Presses a button on the sandbox's hosted page, as a browser on this machine would, and follows the return. */
  async function choose(u: number, checkoutUrl: string, payload: string) {
    const chosen = await server.app.inject({
      method: 'POST',
      url: checkoutUrl.split('?')[0]!,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.statusCode, chosen.body).toBe(303);
    return get(server, chosen.headers.location as string, { cookie: user(u).cookie });
  }

  const retry = (u: number, paymentId: string, body: Record<string, string> = {}) =>
    post(server, `/api/v1/payments/${paymentId}/retry`, body, { cookie: user(u).cookie });

  const ticketsOfReservation = (reservationId: string) =>
    db()
      .selectFrom('tickets')
      .select(['id', 'status'])
      .where('reservation_id', '=', reservationId)
      .orderBy('position')
      .execute();

  const paymentRow = (id: string) =>
    db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tries again on the same reservation: the same tickets, a new payment, paid the second time', async () => {
    const id = await contest();
    const first = await order(user(0), id, 2);
    await choose(0, first.checkoutUrl, 'choice=failure&reason=card_declined');
    const failedRow = await paymentRow(first.paymentId);
    const held = await ticketsOfReservation(failedRow.reservation_id);
    expect(held.map((t) => t.status)).toEqual(['reserved', 'reserved']);
    expect(await status(user(0), first.paymentId)).toMatchObject({
      status: 'failed',
      failureCode: 'declined',
      failureReason: 'Your payment was declined by your bank.',
      retry: { amountPaise: first.amountPaise },
    });

    const again = await retry(0, first.paymentId);
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json().data;
    expect(second).toMatchObject({ amountPaise: first.amountPaise, status: 'pending', gateway: 'sandbox' });
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(second.orderId).not.toBe(first.orderId);
    // The same reservation and tickets; the failed attempt keeps its record on a closed copy.
    const secondRow = await paymentRow(second.paymentId);
    expect(secondRow.reservation_id).toBe(failedRow.reservation_id);
    expect(await ticketsOfReservation(failedRow.reservation_id)).toEqual(held);
    const oldNow = await paymentRow(first.paymentId);
    expect(oldNow.reservation_id).not.toBe(failedRow.reservation_id);
    expect(
      await db().selectFrom('reservations').selectAll().where('id', '=', oldNow.reservation_id).executeTakeFirst(),
    ).toMatchObject({ status: 'cancelled', ticket_count: 2 });
    expect(await ticketsOfReservation(oldNow.reservation_id)).toEqual([]);
    expect(await status(user(0), first.paymentId)).toMatchObject({ status: 'failed', retry: null, ticketCount: 2 });
    // Once is enough: the old payment cannot be tried again, nor the new one while pending.
    expectRefusal(
      await retry(0, first.paymentId),
      409,
      'These tickets are no longer held for you. Mark them again to enter.',
      'PAYMENT_NOT_RETRYABLE',
    );
    expect((await retry(0, second.paymentId)).statusCode).toBe(409);

    const back = await choose(0, second.checkoutUrl, 'choice=success');
    expect(back.headers.location).toBe(`/payments?payment=${second.paymentId}`);
    expect(await status(user(0), second.paymentId)).toMatchObject({ status: 'success', ticketCount: 2 });
    expect((await ticketsOfReservation(failedRow.reservation_id)).map((t) => t.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    const list = (await get(server, '/api/v1/payments', { cookie: user(0).cookie })).json().data as Array<{
      id: string;
      status: string;
    }>;
    expect(
      list
        .filter((p) => [first.paymentId, second.paymentId].includes(p.id))
        .map((p) => p.status)
        .sort(),
    ).toEqual(['failed', 'success']);
    expect((await checkAllCounters(server)).every((c) => c.ok)).toBe(true);
  });

  it('refuses a retry of a payment that is not the caller’s, not failed, or whose hold has run out', async () => {
    const id = await contest();
    const o = await order(user(1), id, 1);
    expectRefusal(
      await retry(1, o.paymentId),
      409,
      'These tickets are no longer held for you. Mark them again to enter.',
      'PAYMENT_NOT_RETRYABLE',
    );
    await choose(1, o.checkoutUrl, 'choice=cancel');
    expectRefusal(await retry(2, o.paymentId), 404, 'This payment does not exist.', 'PAYMENT_NOT_FOUND');
    clock.advance(server.config.reservationMinutes * 60_000 + 1);
    expect(await status(user(1), o.paymentId)).toMatchObject({ status: 'cancelled', retry: null });
    expect((await retry(1, o.paymentId)).statusCode).toBe(409);
    // The expiry job gives the tickets back, to the cart, where the next order picks them up.
    expect(await expireReservations(db(), clock.now)).toBeGreaterThanOrEqual(1);
    const cart = (await get(server, '/api/v1/cart', { cookie: user(1).cookie })).json().data;
    expect(cart.held).toEqual([]);
    expect(cart.groups.find((g: { contestId: string }) => g.contestId === id)).toMatchObject({ ticketCount: 1 });
  });

  it('sends the player back to the play screen when the order was made there', async () => {
    const id = await contest();
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 901, y: 9 }] },
      { cookie: user(3).cookie },
    );
    const made = await post(
      server,
      '/api/v1/payments/orders',
      { contestId: id, returnTo: 'play' },
      { cookie: user(3).cookie },
    );
    const o = made.json().data;
    expect(o.checkoutUrl).toBe(`/sandbox-gateway/checkout/${o.orderId}?returnTo=play`);
    expect((await get(server, o.checkoutUrl)).body).toContain('name="returnTo" value="play"');
    const chosen = await server.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/checkout/${o.orderId}`,
      payload: 'choice=failure&reason=authentication_failed&returnTo=play',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = await get(server, chosen.headers.location as string, { cookie: user(3).cookie });
    expect(back.headers.location).toBe(`/play_screen?payment=${o.paymentId}`);
    expect(await status(user(3), o.paymentId)).toMatchObject({ failureCode: 'authentication' });
    const again = (await retry(3, o.paymentId, { returnTo: 'play' })).json().data;
    expect(again.checkoutUrl).toBe(`/sandbox-gateway/checkout/${again.orderId}?returnTo=play`);
  });

  it('returns to the checkout page when the order was made there', async () => {
    const id = await contest();
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 951, y: 9 }] },
      { cookie: user(3).cookie },
    );
    const o = (
      await post(server, '/api/v1/payments/orders', { contestId: id, returnTo: 'checkout' }, { cookie: user(3).cookie })
    ).json().data;
    expect(o.checkoutUrl).toBe(`/sandbox-gateway/checkout/${o.orderId}?returnTo=checkout`);
    const chosen = await server.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/checkout/${o.orderId}`,
      payload: 'choice=cancel&returnTo=checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = await get(server, chosen.headers.location as string, { cookie: user(3).cookie });
    expect(back.headers.location).toBe(`/popupCheckout?contest=${id}&payment=${o.paymentId}`);
  });

  it('with a gateway whose failed attempts leave the order payable, a Checkout closed after a failure ends it, held for Try again', async () => {
    const id = await contest();
    const o = await order(user(7), id, 1);
    // Razorpay's kind: one failure alone leaves the payment pending (the player may retry in Checkout).
    const razorpayLike = {
      db: db(),
      gateway: { ...server.app.payments!, failuresEndOrders: false },
      invoices: server.app.config.invoices,
      paidPlayDefault: server.app.config.paidPlayDefault,
    };
    const failure = {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[reason]': 'insufficient_balance',
      'error[description]': 'Insufficient balance',
      orderId: o.orderId,
    };
    await applyPaymentReturn(razorpayLike, failure, user(7).id, clock.now);
    expect(await status(user(7), o.paymentId)).toMatchObject({ status: 'pending', failureCode: 'insufficientFunds' });
    await applyPaymentReturn(razorpayLike, { ...failure, checkoutClosed: '1' }, user(7).id, clock.now);
    expect(await status(user(7), o.paymentId)).toMatchObject({
      status: 'failed',
      failureCode: 'insufficientFunds',
      retry: { amountPaise: o.amountPaise },
    });
  });

  it('a promo covering the whole entry makes the bill zero: confirmed at once, no gateway (issue 26)', async () => {
    await createPromoCode(
      db(),
      {
        code: 'ALLFREE',
        promo: { kind: 'percent', basisPoints: 10_000 },
        validFrom: clock.now - 1,
        validUntil: clock.now + 86_400_000,
        maxUses: 1,
      },
      clock.now,
    );
    const id = await contest();
    const tickets = [
      { x: 700, y: 7 },
      { x: 701, y: 7 },
    ];
    await post(server, '/api/v1/cart/items', { contestId: id, tickets }, { cookie: user(4).cookie });
    const applied = await post(
      server,
      '/api/v1/cart/promo',
      { contestId: id, code: 'ALLFREE' },
      { cookie: user(4).cookie },
    );
    expect(applied.json().data.bill).toMatchObject({ promoApplied: 9800, platformFee: 0, grandTotal: 0 });
    const made = await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(4).cookie });
    expect(made.statusCode, made.body).toBe(200);
    const o = made.json().data;
    expect(o).toMatchObject({ status: 'success', amountPaise: 0, checkoutUrl: null, keyId: null });
    expect(await status(user(4), o.paymentId)).toMatchObject({
      status: 'success',
      amountPaise: 0,
      promoCode: 'ALLFREE',
      tickets,
    });
    expect(await db().selectFrom('sandbox_orders').select('id').where('id', '=', o.orderId).execute()).toEqual([]);
    // The code's one use is taken.
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 702, y: 7 }] },
      { cookie: user(5).cookie },
    );
    expectRefusal(
      await post(server, '/api/v1/cart/promo', { contestId: id, code: 'ALLFREE' }, { cookie: user(5).cookie }),
      400,
      'Invalid Promo Code',
      'INVALID_PROMO',
    );
  });

  it('shows the sandbox page in the player’s language, with the failure reasons to choose', async () => {
    const id = await contest();
    const o = await order(user(6), id, 1);
    const english = await get(server, o.checkoutUrl);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('value="insufficient_balance"');
    expect(english.body).toContain('Not enough balance');
    const hindi = await get(server, `${o.checkoutUrl}?lng=hi`);
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('सैंडबॉक्स: कोई असली पैसा नहीं कटता');
    expect(hindi.body).toContain('खाते में पर्याप्त राशि नहीं');
    const byCookie = await server.app.inject({ method: 'GET', url: o.checkoutUrl, cookies: { i18next: 'hi' } });
    expect(byCookie.body).toContain('<html lang="hi">');
    expect((await get(server, `${o.checkoutUrl}?lng=hi`)).body).not.toContain('<script');
  });
});

describe('Razorpay error reasons as codes the web translates', () => {
  it.each([
    ['payment_cancelled', 'cancelled'],
    ['insufficient_balance', 'insufficientFunds'],
    ['INVALID_OTP', 'authentication'],
    ['card_declined', 'declined'],
    ['payment_timed_out', 'timedOut'],
    ['bank_technical_error', 'bankDown'],
    ['something_new', 'other'],
    ['payment_failed', null],
    ['', null],
    [undefined, null],
  ] as const)('%s -> %s', (reason, code) => {
    expect(razorpayFailureCode(reason)).toBe(code);
  });
});
