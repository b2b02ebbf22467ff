import { beforeAll, expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { computeBill } from '../../domain/money.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import {
  confirmReservation,
  expireReservations,
  reserveCart,
  reservePaidCart,
} from '../../server/services/cart.service.ts';
import { clearPaidPlay, setPaidPlay } from '../../server/services/settings.service.ts';
import { get, insertActiveUsers, post, useTestClock, XHR } from '../support/accounts.ts';
import {
  addContestPicture,
  addTestContest,
  checkAllCounters,
  insertTickets,
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
} from '../support/contests.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

type User = { id: string; cookie: string };
type Point = { x: number; y: number };

const addItems = (server: ServerHarness, user: User | undefined, contestId: string, tickets: Point[]) =>
  post(server, '/api/v1/cart/items', { contestId, tickets }, { cookie: user?.cookie });
/** The real path that reserves a paid cart: the payment order (tickets reserved, then the gateway's order). */
const reserve = (server: ServerHarness, user: User, contestId: string) =>
  post(server, '/api/v1/payments/orders', { contestId }, { cookie: user.cookie });
/** The reservation a payment order made. */
async function reservationOf(server: ServerHarness, order: { json(): { data: { paymentId: string } } }) {
  const payment = await server.app.db
    .selectFrom('payments')
    .select('reservation_id')
    .where('id', '=', order.json().data.paymentId)
    .executeTakeFirstOrThrow();
  return payment.reservation_id;
}
const checkoutFree = (server: ServerHarness, user: User, contestId: string) =>
  post(server, '/api/v1/cart/checkout-free', { contestId }, { cookie: user.cookie });
