import { expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { loadConfig } from '../../server/config.ts';
import { get, insertStaff, useTestClock, XHR } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

it('entry GST defaults to 40%, the rate on online money gaming since 22 September 2025, and stays configurable', () => {
  expect(loadConfig({}).billing).toMatchObject({ entryGstBasisPoints: 4000, entryGstSince: '2025-09-22' });
  expect(loadConfig({ ENTRY_GST_BASIS_POINTS: '2800', ENTRY_GST_SINCE: '2017-07-01' }).billing).toMatchObject({
    entryGstBasisPoints: 2800,
    entryGstSince: '2017-07-01',
  });
  expect(() => loadConfig({ ENTRY_GST_SINCE: '22/09/2025' })).toThrow(/ENTRY_GST_SINCE must be a date as YYYY-MM-DD/);
  expect(() => loadConfig({ ENTRY_GST_SINCE: '2025-02-31' })).toThrow(/ENTRY_GST_SINCE must be a real date/);
});

describeOnEachDatabase('the settings the information pages state (GET /api/v1/site)', (server) => {
  const clock = useTestClock(server);

  it('follows the paid-play switch of the console at once, with the bill rates', async () => {
    const read = async () => {
      const res = await get(server, '/api/v1/site');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json().data;
    };
    expect(await read()).not.toHaveProperty('paidPlayReason');
    expect(await read()).toMatchObject({
      paidPlay: true,
      billing: {
        entryGstBasisPoints: 4000,
        entryGstSince: '2025-09-22',
        feeGstBasisPoints: 1800,
        platformFeePaisePerTicket: 200,
      },
    });
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const off = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/paid-play',
      headers: { ...XHR, cookie: admin!.cookie },
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await read()).paidPlay).toBe(false);
    // The contest answer (checkout) and the pages agree.
    expect((await get(server, '/api/v1/contests/current')).json().data.paidPlay.enabled).toBe(false);
    await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/settings/paid-play',
      headers: { ...XHR, cookie: admin!.cookie },
    });
    expect((await read()).paidPlay).toBe(true);
  });

  it("states the play gate's restricted states of now and how long a location check holds", async () => {
    const read = async () => (await get(server, '/api/v1/site')).json().data.location;
    const first = await read();
    expect(first.checkMinutes).toBe(60);
    expect(first.restrictedStates.map((s: { code: string }) => s.code)).toEqual([
      'IN-AP',
      'IN-AS',
      'IN-NL',
      'IN-OR',
      'IN-SK',
      'IN-TG',
    ]);
    expect(first.restrictedStates[5]).toEqual({ code: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' });
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/restricted-states',
      headers: { ...XHR, cookie: admin!.cookie },
      payload: { codes: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await read()).restrictedStates).toEqual([]);
  });
});

describeOnEachDatabase(
  'paid play with no payment gateway (a production start without PAYMENT_GATEWAY)',
  (server) => {
    const clock = useTestClock(server);

    it('says paid entries are not open yet on the pages and in the contest answer, and the suspension still wins', async () => {
      expect(server.app.payments).toBeNull();
      const site = async () => (await get(server, '/api/v1/site')).json().data;
      const contests = async () => (await get(server, '/api/v1/contests/current')).json().data.paidPlay;
      expect(await site()).toMatchObject({ paidPlay: false, paidPlayReason: 'noGateway' });
      // No law message: nothing is suspended, and the announcement popup stays away.
      expect(await contests()).toEqual({ enabled: false, reason: 'noGateway' });
      const [admin] = await insertStaff(server, ['admin'], clock.now);
      const off = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/paid-play',
        headers: { ...XHR, cookie: admin!.cookie },
        payload: { enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      const suspended = await site();
      expect(suspended.paidPlay).toBe(false);
      expect(suspended).not.toHaveProperty('paidPlayReason');
      expect(await contests()).toEqual({ enabled: false, message: PAID_PLAY_SUSPENDED_MESSAGE });
    });
  },
  { payments: { gateway: null, razorpay: null } },
);
