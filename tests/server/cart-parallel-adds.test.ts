import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { addItems, cartSetup, expectRefusal, reserve } from './cart.helpers.ts';

const ADDS = 10;
const EACH = 9;

const points = (add: number, each = EACH) => Array.from({ length: each }, (_, i) => ({ x: 10 + add * 20 + i, y: 40 }));

/**
 * Issue 27, finding 12: ten parallel adds of nine points to one cart left 90 items (limit 75) on
 * PostgreSQL, because each add counted the cart before any of the others had written. A player's
 * adds now wait for each other on their counter row, so the cart never passes the limit.
 */
describeOnEachDatabase('parallel adds to one cart (issue 27, finding 12)', (server) => {
  const { user, contest } = cartSetup(server);

  const cartCount = async (userId: string, contestId: string) =>
    Number(
      (
        await server.app.db
          .selectFrom('cart_items')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .where('contest_id', '=', contestId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('never lets the cart pass maxTickets: 8 adds of 9 fit in 75, the other 2 are refused', async () => {
    const id = await contest({ maxTicketsPerPerson: 75 });
    const answers = await Promise.all(Array.from({ length: ADDS }, (_, a) => addItems(server, user(0), id, points(a))));
    const ok = answers.filter((a) => a.statusCode === 200);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expectRefusal(refused, 400, 'Max Ticket Limit Reached', 'MAX_TICKET_LIMIT_REACHED');
    }
    expect(ok).toHaveLength(Math.floor(75 / EACH));
    expect(await cartCount(user(0).id, id)).toBe(Math.floor(75 / EACH) * EACH);
  });

  it('counts the tickets already held too, and other players are not held back', async () => {
    const id = await contest({ maxTicketsPerPerson: 20 });
    expect((await addItems(server, user(1), id, points(0, 11))).statusCode).toBe(200);
    expect((await reserve(server, user(1), id)).statusCode).toBe(200);
    // 11 held: room for 9 more, so one add of 9 at most, while another player adds alongside.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, a) => addItems(server, user(1), id, points(a + 1))),
      ...Array.from({ length: 2 }, (_, a) => addItems(server, user(2), id, points(a + 1))),
    ]);
    expect(answers.slice(0, 6).filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await cartCount(user(1).id, id)).toBe(EACH);
    expect(answers.slice(6).map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await cartCount(user(2).id, id)).toBe(2 * EACH);
  });
});