const removeItem = (server: ServerHarness, user: User, id: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${id}`, headers: { ...XHR, cookie: user.cookie } });

function expectRefusal(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  message: string,
  code?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message, ...(code ? { code } : {}) });
}

async function ticketsOf(server: ServerHarness, contestId: string) {
  return server.app.db.selectFrom('tickets').selectAll().where('contest_id', '=', contestId).orderBy('x').execute();
}

describeOnEachDatabase('cart and reservations', (server) => {
  const clock = useTestClock(server);
  let pictureId: string;
  let users: User[];
  const user = (i: number) => users[i]!;
  const contest = (defaults: Record<string, number> = {}, window: { opensInMs?: number; closesInMs?: number } = {}) =>
    addTestContest(server, { pictureId, now: clock.now, defaults, ...window });

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    users = await insertActiveUsers(server, 12, clock.now);
  });

  it("asks for a login with the spec's words", async () => {
    const id = await contest();
    expectRefusal(
      await addItems(server, undefined, id, [{ x: 1, y: 1 }]),
      401,
      'Please login to participate in this contest!',
      'UNAUTHENTICATED',
    );
    expect((await get(server, '/api/v1/cart')).statusCode).toBe(401);
    // CSRF applies: without the header a logged-in call is refused.
    const bare = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      payload: { contestId: id, tickets: [{ x: 1, y: 1 }] },
      headers: { cookie: user(0).cookie },
    });
    expect(bare.statusCode).toBe(403);
  });

  it('adds tickets and lists them with one bill per contest', async () => {
    const id = await contest();
    const res = await addItems(server, user(0), id, [
      { x: 5, y: 6 },
      { x: 7, y: 8 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const cart = (await get(server, '/api/v1/cart', { cookie: user(0).cookie })).json().data;
    expect(cart.items).toEqual([
      { id: expect.any(String), contestId: id, x: 5, y: 6, pricePaise: 4900 },
      { id: expect.any(String), contestId: id, x: 7, y: 8, pricePaise: 4900 },
    ]);
    const bill = computeBill({
      ticketPricePaise: 4900,
      ticketCount: 2,
      entryGstBasisPoints: 4000,
      platformFee: { kind: 'perTicket', paise: 200 },
      feeGstBasisPoints: 1800,
    });
    expect(cart.groups).toEqual([
      {
        contestId: id,
        slot: 'A',
        state: 'open',
        closesAt: expect.any(String),
        ticketPricePaise: 4900,
        ticketCount: 2,
        bill,
        promoCode: null,
      },
    ]);
    expect(bill).toMatchObject({ itemsTotal: 9800, platformFee: 400, gstOnPlatformFee: 72, grandTotal: 10272 });
  });

  it('keeps the tickets in the order they were marked, through later adds, removals and the reservation', async () => {
    const id = await contest();
    // Marked right to left: sorting by X would reverse them.
    expect(
      (
        await addItems(server, user(11), id, [
          { x: 900, y: 10 },
          { x: 500, y: 20 },
          { x: 100, y: 30 },
        ])
      ).statusCode,
    ).toBe(200);
    const cartOf = async () =>
      (await get(server, '/api/v1/cart', { cookie: user(11).cookie })).json().data.items as Array<{
        id: string;
        x: number;
      }>;
    expect((await cartOf()).map((i) => i.x)).toEqual([900, 500, 100]);
    const [first] = await cartOf();
    expect((await removeItem(server, user(11), first!.id)).statusCode).toBe(200);
    expect(
      (
        await addItems(server, user(11), id, [
          { x: 800, y: 40 },
          { x: 50, y: 50 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await cartOf()).map((i) => i.x)).toEqual([500, 100, 800, 50]);
    // Added in the same millisecond: still after the ones before.
    expect((await addItems(server, user(11), id, [{ x: 10, y: 60 }])).statusCode).toBe(200);
    expect((await cartOf()).map((i) => i.x)).toEqual([500, 100, 800, 50, 10]);
    const reserved = await reserve(server, user(11), id);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const positions = await server.app.db
      .selectFrom('tickets')
      .select(['x', 'position'])
      .where('contest_id', '=', id)
      .orderBy('position')
      .execute();
    expect(positions).toEqual([500, 100, 800, 50, 10].map((x, position) => ({ x, position })));
  });

  it("refuses a closed or not yet open contest with 'Game Play Closed!', and an unknown one", async () => {
    const closed = await contest({}, { opensInMs: -86_400_000, closesInMs: -1 });
    expectRefusal(
      await addItems(server, user(0), closed, [{ x: 1, y: 1 }]),
      400,
      'Game Play Closed!',
      'GAME_PLAY_CLOSED',
    );
    const upcoming = await contest({}, { opensInMs: 3_600_000, closesInMs: 86_400_000 });
    expectRefusal(await addItems(server, user(0), upcoming, [{ x: 1, y: 1 }]), 400, 'Game Play Closed!');
    expectRefusal(
      await addItems(server, user(0), crypto.randomUUID(), [{ x: 1, y: 1 }]),
      404,
      'This contest does not exist.',
    );
  });

  it('refuses points outside the picture and bad bodies', async () => {
    const id = await contest();
    for (const point of [
      { x: PICTURE_WIDTH, y: 0 },
      { x: 0, y: PICTURE_HEIGHT },
      { x: -1, y: 3 },
      { x: 1.5, y: 3 },
    ]) {
      expectRefusal(
        await addItems(server, user(0), id, [point]),
        400,
        'Mark a point inside the picture',
        'OUT_OF_BOUNDS',
      );
    }
    expect((await addItems(server, user(0), id, [])).statusCode).toBe(400);
    expect(
      (await post(server, '/api/v1/cart/items', { contestId: id, tickets: 'x' }, { cookie: user(0).cookie }))
        .statusCode,
    ).toBe(400);
  });

  it("says 'Only N tickets are available' and 'No Tickets Available' when the contest runs out", async () => {
    const id = await contest({ totalTickets: 3 });
    expectRefusal(
      await addItems(server, user(1), id, [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 3, y: 3 },
        { x: 4, y: 4 },
      ]),
      409,
      'Only 3 tickets are available',
      'ONLY_N_AVAILABLE',
    );
    expect(
      (
        await addItems(server, user(1), id, [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ])
      ).statusCode,
    ).toBe(200);
    // The cart counts too.
    expectRefusal(
      await addItems(server, user(1), id, [
        { x: 3, y: 3 },
        { x: 4, y: 4 },
      ]),
      409,
      'Only 3 tickets are available',
    );
    // Another buyer's cart holds nothing; their reservation does.
    expect(
      (
        await addItems(server, user(2), id, [
          { x: 9, y: 9 },
          { x: 8, y: 8 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await reserve(server, user(2), id)).statusCode).toBe(200);
    expectRefusal(
      await addItems(server, user(3), id, [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ]),
      409,
      'Only 1 tickets are available',
    );
    // User 1's reservation is checked again: 2 in the cart, 1 left.
    expectRefusal(await reserve(server, user(1), id), 409, 'Only 1 tickets are available');
    expect((await addItems(server, user(3), id, [{ x: 1, y: 1 }])).statusCode).toBe(200);
    expect((await reserve(server, user(3), id)).statusCode).toBe(200);
    expectRefusal(
      await addItems(server, user(4), id, [{ x: 1, y: 1 }]),
      409,
      'No Tickets Available',
      'NO_TICKETS_AVAILABLE',
    );
    expectRefusal(await reserve(server, user(1), id), 409, 'No Tickets Available');
  });

  it("says 'Max Ticket Limit Reached' past maxTickets and 'Ticket Limit Exceeded' once all are held", async () => {
    const id = await contest({ maxTicketsPerPerson: 3 });
    expectRefusal(
      await addItems(server, user(5), id, [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 3, y: 3 },
        { x: 4, y: 4 },
      ]),
      400,
      'Max Ticket Limit Reached',
      'MAX_TICKET_LIMIT_REACHED',
    );
    expect(
      (
        await addItems(server, user(5), id, [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ])
      ).statusCode,
    ).toBe(200);
    expectRefusal(
      await addItems(server, user(5), id, [
        { x: 3, y: 3 },
        { x: 4, y: 4 },
      ]),
      400,
      'Max Ticket Limit Reached',
    );
    expect((await reserve(server, user(5), id)).statusCode).toBe(200);
    // Held (reserved) 2 + cart 1 = 3: full.
    expect((await addItems(server, user(5), id, [{ x: 3, y: 3 }])).statusCode).toBe(200);
    expectRefusal(await addItems(server, user(5), id, [{ x: 4, y: 4 }]), 400, 'Max Ticket Limit Reached');
    expect((await reserve(server, user(5), id)).statusCode).toBe(200);
    expectRefusal(
      await addItems(server, user(5), id, [{ x: 4, y: 4 }]),
      400,
      'Ticket Limit Exceeded',
      'TICKET_LIMIT_EXCEEDED',
    );
    // Someone else is not affected.
    expect((await addItems(server, user(6), id, [{ x: 1, y: 1 }])).statusCode).toBe(200);
  });

  it("says 'Duplicate Coordinates' against the request, the cart and the tickets held", async () => {
    const id = await contest();
    expectRefusal(
      await addItems(server, user(6), id, [
        { x: 10, y: 10 },
        { x: 10, y: 10 },
      ]),
      400,
      'Duplicate Coordinates',
      'DUPLICATE_COORDINATES',
    );
    expect((await addItems(server, user(6), id, [{ x: 10, y: 10 }])).statusCode).toBe(200);
    expectRefusal(
      await addItems(server, user(6), id, [
        { x: 11, y: 11 },
        { x: 10, y: 10 },
      ]),
      400,
      'Duplicate Coordinates',
    );
    expect((await reserve(server, user(6), id)).statusCode).toBe(200);
    expectRefusal(await addItems(server, user(6), id, [{ x: 10, y: 10 }]), 400, 'Duplicate Coordinates');
    // The same point is someone else's to play.
    expect((await addItems(server, user(7), id, [{ x: 10, y: 10 }])).statusCode).toBe(200);
  });

  it('keeps the partial unique index as the last line of defence: live points once, released points free', async () => {
    const id = await contest();
    const row = (status: 'reserved' | 'confirmed' | 'released') => ({
      id: crypto.randomUUID(),
      contest_id: id,
      user_id: user(8).id,
      x: 50,
      y: 60,
      status,
      reservation_id: null,
      created_at: clock.now,
      confirmed_at: null,
    });
    await insertTickets(server, [row('released'), row('released'), row('reserved')]);
    const error = await server.app.db
      .insertInto('tickets')
      .values(row('confirmed'))
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    // A cart item of that point cannot be reserved: the held check answers first.
    await server.app.db
      .insertInto('cart_items')
      .values({ id: crypto.randomUUID(), user_id: user(8).id, contest_id: id, x: 50, y: 60, created_at: clock.now })
      .execute();
    expectRefusal(await reserve(server, user(8), id), 400, 'Duplicate Coordinates');
  });

  it('lets one of two tabs win a race for the same point and the same cart', async () => {
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const id = await contest();
    const adds = await Promise.all(Array.from({ length: 4 }, () => addItems(server, player, id, [{ x: 77, y: 88 }])));
    expect(adds.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of adds.filter((r) => r.statusCode !== 200)) expectRefusal(a, 400, 'Duplicate Coordinates');
    const reserves = await Promise.all([
      reserve(server, player!, id),
      reserve(server, player!, id),
      reserve(server, player!, id),
    ]);
    expect(reserves.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of reserves.filter((x) => x.statusCode !== 200))
      expectRefusal(r, 400, 'Your cart has no tickets for this contest.', 'CART_EMPTY');
    expect((await ticketsOf(server, id)).map((t) => [t.x, t.y, t.status])).toEqual([[77, 88, 'reserved']]);
  });

  it("keeps other people's carts out of reach", async () => {
    const id = await contest();
    expect((await addItems(server, user(9), id, [{ x: 3, y: 4 }])).statusCode).toBe(200);
    const mine = (await get(server, '/api/v1/cart', { cookie: user(9).cookie })).json().data.items;
    expect(mine).toHaveLength(1);
    const theirs = (await get(server, '/api/v1/cart', { cookie: user(10).cookie })).json().data.items;
    expect(theirs.some((i: { id: string }) => i.id === mine[0].id)).toBe(false);
    expectRefusal(
      await removeItem(server, user(10), mine[0].id),
      404,
      'This ticket is not in your cart.',
      'CART_ITEM_NOT_FOUND',
    );
    // Reserving empties only one's own cart.
    expectRefusal(await reserve(server, user(10), id), 400, 'Your cart has no tickets for this contest.', 'CART_EMPTY');
    expect((await get(server, '/api/v1/cart', { cookie: user(9).cookie })).json().data.items).toHaveLength(1);
    const removed = await removeItem(server, user(9), mine[0].id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items).toEqual([]);
  });

  it('reserves the cart in one go: tickets reserved, cart emptied, bill and expiry answered', async () => {
    const id = await contest();
    await addItems(server, user(10), id, [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
      { x: 5, y: 6 },
    ]);
    const res = await reserve(server, user(10), id);
    expect(res.statusCode, res.body).toBe(200);
    const data = { ...res.json().data, reservationId: await reservationOf(server, res) };
    expect(data).toMatchObject({
      reservationId: expect.any(String),
      expiresAt: new Date(clock.now + 15 * 60_000).toISOString(),
      bill: expect.objectContaining({ itemsTotal: 14700 }),
    });
    const tickets = await ticketsOf(server, id);
    expect(tickets.map((t) => [t.x, t.y, t.status, t.reservation_id, t.user_id])).toEqual([
      [1, 2, 'reserved', data.reservationId, user(10).id],
      [3, 4, 'reserved', data.reservationId, user(10).id],
      [5, 6, 'reserved', data.reservationId, user(10).id],
    ]);
    const reservation = await server.app.db
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', data.reservationId)
      .executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({
      status: 'active',
      ticket_count: 3,
      amount_paise: data.bill.grandTotal,
      user_id: user(10).id,
      contest_id: id,
    });
    expect((await get(server, '/api/v1/cart', { cookie: user(10).cookie })).json().data.items).toEqual([]);
  });

  it('confirms a reservation once, however often asked', async () => {
    const id = await contest();
    await addItems(server, user(11), id, [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
    ]);
    const reservationId = await reservationOf(server, await reserve(server, user(11), id));
    const outcomes = await Promise.all([
      confirmReservation(server.app.db, reservationId, clock.now),
      confirmReservation(server.app.db, reservationId, clock.now),
    ]);
    expect(outcomes.sort()).toEqual(['already_confirmed', 'confirmed']);
    expect(await confirmReservation(server.app.db, reservationId, clock.now + 1)).toBe('already_confirmed');
    const tickets = await ticketsOf(server, id);
    expect(tickets.map((t) => [t.status, t.confirmed_at])).toEqual([
      ['confirmed', clock.now],
      ['confirmed', clock.now],
    ]);
    // Confirmed reservations never expire.
    clock.advance(20 * 60_000);
    await expireReservations(server.app.db, clock.now);
    expect((await ticketsOf(server, id)).every((t) => t.status === 'confirmed')).toBe(true);
    await expect(confirmReservation(server.app.db, crypto.randomUUID(), clock.now)).rejects.toMatchObject({
      statusCode: 404,
      code: 'RESERVATION_NOT_FOUND',
    });
  });

  it('expires reservations: tickets released for others, the reservation cannot be confirmed', async () => {
    const fresh = await insertActiveUsers(server, 2, clock.now);
    const [a, b] = [fresh[0]!, fresh[1]!];
    const id = await contest({ totalTickets: 2 });
    await addItems(server, a, id, [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
    ]);
    // Through the service, with no payment order: a reservation whose payment is pending is ended by
    // reconciliation, not by this job (a crash between the two leaves one like this).
    const { reservationId } = await reservePaidCart(server.app.db, a.id, id, clock.now, {
      billing: server.config.billing,
      reservationMinutes: server.config.reservationMinutes,
      paidPlayDefault: server.config.paidPlayDefault,
    });
    expectRefusal(await addItems(server, b, id, [{ x: 1, y: 1 }]), 409, 'No Tickets Available');
    // Past its time, even before the job runs, it cannot be confirmed.
    clock.advance(15 * 60_000 + 1);
    await expect(confirmReservation(server.app.db, reservationId, clock.now)).rejects.toMatchObject({
      statusCode: 409,
      code: 'RESERVATION_EXPIRED',
    });
    expect(await expireReservations(server.app.db, clock.now)).toBeGreaterThanOrEqual(1);
    expect(await expireReservations(server.app.db, clock.now)).toBe(0);
    const reservation = await server.app.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', reservationId)
      .executeTakeFirstOrThrow();
    expect(reservation.status).toBe('expired');
    expect((await ticketsOf(server, id)).map((t) => t.status)).toEqual(['released', 'released']);
    await expect(confirmReservation(server.app.db, reservationId, clock.now)).rejects.toMatchObject({
      code: 'RESERVATION_EXPIRED',
    });
    // The points and the room are free again, for the first buyer too.
    expect((await addItems(server, b, id, [{ x: 1, y: 1 }])).statusCode).toBe(200);
    expect((await reserve(server, b, id)).statusCode).toBe(200);
    expect((await addItems(server, a, id, [{ x: 1, y: 1 }])).statusCode).toBe(200);
    expect((await reserve(server, a, id)).statusCode).toBe(200);
  });

  it('confirms free-entry tickets at once, without a payment', async () => {
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const free = await contest({ ticketPricePaise: 0 });
    await addItems(server, player, free, [{ x: 100, y: 200 }]);
    const cart = (await get(server, '/api/v1/cart', { cookie: player!.cookie })).json().data;
    expect(cart.groups[0].bill).toMatchObject({ itemsTotal: 0, platformFee: 0, grandTotal: 0 });
    expectRefusal(
      await reserve(server, player!, free),
      400,
      'This contest is free to enter; confirm your tickets without payment.',
      'FREE_ENTRY_CONTEST',
    );
    const res = await checkoutFree(server, player!, free);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      reservationId: expect.any(String),
      tickets: [{ id: expect.any(String), x: 100, y: 200 }],
    });
    expect((await ticketsOf(server, free)).map((t) => [t.status, t.confirmed_at])).toEqual([['confirmed', clock.now]]);
    const reservation = await server.app.db
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', res.json().data.reservationId)
      .executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({ status: 'confirmed', amount_paise: 0 });
    expectRefusal(await addItems(server, player, free, [{ x: 100, y: 200 }]), 400, 'Duplicate Coordinates');

    const paid = await contest();
    await addItems(server, player, paid, [{ x: 1, y: 1 }]);
    expectRefusal(
      await checkoutFree(server, player!, paid),
      400,
      'This contest is not free to enter.',
      'NOT_FREE_ENTRY',
    );
  });

  it('refuses new paid reservations while paid play is suspended; free entry stays open', async () => {
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const paid = await contest();
    const free = await contest({ ticketPricePaise: 0 });
    await addItems(server, player, paid, [{ x: 1, y: 1 }]);
    await addItems(server, player, free, [{ x: 1, y: 1 }]);
    await setPaidPlay(server.app.db, false, clock.now);
    try {
      const refused = await reserve(server, player!, paid);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'PAID_PLAY_SUSPENDED', message: PAID_PLAY_SUSPENDED_MESSAGE });
      expect(await ticketsOf(server, paid)).toEqual([]);
      expect((await checkoutFree(server, player!, free)).statusCode).toBe(200);
    } finally {
      await clearPaidPlay(server.app.db);
    }
    expect((await reserve(server, player!, paid)).statusCode).toBe(200);
  });

  it('reserveCart re-checks the window inside the transaction', async () => {
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const id = await contest({}, { opensInMs: -3_600_000, closesInMs: 60_000 });
    await addItems(server, player, id, [{ x: 1, y: 1 }]);
    await expect(
      reserveCart(server.app.db, player!.id, id, clock.now + 60_001, {
        billing: server.config.billing,
        reservationMinutes: 15,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Game Play Closed!' });
  });

  // After every flow above (adds, races, reservations, confirmations, expiries, free entry,
  // refusals rolled back): each contest's counters still equal its tickets.
  it("leaves every contest's ticket counters equal to its tickets", async () => {
    const checks = await checkAllCounters(server);
    expect(checks.filter((c) => c.takenActual > 0).length).toBeGreaterThan(5);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });
});
