import { beforeAll, expect, it } from 'vitest';
import { lockRetries, retriedTransaction } from '../../server/db/lock-order.ts';
import { checkContest } from '../../server/services/contests/contest-counters.service.ts';
import { createPromoCode } from '../../server/services/cart/promo.service.ts';
import { insertActiveUsers, post } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { paymentsSetup } from './payments.helpers.ts';

const RELEASERS = 40;
const BUYERS = 40;
const ROUNDS = 2;

type Player = { id: string; cookie: string };

/**
 * Issue 27, finding 1: half the players cancel or fail their pending orders (releases: the
 * counters go down and the points go back to the cart) while the other half order (reservations:
 * the contest row, then the counters). On PostgreSQL the two took their locks in opposite orders
 * and deadlocked; now every path takes the contest row first, then the counters, then tickets and
 * cart items (server/db/lock-order.ts), and a deadlock or serialization failure is retried once.
 * Every answer must be a 2xx and the counters must equal the tickets.
 */
describeOnEachDatabase('releases and reservations at once (issue 27, finding 1)', (server) => {
  const { clock, sendWebhook, postReturn, decide } = paymentsSetup(server);
  let contestId: string;
  let players: Player[];
  let x = 0;

  beforeAll(async () => {
    const pictureId = await addContestPicture(server);
    contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      defaults: { totalTickets: 10_000, maxTicketsPerPerson: 75 },
    });
    players = await insertActiveUsers(server, RELEASERS + BUYERS, clock.now);
  }, 60_000);

  const addTwo = (p: Player) =>
    post(
      server,
      '/api/v1/cart/items',
      {
        contestId,
        tickets: [
          { x: ++x, y: 11 },
          { x: ++x, y: 11 },
        ],
      },
      { cookie: p.cookie },
    );
  // Their holds have run out (as RESERVATION_MINUTES after the order would; the sessions stay fresh).
  const holdsRunOut = (ps: readonly Player[]) =>
    server.app.db
      .updateTable('reservations')
      .set({ expires_at: clock.now - 1 })
      .where(
        'user_id',
        'in',
        ps.map((p) => p.id),
      )
      .where('status', '=', 'active')
      .execute();
  const orderOf = (p: Player) => post(server, '/api/v1/payments/orders', { contestId }, { cookie: p.cookie });

  it('answers every cancel, failure and order without a 5xx, and the counters stay true', async () => {
    const deadlocksBefore = lockRetries.deadlock;
    for (let round = 0; round < ROUNDS; round += 1) {
      const releasers = players.slice(0, RELEASERS);
      const buyers = players.slice(RELEASERS);
      // The releasers hold pending orders; the buyers have two points each in their carts.
      const pending = [];
      for (const p of releasers) {
        if (round === 0) expect((await addTwo(p)).statusCode).toBe(200);
        const res = await orderOf(p);
        expect(res.statusCode, res.body).toBe(200);
        pending.push({ player: p, orderId: res.json().data.orderId as string });
      }
      for (const p of buyers) expect((await addTwo(p)).statusCode).toBe(200);
      // The gateway's answers are decided before the rush (the sandbox page's part).
      const decided = await Promise.all(
        pending.map(async (o, i) => ({ ...o, ...(await decide(o.orderId, i % 2 === 0 ? 'cancel' : 'failure')) })),
      );

      // A failed or cancelled payment keeps its tickets while the reservation holds (issue 25's
      // "Try again"); past the hold, its end releases them back to the cart: those releases race
      // the orders here.
      await holdsRunOut(releasers);
      const answers = await Promise.all([
        ...decided.map((o, i) => (i % 2 === 0 ? postReturn(o.player, o.fields) : sendWebhook(o.hook()))),
        ...buyers.map((p) => orderOf(p)),
      ]);
      const failed = answers.filter((a) => a.statusCode >= 500);
      expect(
        failed.map((a) => a.body),
        `${failed.length} of ${answers.length} answered 5xx`,
      ).toEqual([]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);

      // Every release gave its points back to the cart; every buyer's order holds its two tickets.
      const carts = await server.app.db
        .selectFrom('cart_items')
        .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('n')])
        .where('contest_id', '=', contestId)
        .groupBy('user_id')
        .execute();
      const inCart = new Map(carts.map((c) => [c.user_id, Number(c.n)]));
      for (const p of releasers) expect(inCart.get(p.id)).toBe(2);
      for (const p of buyers) expect(inCart.get(p.id)).toBeUndefined();
      expect(await checkContest(server.app.db, contestId)).toMatchObject({ ok: true, playersMismatched: 0 });

      // Next round: the buyers' orders end too (by reconciliation's path: a failure), the roles swap.
      const buyerOrders = answers.slice(RELEASERS).map((a, i) => ({ player: buyers[i]!, body: a.json().data }));
      await holdsRunOut(buyers);
      for (const o of buyerOrders) {
        const { hook } = await decide(o.body.orderId, 'failure');
        expect((await sendWebhook(hook())).statusCode).toBe(200);
      }
      players = [...buyers, ...releasers];
    }
    // The lock order, not the retry, keeps them apart: no transaction was a deadlock victim.
    expect(lockRetries.deadlock - deadlocksBefore).toBe(0);
  }, 120_000);

  it("a promo code's last uses: failures free uses while others order with the code", async () => {
    const deadlocksBefore = lockRetries.deadlock;
    const LIMIT = 30;
    const code = 'LASTUSE27';
    await createPromoCode(
      server.app.db,
      {
        code,
        promo: { kind: 'flat', amountPaise: 500 },
        validFrom: clock.now - 86_400_000,
        validUntil: clock.now + 86_400_000,
        maxUses: LIMIT,
      },
      clock.now,
    );
    const people = await insertActiveUsers(server, 40, clock.now);
    const releasers = people.slice(0, 20);
    const buyers = people.slice(20);
    const applyCode = async (p: Player) => {
      const res = await post(server, '/api/v1/cart/promo', { contestId, code }, { cookie: p.cookie });
      expect(res.statusCode, res.body).toBe(200);
    };
    const pending = [];
    for (const p of releasers) {
      expect((await addTwo(p)).statusCode).toBe(200);
      await applyCode(p);
      const res = await orderOf(p);
      expect(res.statusCode, res.body).toBe(200);
      pending.push({ player: p, orderId: res.json().data.orderId as string });
    }
    // 20 of 30 uses are held by pending orders; 20 more people want the code.
    for (const p of buyers) {
      expect((await addTwo(p)).statusCode).toBe(200);
      await applyCode(p);
    }
    const decided = await Promise.all(
      pending.map(async (o, i) => ({ ...o, ...(await decide(o.orderId, i % 2 === 0 ? 'cancel' : 'failure')) })),
    );
    // Past the hold, the failures and cancels release their tickets (and their code's use).
    await holdsRunOut(releasers);
    const answers = await Promise.all([
      ...decided.map((o, i) => (i % 2 === 0 ? postReturn(o.player, o.fields) : sendWebhook(o.hook()))),
      ...buyers.map((p) => orderOf(p)),
    ]);
    const failed = answers.filter((a) => a.statusCode >= 500);
    expect(
      failed.map((a) => a.body),
      `${failed.length} of ${answers.length} answered 5xx`,
    ).toEqual([]);
    for (const a of answers.slice(0, 20)) expect(a.statusCode, a.body).toBe(200);
    // A buyer either got the code or was told it is used up; never more uses than the limit.
    const won = answers.slice(20).filter((a) => a.statusCode === 200);
    for (const a of answers.slice(20)) {
      if (a.statusCode !== 200) expect(a.json(), a.body).toMatchObject({ code: 'INVALID_PROMO' });
    }
    expect(won.length).toBeGreaterThanOrEqual(LIMIT - 20);
    const used = await server.app.db
      .selectFrom('promo_redemptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('promo_code', '=', code)
      .executeTakeFirstOrThrow();
    expect(Number(used.n)).toBe(won.length);
    expect(Number(used.n)).toBeLessThanOrEqual(LIMIT);
    // The released players have their points and the code back on their carts.
    const promos = await server.app.db
      .selectFrom('cart_promos')
      .select('user_id')
      .where('contest_id', '=', contestId)
      .where('promo_code', '=', code)
      .execute();
    expect(new Set(promos.map((p) => p.user_id))).toEqual(
      new Set([
        ...releasers.map((p) => p.id),
        ...buyers.filter((_, i) => answers[20 + i]!.statusCode !== 200).map((p) => p.id),
      ]),
    );
    expect(await checkContest(server.app.db, contestId)).toMatchObject({ ok: true, playersMismatched: 0 });
    expect(lockRetries.deadlock - deadlocksBefore).toBe(0);
  }, 120_000);

  it.runIf(server.dialectName === 'postgres')('runs a deadlock victim again, once', async () => {
    const db = server.app.db;
    const keys = ['lock-order-a', 'lock-order-b'];
    await db
      .insertInto('app_meta')
      .values(keys.map((key) => ({ key, value: '0', updated_at: 0 })))
      .execute();
    const before = lockRetries.deadlock;
    let attempts = 0;
    let firstWrites = 0;
    let bothWrote!: () => void;
    const barrier = new Promise<void>((resolve) => (bothWrote = resolve));
    // Two transactions take the same two rows in opposite orders: PostgreSQL ends one of them.
    const crossed = (first: string, second: string) =>
      retriedTransaction({ db }, async (trx) => {
        attempts += 1;
        const write = (key: string) =>
          trx.updateTable('app_meta').set({ value: first, updated_at: attempts }).where('key', '=', key).execute();
        await write(first);
        firstWrites += 1;
        if (firstWrites === 2) bothWrote();
        if (firstWrites <= 2) await barrier;
        await write(second);
      });
    await Promise.all([crossed(keys[0]!, keys[1]!), crossed(keys[1]!, keys[0]!)]);
    expect(attempts).toBe(3);
    expect(lockRetries.deadlock - before).toBe(1);
  });

  it('runs a transaction again only once', async () => {
    let attempts = 0;
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' });
    await expect(
      retriedTransaction({ db: server.app.db }, async () => {
        attempts += 1;
        throw conflict;
      }),
    ).rejects.toBe(conflict);
    expect(attempts).toBe(2);
    // Anything else is not run again.
    attempts = 0;
    await expect(
      retriedTransaction({ db: server.app.db }, async () => {
        attempts += 1;
        throw new Error('a bug');
      }),
    ).rejects.toThrow('a bug');
    expect(attempts).toBe(1);
  });
});
