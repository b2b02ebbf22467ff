import { expect, it } from 'vitest';
import { auditOf, get, insertActiveUsers, insertStaff, post, put as putAs, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { usablePromo } from '../../server/services/cart/promo.service.ts';

let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4).toUpperCase()}${++n}`;

describeOnEachDatabase('admin: promo codes', (server) => {
  // 2026-11-21 11:30 IST
  const clock = useTestClock(server);
  const put = (url: string, payload: unknown, cookie: string) => putAs(server, url, payload, { cookie });
  const log = (code: string) => auditOf(server, 'promo', code);
  const body = (code: string, extra: Record<string, unknown> = {}) => ({
    code: code.toLowerCase(),
    kind: 'percent',
    value: '12.5',
    capRupees: '100',
    validFrom: '2026-11-21T00:00',
    validUntil: '2026-11-30T23:59',
    maxUses: '50',
    maxUsesPerUser: '2',
    ...extra,
  });
  const redeem = async (code: string, userId: string) =>
    server.app.db
      .insertInto('promo_redemptions')
      .values({
        id: crypto.randomUUID(),
        promo_code: code,
        user_id: userId,
        payment_id: crypto.randomUUID(),
        created_at: clock.now,
      })
      .execute();

  it('creates a percent code (dates read as IST), lists it with its usage, audited', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const code = uniqueCode('DIWALI');
    const res = await post(server, '/api/v1/admin/promos', body(code), { cookie: admin!.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.promo).toEqual({
      code,
      kind: 'percent',
      basisPoints: 1250,
      amountPaise: 0,
      capPaise: 10000,
      validFrom: Date.UTC(2026, 10, 20, 18, 30),
      validUntil: Date.UTC(2026, 10, 30, 18, 29),
      maxUses: 50,
      maxUsesPerUser: 2,
      isActive: true,
      uses: 0,
      createdAt: clock.now,
    });
    await redeem(code, player!.id);
    const list = await get(server, '/api/v1/admin/promos?status=active', { cookie: admin!.cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.promos.find((p: { code: string }) => p.code === code)).toMatchObject({ uses: 1 });
    const [entry] = await log(code);
    expect(entry).toMatchObject({ action: 'promo.create', actor_id: admin!.id, summary: `Created promo code ${code}` });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ discount: '12.5%', maxUses: 50 });
    expect(await usablePromo(server.app.db, code, player!.id, clock.now)).toMatchObject({ code });
  });

  it('creates a flat code with no limits', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const code = uniqueCode('FLAT');
    const res = await post(
      server,
      '/api/v1/admin/promos',
      body(code, { kind: 'flat', value: 20, capRupees: '', maxUses: '', maxUsesPerUser: null }),
      { cookie: admin!.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.promo).toMatchObject({
      kind: 'flat',
      amountPaise: 2000,
      basisPoints: 0,
      capPaise: null,
      maxUses: null,
      maxUsesPerUser: null,
    });
  });

  it('refuses bad input field by field, and a code that exists', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ code: 'x!' }, 'code', /3 to 20 letters or digits/],
      [{ value: '0' }, 'value', /more than 0 and at most 100/],
      [{ value: '100.001' }, 'value', /at most 2 decimals/],
      [{ kind: 'flat', value: '0.5', capRupees: '' }, 'value', /at least ₹1/],
      [{ kind: 'flat', value: '10' }, 'capRupees', /only applies to a percent/],
      [{ validFrom: '2026-02-30T10:00' }, 'validFrom', /date and time/],
      [{ validUntil: '2026-11-20T00:00' }, 'validUntil', /after the start/],
      [{ maxUses: '1.5' }, 'maxUses', /whole number/],
      [{ maxUses: '2', maxUsesPerUser: '3' }, 'maxUsesPerUser', /above the total/],
      [{ kind: 'gift' }, 'kind', /percent or flat/],
    ];
    for (const [extra, field, message] of cases) {
      const res = await post(server, '/api/v1/admin/promos', body(uniqueCode('BAD'), extra), { cookie: admin!.cookie });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(extra)).toMatch(message);
    }
    const code = uniqueCode('TWICE');
    expect((await post(server, '/api/v1/admin/promos', body(code), { cookie: admin!.cookie })).statusCode).toBe(200);
    const again = await post(server, '/api/v1/admin/promos', body(code), { cookie: admin!.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PROMO_EXISTS', fields: { code: 'This code already exists' } });
    expect(await log(code)).toHaveLength(1);
  });

  it('changes limits and dates (not below the uses made), audited with before and after', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const players = await insertActiveUsers(server, 3, clock.now);
    const code = uniqueCode('EDIT');
    await post(server, '/api/v1/admin/promos', body(code), { cookie: admin!.cookie });
    for (const p of players) await redeem(code, p.id);
    clock.advance(1000);
    const limits = {
      capRupees: '',
      validFrom: '2026-11-22T12:00',
      validUntil: '2026-12-31T23:59',
      maxUses: '10',
      maxUsesPerUser: '',
    };
    const res = await put(`/api/v1/admin/promos/${code.toLowerCase()}`, limits, admin!.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.promo).toMatchObject({
      capPaise: null,
      validFrom: Date.UTC(2026, 10, 22, 6, 30),
      maxUses: 10,
      maxUsesPerUser: null,
      uses: 3,
      basisPoints: 1250,
    });
    const below = await put(`/api/v1/admin/promos/${code}`, { ...limits, maxUses: '2' }, admin!.cookie);
    expect(below.statusCode).toBe(409);
    expect(below.json().fields.maxUses).toBe('The total limit cannot be below the 3 uses already made');
    expect(below.json().details).toEqual({ uses: 3 });
    const bad = await put(`/api/v1/admin/promos/${code}`, { ...limits, validUntil: '2026-11-01T00:00' }, admin!.cookie);
    expect(bad.statusCode).toBe(400);
    expect((await put('/api/v1/admin/promos/NOSUCHCODE', limits, admin!.cookie)).statusCode).toBe(404);
    const entries = await log(code);
    expect(entries.map((e) => e.action)).toEqual(['promo.create', 'promo.update']);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ maxUses: 50, capPaise: 10000 });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ maxUses: 10, capPaise: null });
  });

  it('deactivates (players are refused at once) and reactivates; audited once each', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const [player] = await insertActiveUsers(server, 1, clock.now);
    const code = uniqueCode('OFF');
    await post(server, '/api/v1/admin/promos', body(code), { cookie: admin!.cookie });
    clock.advance(1000);
    const off = await post(server, `/api/v1/admin/promos/${code}/deactivate`, undefined, { cookie: admin!.cookie });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ changed: true, promo: { isActive: false } });
    await expect(usablePromo(server.app.db, code, player!.id, clock.now)).rejects.toMatchObject({
      code: 'INVALID_PROMO',
    });
    expect(
      (await post(server, `/api/v1/admin/promos/${code}/deactivate`, undefined, { cookie: admin!.cookie })).json().data
        .changed,
    ).toBe(false);
    const inactive = await get(server, '/api/v1/admin/promos?status=inactive&limit=100', { cookie: admin!.cookie });
    expect(inactive.json().data.promos.map((p: { code: string }) => p.code)).toContain(code);
    clock.advance(1000);
    const on = await post(server, `/api/v1/admin/promos/${code}/reactivate`, undefined, { cookie: admin!.cookie });
    expect(on.json().data.promo.isActive).toBe(true);
    expect((await log(code)).map((e) => e.action)).toEqual(['promo.create', 'promo.deactivate', 'promo.reactivate']);
  });

  it('pages the list', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await post(server, '/api/v1/admin/promos', body(uniqueCode('PAGE')), { cookie: admin!.cookie });
    }
    const first = (await get(server, '/api/v1/admin/promos?limit=2', { cookie: admin!.cookie })).json().data;
    expect(first.promos).toHaveLength(2);
    expect(first.nextCursor).toBe('2');
    const second = (
      await get(server, `/api/v1/admin/promos?limit=2&cursor=${first.nextCursor}`, { cookie: admin!.cookie })
    ).json().data;
    expect(second.promos[0].code).not.toBe(first.promos[1].code);
    expect(first.promos[0].createdAt).toBeGreaterThanOrEqual(first.promos[1].createdAt);
  });
});
