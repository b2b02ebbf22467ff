import { beforeAll, expect, it } from 'vitest';
import { computeBill } from '../../domain/money.ts';
import { createPromoCode, DEMO_PROMO_CODE, seedDemoPromo } from '../../server/services/cart/promo.service.ts';
import { get, insertActiveUsers, post, useTestClock, XHR } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

type User = { id: string; cookie: string };
const DAY = 86_400_000;

const apply = (server: ServerHarness, user: User | undefined, contestId: string, code: unknown) =>
  post(server, '/api/v1/cart/promo', { contestId, code }, { cookie: user?.cookie });
const remove = (server: ServerHarness, user: User, contestId: string) =>
  server.app.inject({
    method: 'DELETE',
    url: '/api/v1/cart/promo',
    payload: { contestId },
    headers: { ...XHR, cookie: user.cookie },
  });

function expectRefusal(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  message: string,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message, code });
}

const billOf = (count: number, promo: Parameters<typeof computeBill>[0]['promo'] = null) =>
  computeBill({
    ticketPricePaise: 4900,
    ticketCount: count,
    promo,
    entryGstBasisPoints: 4000,
    platformFee: { kind: 'perTicket', paise: 200 },
    feeGstBasisPoints: 1800,
  });

describeOnEachDatabase('promo codes', (server) => {
  const clock = useTestClock(server);
  let pictureId: string;
  let users: User[];
  const user = (i: number) => users[i]!;
  let contestId: string;
  let n = 0;
  const code = (prefix: string) => `${prefix}${++n}`;
  const addCode = async (prefix: string, extra: Partial<Parameters<typeof createPromoCode>[1]> = {}) => {
    const c = code(prefix);
    await createPromoCode(
      server.app.db,
      {
        code: c,
        promo: { kind: 'flat', amountPaise: 1000 },
        validFrom: clock.now - DAY,
        validUntil: clock.now + DAY,
        ...extra,
      },
      clock.now,
    );
    return c;
  };
  const useUp = async (c: string, userId: string) =>
    server.app.db
      .insertInto('promo_redemptions')
      .values({
        id: crypto.randomUUID(),
        promo_code: c,
        user_id: userId,
        payment_id: crypto.randomUUID(),
        created_at: clock.now,
      })
      .execute();

  beforeAll(async () => {
    pictureId = await addContestPicture(server);
    users = await insertActiveUsers(server, 6, clock.now);
    contestId = await addTestContest(server, { pictureId, now: clock.now });
    for (const u of users) {
      const res = await post(
        server,
        '/api/v1/cart/items',
        {
          contestId,
          tickets: [
            { x: 10, y: 10 },
            { x: 20, y: 20 },
          ],
        },
        { cookie: u.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("asks for a code with 'Please enter a promo code' and needs a login", async () => {
    expectRefusal(await apply(server, user(0), contestId, ''), 400, 'Please enter a promo code', 'PROMO_REQUIRED');
    expectRefusal(await apply(server, user(0), contestId, '   '), 400, 'Please enter a promo code', 'PROMO_REQUIRED');
    expect((await apply(server, undefined, contestId, 'X')).statusCode).toBe(401);
  });

  it('applies a code in any case, shows it in the bill, refuses it twice, and removes it', async () => {
    const c = await addCode('FLAT');
    const res = await apply(server, user(0), contestId, ` ${c.toLowerCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    const flat = billOf(2, { kind: 'flat', amountPaise: 1000 });
    expect(res.json().data).toEqual({ contestId, promoCode: c, bill: flat });
    expect(flat.promoApplied).toBe(1000);
    const cart = (await get(server, '/api/v1/cart', { cookie: user(0).cookie })).json().data;
    expect(cart.groups[0].bill).toEqual(flat);
    expect(cart.groups[0].promoCode).toBe(c);
    expectRefusal(
      await apply(server, user(0), contestId, c),
      400,
      'A promo code is already applied. Remove it to use another.',
      'PROMO_ALREADY_APPLIED',
    );
    const other = await addCode('OTHER');
    expectRefusal(
      await apply(server, user(0), contestId, other),
      400,
      'A promo code is already applied. Remove it to use another.',
      'PROMO_ALREADY_APPLIED',
    );
    const removed = await remove(server, user(0), contestId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ contestId, promoCode: null, bill: billOf(2) });
    expect((await get(server, '/api/v1/cart', { cookie: user(0).cookie })).json().data.groups[0].promoCode).toBeNull();
    expectRefusal(await remove(server, user(0), contestId), 400, 'No promo code is applied.', 'PROMO_NOT_APPLIED');
  });

  it('applies a capped percent code', async () => {
    const c = await addCode('PCT', { promo: { kind: 'percent', basisPoints: 5000, capPaise: 3000 } });
    const res = await apply(server, user(1), contestId, c);
    expect(res.json().data.bill).toEqual(billOf(2, { kind: 'percent', basisPoints: 5000, capPaise: 3000 }));
    expect(res.json().data.bill.promoApplied).toBe(3000);
    await remove(server, user(1), contestId);
  });

  it("says 'Invalid Promo Code' for unknown, inactive, not yet valid and expired codes", async () => {
    expectRefusal(await apply(server, user(2), contestId, 'NOSUCHCODE'), 400, 'Invalid Promo Code', 'INVALID_PROMO');
    expectRefusal(
      await apply(server, user(2), contestId, await addCode('OFF', { isActive: false })),
      400,
      'Invalid Promo Code',
      'INVALID_PROMO',
    );
    expectRefusal(
      await apply(
        server,
        user(2),
        contestId,
        await addCode('SOON', { validFrom: clock.now + 1, validUntil: clock.now + DAY }),
      ),
      400,
      'Invalid Promo Code',
      'INVALID_PROMO',
    );
    expectRefusal(
      await apply(
        server,
        user(2),
        contestId,
        await addCode('OLD', { validFrom: clock.now - 2 * DAY, validUntil: clock.now - 1 }),
      ),
      400,
      'Invalid Promo Code',
      'INVALID_PROMO',
    );
    // The edges of the window are inside it.
    const edge = await addCode('EDGE', { validFrom: clock.now, validUntil: clock.now });
    expect((await apply(server, user(2), contestId, edge)).statusCode).toBe(200);
    await remove(server, user(2), contestId);
  });

  it("says 'Invalid Promo Code' once a code is used up overall or by this person", async () => {
    const overall = await addCode('ALL', { maxUses: 2 });
    await useUp(overall, user(4).id);
    expect((await apply(server, user(3), contestId, overall)).statusCode).toBe(200);
    await remove(server, user(3), contestId);
    await useUp(overall, user(5).id);
    expectRefusal(await apply(server, user(3), contestId, overall), 400, 'Invalid Promo Code', 'INVALID_PROMO');

    const perUser = await addCode('ONCE', { maxUsesPerUser: 1 });
    await useUp(perUser, user(3).id);
    expectRefusal(await apply(server, user(3), contestId, perUser), 400, 'Invalid Promo Code', 'INVALID_PROMO');
    expect((await apply(server, user(4), contestId, perUser)).statusCode).toBe(200);
    await remove(server, user(4), contestId);
  });

  it("refuses an unknown contest and says 'Failed to Apply Promo Code' when something unexpected breaks", async () => {
    const c = await addCode('ANY');
    expect((await apply(server, user(5), crypto.randomUUID(), c)).statusCode).toBe(404);
    const original = server.app.db.insertInto.bind(server.app.db);
    server.app.db.insertInto = (() => {
      throw new Error('disk full');
    }) as typeof server.app.db.insertInto;
    try {
      expectRefusal(await apply(server, user(5), contestId, c), 500, 'Failed to Apply Promo Code', 'PROMO_FAILED');
    } finally {
      server.app.db.insertInto = original;
    }
  });

  it('seeds WELCOME10 once, never in production', async () => {
    expect(await seedDemoPromo(server.app.db, true, clock.now)).toBe(false);
    expect(await seedDemoPromo(server.app.db, false, clock.now)).toBe(true);
    expect(await seedDemoPromo(server.app.db, false, clock.now)).toBe(false);
    const row = await server.app.db
      .selectFrom('promo_codes')
      .selectAll()
      .where('code', '=', DEMO_PROMO_CODE)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'percent',
      basis_points: 1000,
      cap_paise: 5000,
      max_uses_per_user: 1,
      max_uses: null,
    });
  });
});
