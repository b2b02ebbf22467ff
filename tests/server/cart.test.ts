import { expect, it } from 'vitest';
import { computeBill } from '../../domain/money.ts';
import { get, post } from '../support/accounts.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { addItems, reserve, removeItem, expectRefusal, cartSetup } from './cart.helpers.ts';

describeOnEachDatabase('cart and reservations', (server) => {
  const { user, contest } = cartSetup(server);

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
    const onlyThree = await addItems(server, user(1), id, [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
      { x: 4, y: 4 },
    ]);
    expectRefusal(onlyThree, 409, 'Only 3 tickets are available', 'ONLY_N_AVAILABLE');
    // The count goes as a number too, so the web says it in Hindi without reading the English.
    expect(onlyThree.json().details).toEqual({ available: 3 });
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
      'Only 1 ticket is available',
    );
    // User 1's reservation is checked again: 2 in the cart, 1 left.
    expectRefusal(await reserve(server, user(1), id), 409, 'Only 1 ticket is available');
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
});
