import { expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { del, get, insertStaff, post, put } from '../support/accounts.ts';
import { checkAllCounters } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { expectRefusal, paymentsSetup } from './payments.helpers.ts';

// Issue 26: while the console's paid-play switch is off every contest is free to enter: no price
// goes out, the cart bills nothing, one free entry confirms the tickets at once (held tickets of a
// failed payment included), payment orders are refused, tickets already paid stay valid, and the
// contest's per-person limit still holds. Issue 25's all-in price with the switch on.

describeOnEachDatabase('free to play while paid play is off', (server) => {
  const { clock, user, db, contest, order, status } = paymentsSetup(server);

  const current = async (u?: number) =>
    (await get(server, '/api/v1/contests/current?lang=en', u === undefined ? {} : { cookie: user(u).cookie })).json()
      .data;
  const cartOf = async (u: number) => (await get(server, '/api/v1/cart', { cookie: user(u).cookie })).json().data;
  const add = (u: number, contestId: string, tickets: Array<{ x: number; y: number }>) =>
    post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: user(u).cookie });
  const enterFree = (u: number, contestId: string) =>
    post(server, '/api/v1/cart/checkout-free', { contestId }, { cookie: user(u).cookie });
  const ticketsOf = (u: number, contestId: string) =>
    db()
      .selectFrom('tickets')
      .select(['x', 'y', 'status'])
      .where('user_id', '=', user(u).id)
      .where('contest_id', '=', contestId)
      .where('status', '<>', 'released')
      .orderBy('x')
      .execute();

  it('switched off in the console: free entry for every contest, paid tickets kept; switched back, paid again', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const switchTo = (enabled: boolean) =>
      put(server, '/api/v1/admin/settings/paid-play', { enabled }, { cookie: admin!.cookie });
    const id = await contest({ maxTicketsPerPerson: 4 });

    // Paid play on (the test default): the all-in price per ticket, ₹49 + ₹2 fee + 18% GST on it.
    const on = await current();
    expect(on.paidPlay).toEqual({ enabled: true });
    expect(on.current).toMatchObject({
      id,
      ticketPricePaise: 4900,
      allInPricePaise: 5136,
      fees: { platformFeePaisePerTicket: 200, entryGstBasisPoints: 4000, feeGstBasisPoints: 1800 },
    });
    // Player 0 pays for one ticket; player 1's payment fails, its ticket held for "Try again".
    const paid = await order(user(0), id, 1);
    await server.app.inject({
      method: 'POST',
      url: paid.checkoutUrl,
      payload: 'choice=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await status(user(0), paid.paymentId)).status).toBe('success');
    const failed = await order(user(1), id, 1);
    await server.app.inject({
      method: 'POST',
      url: failed.checkoutUrl,
      payload: 'choice=failure&reason=card_declined',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await cartOf(1)).held).toHaveLength(1);

    expect((await switchTo(false)).statusCode).toBe(200);
    const off = await current(0);
    expect(off.paidPlay).toEqual({ enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE });
    expect(off.current).toMatchObject({ id, ticketPricePaise: 0, allInPricePaise: 0, myTickets: 1 });
    expect((await get(server, '/api/v1/site')).json().data.paidPlay).toBe(false);

    // A paid contest, entered free: the cart bills nothing, one call confirms both tickets at once.
    const marks = [
      { x: 300, y: 30 },
      { x: 310, y: 30 },
    ];
    expect((await add(2, id, marks)).statusCode).toBe(200);
    const cart = await cartOf(2);
    expect(cart.items.map((i: { pricePaise: number }) => i.pricePaise)).toEqual([0, 0]);
    expect(cart.groups[0]).toMatchObject({ contestId: id, ticketPricePaise: 0, ticketCount: 2 });
    expect(Object.values(cart.groups[0].bill)).toEqual(Array(9).fill(0));
    expectRefusal(
      await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: user(2).cookie }),
      403,
      PAID_PLAY_SUSPENDED_MESSAGE,
      'PAID_PLAY_SUSPENDED',
    );
    const entered = await enterFree(2, id);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().data.tickets.map((t: { x: number; y: number }) => ({ x: t.x, y: t.y }))).toEqual(marks);
    expect(await ticketsOf(2, id)).toEqual(marks.map((m) => ({ ...m, status: 'confirmed' })));
    const reservation = await db()
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', entered.json().data.reservationId)
      .executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({ status: 'confirmed', amount_paise: 0 });
    expect(
      await db().selectFrom('payments').select('id').where('reservation_id', '=', reservation.id).execute(),
    ).toEqual([]);
    expect((await cartOf(2)).groups).toEqual([]);

    // The contest's limit still holds: 4 per person, 2 taken, 3 more refused in the spec's words.
    expectRefusal(
      await add(2, id, [
        { x: 400, y: 40 },
        { x: 401, y: 40 },
        { x: 402, y: 40 },
      ]),
      400,
      'Max Ticket Limit Reached',
      'MAX_TICKET_LIMIT_REACHED',
    );

    // The ticket held after the failed payment is entered free with the cart (empty here): no retry.
    const held = await cartOf(1);
    expect(held.held).toMatchObject([{ contestId: id, amountPaise: 0 }]);
    expectRefusal(
      await post(server, `/api/v1/payments/${failed.paymentId}/retry`, {}, { cookie: user(1).cookie }),
      403,
      PAID_PLAY_SUSPENDED_MESSAGE,
      'PAID_PLAY_SUSPENDED',
    );
    expect((await enterFree(1, id)).statusCode).toBe(200);
    expect((await ticketsOf(1, id)).map((t) => t.status)).toEqual(['confirmed']);
    expect((await cartOf(1)).held).toEqual([]);
    expect((await status(user(1), failed.paymentId)).status).toBe('failed');

    // The paid ticket stays as it was.
    expect(await status(user(0), paid.paymentId)).toMatchObject({ status: 'success', ticketCount: 1 });
    expect((await ticketsOf(0, id)).map((t) => t.status)).toEqual(['confirmed']);

    // Back to the environment's default (on): prices return and free entry of a paid contest ends.
    expect((await del(server, '/api/v1/admin/settings/paid-play', { cookie: admin!.cookie })).statusCode).toBe(200);
    expect((await current()).current).toMatchObject({ ticketPricePaise: 4900, allInPricePaise: 5136 });
    await add(3, id, [{ x: 500, y: 50 }]);
    expectRefusal(await enterFree(3, id), 400, 'This contest is not free to enter.', 'NOT_FREE_ENTRY');
    expect((await cartOf(3)).groups[0]).toMatchObject({ ticketPricePaise: 4900, bill: { grandTotal: 5136 } });
    expect((await checkAllCounters(server)).every((c) => c.ok)).toBe(true);
  });
});

