import { expect, it } from 'vitest';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { get, insertActiveUsers } from '../support/accounts.ts';
import { insertTickets } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { addItems, reserve, removeItem, expectRefusal, ticketsOf, cartSetup } from './cart.helpers.ts';

describeOnEachDatabase('cart and reservations', (server) => {
  const { clock, user, contest } = cartSetup(server);

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
});
