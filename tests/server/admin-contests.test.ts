import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { CONTEST_ADMIN_MESSAGES, type ContestInput } from '../../domain/admin-contests.ts';
import { istDate } from '../../domain/schedule.ts';
import { sendCancelNotices } from '../../server/services/admin-contest.service.ts';
import { checkContest } from '../../server/services/contest-counters.service.ts';
import { reconcilePayments } from '../../server/services/payment.service.ts';
import { createPromoCode } from '../../server/services/promo.service.ts';
import { storePicture } from '../../server/services/picture.service.ts';
import { get, insertActiveUsers, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

type User = { id: string; cookie: string };

function put(server: ServerHarness, url: string, payload: unknown, cookie: string) {
  return server.app.inject({
    method: 'PUT',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
  });
}

async function addPrizePicture(server: ServerHarness): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffb300' } })
    .jpeg()
    .toBuffer();
  return (await storePicture(server.app.db, server.app.pictures, jpeg, 'prize')).id;
}

describeOnEachDatabase('the contests console', (server) => {
  // Saturday 21 Nov 2026, 11:30 IST: contest B of the week takes entries; the next window opens Monday 12:00.
  const clock = useTestClock(server);
  let admin: User;
  let players: User[];
  let pictureId: string;
  let otherPictureId: string;
  let prizePictureId: string;
  let nextX = 0;
  const db = () => server.app.db;

  beforeAll(async () => {
    [admin] = (await insertStaff(server, ['admin'], clock.now)) as [User];
    players = await insertActiveUsers(server, 4, clock.now);
    pictureId = await addContestPicture(server);
    otherPictureId = await addContestPicture(server);
    prizePictureId = await addPrizePicture(server);
  });

  const monday = () => ({
    opensAt: istDate(2026, 11, 23, 12).toISOString(),
    closesAt: new Date(istDate(2026, 11, 26).getTime() - 1).toISOString(),
    showAt: istDate(2026, 11, 26, 21).toISOString(),
  });
  const body = (overrides: Partial<ContestInput> = {}): ContestInput => ({
    ...monday(),
    pictureId,
    prizeKind: 'cash',
    prizeTitleEn: 'Cash prize of ₹25,000',
    prizeTitleHi: '₹25,000 का नकद इनाम',
    prizeValuePaise: 2_500_000,
    prizePictureId,
    ticketPricePaise: 4900,
    maxTickets: 50,
    totalTickets: 5000,
    streamUrl: 'https://www.youtube.com/watch?v=live123',
    ...overrides,
  });
  const auditOf = (id: string, action: string) =>
    db().selectFrom('audit_log').selectAll().where('target_id', '=', id).where('action', '=', action).execute();

  async function buy(u: User, contestId: string, count: number, pay = true) {
    const tickets = Array.from({ length: count }, () => ({ x: ++nextX, y: 9 }));
    expect((await post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: u.cookie })).statusCode).toBe(
      200,
    );
    const res = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data as { paymentId: string; checkoutUrl: string; amountPaise: number };
    if (pay) {
      const chosen = await server.app.inject({
        method: 'POST',
        url: o.checkoutUrl,
        payload: 'choice=success',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(chosen.statusCode, chosen.body).toBeLessThan(400);
      const payment = await db()
        .selectFrom('payments')
        .select('status')
        .where('id', '=', o.paymentId)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('success');
    }
    return o;
  }

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

  it('creates a contest (audited), lists it with its figures, and shows the prize photo on the players answer', async () => {
    const res = await post(server, '/api/v1/admin/contests', body(), { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      windowKey: '2026-11-23-A',
      slot: 'A',
      state: 'upcoming',
      prizeTitleHi: '₹25,000 का नकद इनाम',
      prizePictureUrl: `/api/v1/pictures/${prizePictureId}/small`,
      ticketsSold: 0,
      revenuePaise: 0,
      entrants: 0,
      lockedFields: [],
      lockReason: null,
      editable: true,
    });
    const [entry] = await auditOf(created.id, 'contest.create');
    expect(entry).toMatchObject({ actor_id: admin.id, target_type: 'contest' });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ ticketPricePaise: 4900, pictureId });
    // Next week's defaults skip the window now taken.
    expect((await get(server, '/api/v1/admin/contests/defaults', { cookie: admin.cookie })).json().data.opensAt).toBe(
      istDate(2026, 11, 26, 12).toISOString(),
    );
    // Players: the contest after the open one is this one, with its prize photo (the anonymous answer as before).
    await addTestContest(server, { pictureId, now: clock.now, closesInMs: 86_400_000 });
    const current = await get(server, '/api/v1/contests/current');
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=5');
    const next = current.json().data.next;
    expect(next).toMatchObject({
      id: created.id,
      prize: { title: 'Cash prize of ₹25,000', pictureUrl: `/api/v1/pictures/${prizePictureId}/small` },
      cancelReason: null,
    });
    expect((await get(server, '/api/v1/contests/current?lang=hi')).json().data.next.prize.title).toBe(
      '₹25,000 का नकद इनाम',
    );
  });

  it('refuses bad input with a clear message and keeps nothing', async () => {
    const before = await db().selectFrom('contests').select('id').execute();
    const refuse = async (payload: unknown, status: number, match: Record<string, unknown>) => {
      const res = await post(server, '/api/v1/admin/contests', payload, { cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(match);
    };
    const later = {
      opensAt: istDate(2026, 12, 7, 12).toISOString(),
      closesAt: istDate(2026, 12, 9, 23, 59).toISOString(),
      showAt: istDate(2026, 12, 10, 21).toISOString(),
    };
    await refuse(body({ ...later, streamUrl: 'http://example.com/live' }), 400, {
      message: CONTEST_ADMIN_MESSAGES.streamHttps,
    });
    await refuse(body({ ...later, streamUrl: 'javascript:alert(1)' }), 400, {
      message: CONTEST_ADMIN_MESSAGES.streamHttps,
    });
    await refuse(body({ ...later, closesAt: later.opensAt }), 400, { message: CONTEST_ADMIN_MESSAGES.windowOrder });
    await refuse(body({ ...later, showAt: istDate(2026, 12, 8).toISOString() }), 400, {
      message: CONTEST_ADMIN_MESSAGES.windowOrder,
    });
    await refuse(body({ ...later, maxTickets: 100, totalTickets: 50 }), 400, {
      fields: { maxTickets: 'Tickets per person cannot exceed the total tickets' },
    });
    await refuse(body({ ...later, ticketPricePaise: -1 }), 400, { code: 'VALIDATION_FAILED' });
    await refuse(body({ ...later, prizeTitleHi: '  ' }), 400, { message: 'Give the prize a title in Hindi' });
    await refuse(body({ ...later, pictureId: prizePictureId }), 400, {
      code: 'CONTEST_PICTURE_MISSING',
      message: CONTEST_ADMIN_MESSAGES.pictureMissing,
    });
    await refuse(body({ ...later, prizePictureId: pictureId }), 400, { code: 'PRIZE_PICTURE_MISSING' });
    await refuse(
      body({
        opensAt: istDate(2026, 11, 1, 12).toISOString(),
        closesAt: istDate(2026, 11, 4).toISOString(),
        showAt: istDate(2026, 11, 5, 21).toISOString(),
      }),
      400,
      { code: 'CONTEST_WINDOW_CLOSED' },
    );
    // Monday's window has its contest already.
    await refuse(body(), 409, { code: 'CONTEST_WINDOW_OVERLAP', message: CONTEST_ADMIN_MESSAGES.overlap });
    expect(await db().selectFrom('contests').select('id').execute()).toHaveLength(before.length);
  });

  it('counts tickets sold, revenue and entrants; locks price, picture and window once tickets are taken; audits edits', async () => {
    const id = await addTestContest(server, { pictureId, now: clock.now, defaults: { totalTickets: 100 } });
    const a = await buy(players[0]!, id, 3);
    const b = await buy(players[1]!, id, 2);
    await buy(players[1]!, id, 1);
    await buy(players[2]!, id, 4, false); // reserved, not paid
    const res = await get(server, `/api/v1/admin/contests/${id}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    const paid = await db()
      .selectFrom('payments')
      .select('amount_paise')
      .where('contest_id', '=', id)
      .where('status', '=', 'success')
      .execute();
    expect(paid).toHaveLength(3);
    expect(view).toMatchObject({
      state: 'open',
      ticketsSold: 6,
      ticketsTaken: 10,
      entrants: 2,
      revenuePaise: paid.reduce((s, p) => s + Number(p.amount_paise), 0),
      refundedPaise: 0,
      lockedFields: ['price', 'picture', 'window'],
      lockReason: CONTEST_ADMIN_MESSAGES.locked,
    });
    expect(a.amountPaise + b.amountPaise).toBeLessThan(view.revenuePaise);
    // The list carries the same figures (newest window first: Monday's contest before this one).
    const list = (await get(server, '/api/v1/admin/contests?limit=100', { cookie: admin.cookie })).json().data;
    const inList = list.items.find((c: { id: string }) => c.id === id);
    expect(inList).toMatchObject({ ticketsSold: 6, entrants: 2, revenuePaise: view.revenuePaise });
    const opens = list.items.map((c: { opensAt: string }) => Date.parse(c.opensAt));
    expect([...opens].sort((x, y) => y - x)).toEqual(opens);

    const current = { ...view, prizePictureId: null };
    const edit = (overrides: Partial<ContestInput>) =>
      put(
        server,
        `/api/v1/admin/contests/${id}`,
        body({
          opensAt: current.opensAt,
          closesAt: current.closesAt,
          showAt: current.showAt,
          pictureId: current.pictureId,
          prizePictureId: null,
          ticketPricePaise: current.ticketPricePaise,
          maxTickets: 5,
          totalTickets: current.totalTickets,
          ...overrides,
        }),
        admin.cookie,
      );
    for (const change of [
      { ticketPricePaise: 9900 },
      { pictureId: otherPictureId },
      { closesAt: new Date(Date.parse(current.closesAt) + 3_600_000).toISOString() },
    ]) {
      const refused = await edit(change);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONTEST_LOCKED', message: CONTEST_ADMIN_MESSAGES.locked });
    }
    const below = await edit({ totalTickets: 9 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'TOTAL_BELOW_TAKEN',
      message: 'Total tickets cannot be fewer than the tickets already taken (10).',
    });
    const ok = await edit({
      totalTickets: 10,
      prizeTitleEn: 'Signed bat',
      prizeKind: 'merchandise',
      streamUrl: 'https://youtube.com/live/abc',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      totalTickets: 10,
      prizeTitleEn: 'Signed bat',
      streamUrl: 'https://youtube.com/live/abc',
    });
    const [entry] = await auditOf(id, 'contest.update');
    expect(entry!.summary).toMatch(
      /^Edited Contest A of .*: prizeTitleEn, prizeTitleHi, prizeValuePaise, maxTickets, totalTickets, streamUrl$/,
    );
    expect(JSON.parse(entry!.before_json!)).toMatchObject({
      totalTickets: 100,
      prizeTitleEn: server.config.contestDefaults.prizeTitleEn,
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      totalTickets: 10,
      prizeTitleEn: 'Signed bat',
      prizeKind: 'merchandise',
    });
  });

  it('edits everything of a contest with no tickets; a window change keeps the schedule key', async () => {
    const list = (await get(server, '/api/v1/admin/contests?limit=100', { cookie: admin.cookie })).json().data;
    const monday_ = list.items.find((c: { windowKey: string }) => c.windowKey === '2026-11-23-A');
    const res = await put(
      server,
      `/api/v1/admin/contests/${monday_.id}`,
      body({
        opensAt: istDate(2026, 11, 23, 15).toISOString(),
        pictureId: otherPictureId,
        ticketPricePaise: 0,
        prizePictureId: null,
      }),
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      windowKey: '2026-11-23-A',
      pictureId: otherPictureId,
      ticketPricePaise: 0,
      prizePictureId: null,
      opensAt: istDate(2026, 11, 23, 15).toISOString(),
    });
    expect((await put(server, `/api/v1/admin/contests/${crypto.randomUUID()}`, body(), admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it('cancels: refunds every paid ticket through the gateway, releases reservations, tells each player once, refuses sales after', async () => {
    const id = await addTestContest(server, { pictureId, now: clock.now });
    await buy(players[0]!, id, 2);
    await buy(players[1]!, id, 1);
    const pending = await buy(players[2]!, id, 2, false);
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: ++nextX, y: 3 }] },
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
  });

  it('a refund the gateway refuses stays due and the payments job makes it', async () => {
    const id = await addTestContest(server, { pictureId, now: clock.now });
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
    const result = await reconcilePayments({ db: db(), gateway }, clock.now);
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect((await row()).refund_id).toMatch(/^rfnd_/);
  });

  it('a relay that fails leaves the notice for the job; the channel that went is not sent twice', async () => {
    const id = await addTestContest(server, { pictureId, now: clock.now, defaults: { ticketPricePaise: 0 } });
    await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: [{ x: ++nextX, y: 4 }] },
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

  it('shows a cancelled contest to players with its reason, unless a replacement takes its window', async () => {
    const list = (await get(server, '/api/v1/admin/contests?limit=100', { cookie: admin.cookie })).json().data;
    const monday_ = list.items.find((c: { windowKey: string }) => c.windowKey === '2026-11-23-A');
    // Every contest open now is cancelled or closes first; move to Monday afternoon.
    clock.advance(3 * 86_400_000 + 4 * 3_600_000);
    [admin] = (await insertStaff(server, ['admin'], clock.now)) as [User];
    expect(
      (
        await post(
          server,
          `/api/v1/admin/contests/${monday_.id}/cancel`,
          { reason: 'Rain stopped play.' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);
    const current = (await get(server, '/api/v1/contests/current')).json().data.current;
    expect(current).toMatchObject({ id: monday_.id, state: 'cancelled', cancelReason: 'Rain stopped play.' });
    const replacement = await post(
      server,
      '/api/v1/admin/contests',
      body({
        opensAt: new Date(clock.now + 3_600_000).toISOString(),
        closesAt: monday().closesAt,
        showAt: monday().showAt,
      }),
      { cookie: admin.cookie },
    );
    expect(replacement.statusCode, replacement.body).toBe(201);
    expect(replacement.json().data.windowKey).toBe('2026-11-23-A-2');
    expect((await get(server, '/api/v1/contests/current')).json().data.current.id).toBe(replacement.json().data.id);
  });

  it('checks the ticket counters from the console and repairs a contest whose counters drifted; both audited, admins only', async () => {
    const id = await addTestContest(server, { pictureId, now: clock.now, defaults: { totalTickets: 50 } });
    // The clock has moved past the suite's sessions: fresh players.
    players = await insertActiveUsers(server, 4, clock.now);
    await buy(players[0]!, id, 2);
    await buy(players[1]!, id, 1, false);
    const [judge] = await insertStaff(server, ['judge'], clock.now);
    const check = () => post(server, '/api/v1/admin/contests/counters/check', undefined, { cookie: admin.cookie });
    const counters = (res: Awaited<ReturnType<typeof check>>) =>
      (res.json().data.contests as Array<{ contestId: string }>).find((c) => c.contestId === id);

    // After every flow above (sales, reservations, cancellations with refunds): everything matches.
    const first = await check();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().message).toBe('The ticket counters match the tickets.');
    expect(first.json().data.contests.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(first.json().data.contests.some((c: { state: string }) => c.state === 'cancelled')).toBe(false);
    expect(counters(first)).toMatchObject({
      slot: 'A',
      state: 'open',
      takenCounter: 3,
      takenActual: 3,
      players: 2,
      playersMismatched: 0,
      ok: true,
    });
    for (const who of [players[0]!, judge!]) {
      expect(
        (await post(server, '/api/v1/admin/contests/counters/check', undefined, { cookie: who.cookie })).statusCode,
      ).toBe(403);
      expect(
        (await post(server, `/api/v1/admin/contests/${id}/counters/repair`, undefined, { cookie: who.cookie }))
          .statusCode,
      ).toBe(403);
    }

    // Drift (a hand edit, a restore from an old backup): the site now believes 40 are taken.
    await db().updateTable('contest_counters').set({ taken: 40 }).where('contest_id', '=', id).execute();
    await db()
      .deleteFrom('contest_player_counts')
      .where('contest_id', '=', id)
      .where('user_id', '=', players[0]!.id)
      .execute();
    const refused = await post(
      server,
      '/api/v1/cart/items',
      { contestId: id, tickets: Array.from({ length: 11 }, () => ({ x: ++nextX, y: 7 })) },
      { cookie: players[3]!.cookie },
    );
    expect(refused.json().message).toBe('Only 10 tickets are available');
    const drifted = await check();
    expect(drifted.json().message).toBe('The ticket counters of 1 contest differ from the tickets.');
    expect(counters(drifted)).toMatchObject({ takenCounter: 40, takenActual: 3, playersMismatched: 1, ok: false });
    const checks = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'contest.counters.check')
      .orderBy('created_at')
      .orderBy('summary')
      .execute();
    expect(checks.map((e) => e.actor_id)).toEqual([admin.id, admin.id]);
    expect(checks.map((e) => e.summary)).toContainEqual(
      expect.stringMatching(/^Checked the ticket counters of \d+ contests: 1 differ$/),
    );
    expect(JSON.parse(checks.find((e) => e.summary.endsWith('1 differ'))!.after_json!).differing).toEqual([
      { contestId: id, takenCounter: 40, takenActual: 3, playersMismatched: 1 },
    ]);

    const repaired = await post(server, `/api/v1/admin/contests/${id}/counters/repair`, undefined, {
      cookie: admin.cookie,
    });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json().data).toMatchObject({
      before: { takenCounter: 40, takenActual: 3, playersMismatched: 1, ok: false },
      after: { takenCounter: 3, takenActual: 3, playersMismatched: 0, ok: true },
    });
    const [entry] = await auditOf(id, 'contest.counters.repair');
    expect(entry).toMatchObject({
      actor_id: admin.id,
      summary: expect.stringMatching(/^Recounted the tickets of Contest A of .*: taken 40 → 3, 1 player corrected$/),
    });
    expect(JSON.parse(entry!.before_json!)).toEqual({
      contestId: id,
      takenCounter: 40,
      takenActual: 3,
      playersMismatched: 1,
    });
    expect(JSON.parse(entry!.after_json!)).toEqual({
      contestId: id,
      takenCounter: 3,
      takenActual: 3,
      playersMismatched: 0,
    });
    expect(
      (
        await db()
          .selectFrom('contest_player_counts')
          .select('held')
          .where('contest_id', '=', id)
          .where('user_id', '=', players[0]!.id)
          .executeTakeFirstOrThrow()
      ).held,
    ).toBe(2);
    expect(counters(await check())).toMatchObject({ takenCounter: 3, ok: true });
    // Sales go on from the right figure.
    expect(
      (
        await post(
          server,
          '/api/v1/cart/items',
          { contestId: id, tickets: Array.from({ length: 11 }, () => ({ x: ++nextX, y: 8 })) },
          { cookie: players[3]!.cookie },
        )
      ).statusCode,
    ).toBe(200);

    // A repair of counters that match changes nothing and says so; an unknown contest is a 404.
    const again = await post(server, `/api/v1/admin/contests/${id}/counters/repair`, undefined, {
      cookie: admin.cookie,
    });
    expect(again.json().data.before).toEqual(again.json().data.after);
    expect((await auditOf(id, 'contest.counters.repair')).map((e) => e.summary)).toContainEqual(
      expect.stringMatching(/the counters already matched \(3 taken\)$/),
    );
    expect(
      (
        await post(server, `/api/v1/admin/contests/${crypto.randomUUID()}/counters/repair`, undefined, {
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});
