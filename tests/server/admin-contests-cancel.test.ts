import { expect, it } from 'vitest';
import { CONTEST_ADMIN_MESSAGES } from '../../domain/admin-contests.ts';
import { sendCancelNotices } from '../../server/services/admin/admin-contests/cancel.ts';
import { checkContest } from '../../server/services/contests/contest-counters.service.ts';
import { reconcilePayments } from '../../server/services/payments/reconcile.ts';
import { CANCEL_REFUND_REASON } from '../../server/services/payments/refund-reasons.ts';
import { createPromoCode } from '../../server/services/cart/promo.service.ts';
import { get, post } from '../support/accounts.ts';
import { useContestsConsole } from '../support/contests-console.ts';
import { addTestContest, put } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('the contests console', (server) => {
  const { clock, admin, players, pictures, nextX, db, monday, body, auditOf, buy } = useContestsConsole(server);

  it('offers the schedule next free window and the configured defaults for a new contest', async () => {
    const res = await get(server, '/api/v1/admin/contests/defaults', { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      slot: 'A',
      ...monday(),
      ticketPricePaise: 4900,
      maxTickets: 75,
      totalTickets: 10000,
    });
  });

  it('cancels: refunds every paid ticket through the gateway, releases reservations, tells each player once, refuses sales after', async () => {
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now });
    await buy(players[0]!, id, 2);
    await buy(players[1]!, id, 1);
    const pending = await buy(players[2]!, id, 2, false);
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: nextX(), y: 3 }] },
      { cookie: players[3]!.cookie },
    );

    const noReason = await post(
      server,
      `/api/v1/admin/contests/${id}/cancel`,
      { reason: '' },
      { cookie: admin.cookie },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
    const outboxBefore = await db().selectFrom('outbox_messages').select('id').execute();

    const res = await post(
      server,
      `/api/v1/admin/contests/${id}/cancel`,
      { reason: 'The picture leaked before the contest opened.' },
      { cookie: admin.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: CONTEST_ADMIN_MESSAGES.cancelled,
      data: {
        state: 'cancelled',
        cancelReason: 'The picture leaked before the contest opened.',
        editable: false,
        cancellable: false,
      },
    });

    const payments = await db().selectFrom('payments').selectAll().where('contest_id', '=', id).execute();
    const success = payments.filter((p) => p.status === 'success');
    expect(success).toHaveLength(2);
    for (const p of success) {
      expect(p).toMatchObject({ refund_due: 1, refund_id: expect.stringMatching(/^rfnd_/) });
      const order = await db()
        .selectFrom('sandbox_orders')
        .select('refund_id')
        .where('id', '=', p.gateway_order_id)
        .executeTakeFirstOrThrow();
      expect(order.refund_id).toBe(p.refund_id);
    }
    expect(res.json().data.refundedPaise).toBe(res.json().data.revenuePaise);
    const reservation = await db()
      .selectFrom('payments')
      .innerJoin('reservations', 'reservations.id', 'payments.reservation_id')
      .select('reservations.status')
      .where('payments.id', '=', pending.paymentId)
      .executeTakeFirstOrThrow();
    expect(reservation.status).toBe('cancelled');
    const tickets = await db()
      .selectFrom('tickets')
      .select(['status', 'user_id'])
      .where('contest_id', '=', id)
      .execute();
    expect(tickets.filter((t) => t.status === 'reserved')).toEqual([]);
    expect(tickets.filter((t) => t.status === 'confirmed')).toHaveLength(3);
    expect(await db().selectFrom('cart_items').select('id').where('contest_id', '=', id).execute()).toEqual([]);
    // Counted out with the release, in the cancel's transaction: the three confirmed tickets stay taken.
    expect(await checkContest(db(), id)).toMatchObject({ takenCounter: 3, takenActual: 3, players: 2, ok: true });

    // Each holder of confirmed tickets: one SMS and one e-mail. Nobody else.
    const messages = await db()
      .selectFrom('outbox_messages')
      .selectAll()
      .where('id', 'not in', outboxBefore.length ? outboxBefore.map((m) => m.id) : ['-'])
      .execute();
    const holders = await db()
      .selectFrom('users')
      .select(['phone', 'email'])
      .where('id', 'in', [players[0]!.id, players[1]!.id])
      .execute();
    expect(messages.map((m) => m.recipient).sort()).toEqual(holders.flatMap((h) => [h.phone, h.email]).sort());
    expect(messages.find((m) => m.channel === 'email')?.body).toMatch(
      /cancelled[\s\S]*The picture leaked[\s\S]*refunded/,
    );
    expect(await sendCancelNotices(db(), server.app.messages, 'http://x', () => clock.now)).toEqual({
      sent: 0,
      failed: 0,
    });

    const [entry] = await auditOf(id, 'contest.cancel');
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ state: 'cancelled', refunds: 2, playersTold: 2 });

    // Sales refused; the cancelled contest shows so to players; it can neither be cancelled again nor edited.
    const add = await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: 1, y: 1 }] },
      { cookie: players[3]!.cookie },
    );
    expect(add.json()).toMatchObject({ code: 'GAME_PLAY_CLOSED' });
    const order = await post(server, '/api/v1/payments/orders', { contestId: id }, { cookie: players[0]!.cookie });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (
        await post(
          server,
          `/api/v1/admin/contests/${id}/cancel`,
          { reason: 'Again, by mistake' },
          { cookie: admin.cookie },
        )
      ).json(),
    ).toMatchObject({ code: 'CONTEST_NOT_CANCELLABLE' });
    const view = (await get(server, `/api/v1/admin/contests/${id}`, { cookie: admin.cookie })).json().data;
    expect(
      (
        await put(
          server,
          `/api/v1/admin/contests/${id}`,
          body({ ...monday(), opensAt: view.opensAt, closesAt: view.closesAt, showAt: view.showAt }),
          admin.cookie,
        )
      ).json(),
    ).toMatchObject({ code: 'CONTEST_NOT_EDITABLE' });

    // The pending payment, paid after all, is refunded too (its reservation is gone).
    const late = await db()
      .selectFrom('payments')
      .select('gateway_order_id')
      .where('id', '=', pending.paymentId)
      .executeTakeFirstOrThrow();
    await server.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/checkout/${late.gateway_order_id}`,
      payload: 'choice=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(
      await db()
        .selectFrom('payments')
        .select(['status', 'refund_id'])
        .where('id', '=', pending.paymentId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: 'error', refund_id: expect.stringMatching(/^rfnd_/) });
    // The player is told the true reason, and the cancelled contest's tickets do not come back to the cart.
    const answer = (await get(server, `/api/v1/payments/${pending.paymentId}`, { cookie: players[2]!.cookie })).json()
      .data;
    expect(answer).toMatchObject({ refunded: true, refundCode: 'contestCancelled' });
    expect(answer.refund.reason).toBe(CANCEL_REFUND_REASON);
    expect(await db().selectFrom('cart_items').select('id').where('contest_id', '=', id).execute()).toEqual([]);
  });

  it('a refund the gateway refuses stays due and the payments job makes it', async () => {
    const id = await addTestContest(server, { pictureId: pictures.contest, now: clock.now });
    await buy(players[3]!, id, 1);
    // A promo used by this payment is given back with the cancellation.
    await createPromoCode(
      db(),
      {
        code: 'CANCELTEST',
        promo: { kind: 'flat', amountPaise: 100 },
        validFrom: clock.now - 1,
        validUntil: clock.now + 86_400_000,
        maxUsesPerUser: 1,
      },
      clock.now,
    );
    const paid = await db().selectFrom('payments').select('id').where('contest_id', '=', id).executeTakeFirstOrThrow();
    await db()
      .insertInto('promo_redemptions')
      .values({
        id: crypto.randomUUID(),
        promo_code: 'CANCELTEST',
        user_id: players[3]!.id,
        payment_id: paid.id,
        created_at: clock.now,
      })
      .execute();
    const gateway = server.app.payments!;
    const refund = gateway.refund.bind(gateway);
    gateway.refund = () => Promise.reject(new Error('gateway down'));
    try {
      const res = await post(
        server,
        `/api/v1/admin/contests/${id}/cancel`,
        { reason: 'Judges unavailable this week.' },
        { cookie: admin.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      gateway.refund = refund;
    }
    const row = () =>
      db()
        .selectFrom('payments')
        .select(['refund_due', 'refund_id'])
        .where('contest_id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ refund_due: 1, refund_id: null });
    expect(await db().selectFrom('promo_redemptions').select('id').where('payment_id', '=', paid.id).execute()).toEqual(
      [],
    );
    const result = await reconcilePayments(
      { db: db(), gateway, invoices: server.config.invoices, paidPlayDefault: server.config.paidPlayDefault },
      clock.now,
    );
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect((await row()).refund_id).toMatch(/^rfnd_/);
  });

  it('a relay that fails leaves the notice for the job; the channel that went is not sent twice', async () => {
    const id = await addTestContest(server, {
      pictureId: pictures.contest,
      now: clock.now,
      defaults: { ticketPricePaise: 0 },
    });
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: nextX(), y: 4 }] },
      { cookie: players[2]!.cookie },
    );
    const free = await post(server, '/api/v1/cart/checkout-free', { contestId: id }, { cookie: players[2]!.cookie });
    expect(free.statusCode, free.body).toBe(200);
    const messages = server.app.messages;
    const send = messages.send.bind(messages);
    messages.send = (m) => (m.channel === 'email' ? Promise.reject(new Error('SMTP down')) : send(m));
    try {
      expect(
        (
          await post(
            server,
            `/api/v1/admin/contests/${id}/cancel`,
            { reason: 'Sponsor withdrew the prize.' },
            { cookie: admin.cookie },
          )
        ).statusCode,
      ).toBe(200);
    } finally {
      messages.send = send;
    }
    const player = await db()
      .selectFrom('users')
      .select(['phone', 'email'])
      .where('id', '=', players[2]!.id)
      .executeTakeFirstOrThrow();
    const told = () =>
      db()
        .selectFrom('outbox_messages')
        .select(['recipient', 'body'])
        .where('body', 'like', '%Sponsor withdrew%')
        .execute();
    expect((await told()).map((m) => m.recipient)).toEqual([player.phone]);
    expect((await told())[0]!.body).not.toMatch(/refunded/);
    expect(await sendCancelNotices(db(), messages, 'http://x', () => clock.now)).toEqual({ sent: 1, failed: 0 });
    expect((await told()).map((m) => m.recipient).sort()).toEqual([player.email, player.phone].sort());
  });
});