describeOnEachDatabase('Enter free: the new marks added and confirmed in one step', (server) => {
  const { user, db, contest } = paymentsSetup(server);

  it('adds the marks to the cart and confirms the whole cart at once; a refusal leaves the cart as it was', async () => {
    const id = await contest({ ticketPricePaise: 0, maxTicketsPerPerson: 3 });
    const cartOf = async () =>
      db().selectFrom('cart_items').select(['x', 'y']).where('user_id', '=', user(0).id).orderBy('x').execute();
    await post(server, '/api/v1/cart/items', { contestId: id, tickets: [{ x: 1, y: 1 }] }, { cookie: user(0).cookie });
    const entered = await post(
      server,
      '/api/v1/cart/checkout-free',
      { contestId: id, tickets: [{ x: 2, y: 2 }] },
      { cookie: user(0).cookie },
    );
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().data.tickets.map((t: { x: number }) => t.x)).toEqual([1, 2]);
    expect(await cartOf()).toEqual([]);
    // Two more would pass the limit of three: refused, and nothing is left behind in the cart.
    await post(server, '/api/v1/cart/items', { contestId: id, tickets: [{ x: 3, y: 3 }] }, { cookie: user(0).cookie });
    expectRefusal(
      await post(
        server,
        '/api/v1/cart/checkout-free',
        { contestId: id, tickets: [{ x: 4, y: 4 }] },
        { cookie: user(0).cookie },
      ),
      400,
      'Max Ticket Limit Reached',
      'MAX_TICKET_LIMIT_REACHED',
    );
    expect(await cartOf()).toEqual([{ x: 3, y: 3 }]);
    // Paid with paid play on: the marks are not entered, and not left in the cart either.
    const paid = await contest();
    expectRefusal(
      await post(
        server,
        '/api/v1/cart/checkout-free',
        { contestId: paid, tickets: [{ x: 5, y: 5 }] },
        { cookie: user(1).cookie },
      ),
      400,
      'This contest is not free to enter.',
      'NOT_FREE_ENTRY',
    );
    expect(await db().selectFrom('cart_items').select('id').where('user_id', '=', user(1).id).execute()).toEqual([]);
  });
});

describeOnEachDatabase(
  'paid play off by the environment (PAID_PLAY=off)',
  (server) => {
    const { user, contest } = paymentsSetup(server);

    it('enters a paid contest free and states no price, with no console switch set', async () => {
      const id = await contest();
      const answer = (await get(server, '/api/v1/contests/current?lang=en')).json().data;
      expect(answer.current).toMatchObject({ id, ticketPricePaise: 0, allInPricePaise: 0 });
      await post(
        server,
        '/api/v1/cart/items',
        { contestId: id, tickets: [{ x: 9, y: 9 }] },
        { cookie: user(0).cookie },
      );
      const entered = await post(server, '/api/v1/cart/checkout-free', { contestId: id }, { cookie: user(0).cookie });
      expect(entered.statusCode, entered.body).toBe(200);
      const site = (await get(server, '/api/v1/site')).json().data;
      expect(site).toMatchObject({ paidPlay: false, billing: { examplePricePaise: 4900, exampleAllInPaise: 5136 } });
    });
  },
  { env: { PAID_PLAY: 'off' } },
);
