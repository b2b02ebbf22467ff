import { beforeAll, expect, it } from 'vitest';
import { PAYMENT_ERROR_MESSAGES } from '../../domain/payments.ts';
import { invoicePdf } from '../../server/services/payments/invoice.service.ts';
import { setPaidPlay } from '../../server/services/contests/settings.service.ts';
import { get, insertActiveUsers, post, put, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { drawnText } from '../support/pdf.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

type User = { id: string; cookie: string };
const MUMBAI = { latitude: 19.076, longitude: 72.8777 };

describeOnEachDatabase('place of supply: the player’s state on the invoice', (server) => {
  const clock = useTestClock(server);
  let pictureId = '';
  let newcomers: User[] = [];
  let nextX = 0;
  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    newcomers = await insertActiveUsers(server, 4, clock.now, { supplyState: null });
  });
  const contest = (ticketPricePaise = 4900) =>
    addTestContest(server, { pictureId, now: clock.now, defaults: { ticketPricePaise } });
  const addTickets = async (u: User, contestId: string, count = 2) => {
    const tickets = Array.from({ length: count }, () => ({ x: ++nextX, y: 5 }));
    const res = await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
  };
  const order = (u: User, contestId: string) =>
    post(server, '/api/v1/payments/orders', { contestId }, { cookie: u.cookie });
  const stateOf = async (u: User) => (await get(server, '/api/v1/account/supply-state', { cookie: u.cookie })).json();
  const pay = async (u: User, contestId: string) => {
    const o = (await order(u, contestId)).json().data as { paymentId: string; checkoutUrl: string };
    const paid = await server.app.inject({
      method: 'POST',
      url: o.checkoutUrl,
      payload: 'choice=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    return o.paymentId;
  };
  const invoiceText = async (paymentId: string) =>
    drawnText(
      (await invoicePdf(server.app.db, server.config.invoices, 'console', paymentId, clock.now, { compress: false }))
        .pdf,
    );

  it('refuses a paid order until the player gives a state, reserving nothing; offers the location check’s state', async () => {
    const player = newcomers[0]!;
    const id = await contest();
    await addTickets(player, id);
    expect(await stateOf(player)).toEqual({ data: { stateCode: null, suggested: null, sellerState: '29' } });

    const refused = await order(player, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SUPPLY_STATE_REQUIRED',
      message: PAYMENT_ERROR_MESSAGES.supplyStateRequired,
    });
    const held = await server.app.db.selectFrom('reservations').select('id').where('user_id', '=', player.id).execute();
    expect(held).toHaveLength(0);
    const cart = await server.app.db.selectFrom('cart_items').select('id').where('user_id', '=', player.id).execute();
    expect(cart).toHaveLength(2);

    // The device's location check found Maharashtra: offered as the default.
    expect((await post(server, '/api/v1/location', MUMBAI, { cookie: player.cookie })).statusCode).toBe(200);
    expect((await stateOf(player)).data).toEqual({ stateCode: null, suggested: '27', sellerState: '29' });

    for (const bad of ['25', '28', 'MH', '']) {
      const res = await put(server, '/api/v1/account/supply-state', { stateCode: bad }, { cookie: player.cookie });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { stateCode: 'Choose your state' } });
    }
    expect((await put(server, '/api/v1/account/supply-state', { stateCode: '27' })).statusCode).toBe(401);
    const saved = await put(server, '/api/v1/account/supply-state', { stateCode: '27' }, { cookie: player.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ stateCode: '27', suggested: '27', sellerState: '29' });

    const ordered = await order(player, id);
    expect(ordered.statusCode, ordered.body).toBe(200);
    const payment = await server.app.db
      .selectFrom('payments')
      .select(['place_of_supply', 'language'])
      .where('id', '=', ordered.json().data.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ place_of_supply: '27', language: 'en' });
  });

  it('asks nothing of free entry, and answers a switched-off site with paid play suspended rather than the state', async () => {
    const player = newcomers[1]!;
    const free = await contest(0);
    await addTickets(player, free, 1);
    const entered = await post(server, '/api/v1/cart/checkout-free', { contestId: free }, { cookie: player.cookie });
    expect(entered.statusCode, entered.body).toBe(200);

    const paid = await contest();
    await addTickets(player, paid, 1);
    await setPaidPlay(server.app.db, false, clock.now);
    try {
      const refused = await order(player, paid);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('PAID_PLAY_SUSPENDED');
    } finally {
      await setPaidPlay(server.app.db, true, clock.now);
    }
  });

  it('charges IGST when the state differs from the seller’s and CGST + SGST when it is the same, for the same total', async () => {
    const [maharashtra, karnataka] = [newcomers[2]!, newcomers[3]!];
    await put(server, '/api/v1/account/supply-state', { stateCode: '27' }, { cookie: maharashtra.cookie });
    await put(server, '/api/v1/account/supply-state', { stateCode: '29' }, { cookie: karnataka.cookie });
    const id = await contest();
    await addTickets(maharashtra, id, 3);
    await addTickets(karnataka, id, 3);
    const inter = await pay(maharashtra, id);
    const intra = await pay(karnataka, id);
    const amounts = await server.app.db
      .selectFrom('payments')
      .select(['id', 'amount_paise', 'place_of_supply'])
      .where('id', 'in', [inter, intra])
      .execute();
    expect(new Set(amounts.map((p) => Number(p.amount_paise))).size).toBe(1);

    const interText = await invoiceText(inter);
    for (const s of ['Maharashtra', '(27)', 'Inter-state: IGST', 'IGST on entry', 'IGST on platform fee', 'Total GST'])
      expect(interText, s).toContain(s);
    expect(interText).not.toMatch(/CGST|SGST on/);
    const intraText = await invoiceText(intra);
    for (const s of ['Karnataka', '(29)', 'Intra-state: CGST + SGST', 'CGST on entry', 'SGST on entry', 'Total GST'])
      expect(intraText, s).toContain(s);
    expect(intraText).not.toContain('IGST on');

    // A later move changes the next purchases, never an invoice already issued.
    await put(server, '/api/v1/account/supply-state', { stateCode: '29' }, { cookie: maharashtra.cookie });
    expect(await invoiceText(inter)).toContain('Inter-state: IGST');

    // A payment from before the state was asked (none recorded): the seller's state, s.12(2)(b)(ii).
    await server.app.db.updateTable('payments').set({ place_of_supply: null }).where('id', '=', inter).execute();
    expect(await invoiceText(inter)).toContain('Intra-state: CGST + SGST');
  });
});
