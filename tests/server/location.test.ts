import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { stateAt } from '../../server/geo/india-states.ts';
import { isLocalAddress } from '../../server/geo/ip-country.ts';
import { countryOfAddress } from '../../server/services/contests/location.service.ts';
import { del, freshPerson, get, insertActiveUsers, insertStaff, post, useTestClock, XHR } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

/** Addresses the bundled DB-IP database places in these countries. */
const INDIAN_IPS = ['49.36.0.1', '117.192.0.1', '14.139.0.1', '2401:4900::1'];
const FOREIGN_IPS: Array<[string, string]> = [
  ['8.8.8.8', 'US'],
  ['1.1.1.1', 'AU'],
  ['81.2.69.142', 'GB'],
  ['41.0.0.1', 'ZA'],
  ['2a00:1450:4001::1', 'DE'],
];

/** A city in each default restricted state, and one in an allowed neighbour of it. */
const RESTRICTED: Array<{
  code: string;
  name: string;
  at: [number, number];
  neighbour: { code: string; at: [number, number] };
}> = [
  {
    code: 'IN-AP',
    name: 'Andhra Pradesh',
    at: [16.5062, 80.648],
    neighbour: { code: 'IN-KA', at: [12.9716, 77.5946] },
  },
  { code: 'IN-AS', name: 'Assam', at: [26.1445, 91.7362], neighbour: { code: 'IN-ML', at: [25.5788, 91.8933] } },
  { code: 'IN-NL', name: 'Nagaland', at: [25.6751, 94.1086], neighbour: { code: 'IN-MN', at: [24.817, 93.9368] } },
  { code: 'IN-OR', name: 'Odisha', at: [20.2961, 85.8245], neighbour: { code: 'IN-CT', at: [21.2514, 81.6296] } },
  { code: 'IN-SK', name: 'Sikkim', at: [27.3389, 88.6065], neighbour: { code: 'IN-WB', at: [26.7271, 88.3953] } },
  { code: 'IN-TG', name: 'Telangana', at: [17.385, 78.4867], neighbour: { code: 'IN-MH', at: [19.076, 72.8777] } },
];
const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
const INDIAN_IP = '49.36.0.1';

describe('the offline look-ups', () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' }).location;

  it('places addresses of several countries', () => {
    for (const ip of INDIAN_IPS) expect([ip, countryOfAddress(ip, config)]).toEqual([ip, 'IN']);
    for (const [ip, country] of FOREIGN_IPS) expect([ip, countryOfAddress(ip, config)]).toEqual([ip, country]);
    expect(countryOfAddress('::ffff:8.8.8.8', config)).toBe('US');
    expect(countryOfAddress('203.0.113.5', config)).toBeNull(); // documentation range: in no country
  });

  it('counts loopback and private ranges as India outside production, configurable, and as unknown in production', () => {
    const local = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '172.31.255.1',
      '192.168.1.20',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ];
    for (const ip of local) {
      expect([ip, isLocalAddress(ip)]).toEqual([ip, true]);
      expect([ip, countryOfAddress(ip, config)]).toEqual([ip, 'IN']);
    }
    for (const ip of ['172.32.0.1', '8.8.8.8', '2401:4900::1']) expect([ip, isLocalAddress(ip)]).toEqual([ip, false]);
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/unused',
      PUBLIC_URL: 'https://example.in',
      PAYMENT_GATEWAY: 'sandbox',
      UNSAFE_SANDBOX_IN_PRODUCTION: 'yes',
    }).location;
    expect(countryOfAddress('127.0.0.1', production)).toBeNull();
    const setToUs = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', GEO_LOCAL_COUNTRY: 'us' }).location;
    expect(countryOfAddress('192.168.1.20', setToUs)).toBe('US');
  });

  it('refuses to switch the gate off in production, and bad settings, with a clear message', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: '/tmp/unused',
        PUBLIC_URL: 'https://example.in',
        LOCATION_CHECK: 'off',
      }),
    ).toThrow(/LOCATION_CHECK=off is refused in production/);
    expect(() => loadConfig({ NODE_ENV: 'test', RESTRICTED_STATES: 'Telangana' })).toThrow(
      /RESTRICTED_STATES must be comma-separated state codes/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', LOCATION_TTL_MINUTES: '0' })).toThrow(
      /LOCATION_TTL_MINUTES must be a whole number of minutes between 5 and 1440/,
    );
    expect(loadConfig({ NODE_ENV: 'test', RESTRICTED_STATES: 'none' }).location.restrictedStatesDefault).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).location.restrictedStatesDefault).toEqual(RESTRICTED.map((s) => s.code));
  });

  it('maps every restricted state and a neighbour, a point just off the coast, and places outside India', () => {
    for (const state of RESTRICTED) {
      expect([state.name, stateAt(...state.at)?.code]).toEqual([state.name, state.code]);
      expect(stateAt(...state.neighbour.at)?.code).toBe(state.neighbour.code);
    }
    expect(stateAt(18.94, 72.81)?.code).toBe('IN-MH'); // the sea off Marine Drive, within the tolerance
    for (const [latitude, longitude] of [
      [24.8607, 67.0011], // Karachi
      [23.8103, 90.4125], // Dhaka
      [27.7172, 85.324], // Kathmandu
      [6.9271, 79.8612], // Colombo
      [51.5, -0.12], // London
      [15, 65], // the Arabian Sea
    ] as const)
      expect(stateAt(latitude, longitude)).toBeNull();
  });
});

describeOnEachDatabase(
  'where play is allowed',
  (server) => {
    const clock = useTestClock(server);
    let contestId: string;

    beforeAll(async () => {
      contestId = await addContestPicture(server).then((pictureId) =>
        addTestContest(server, {
          pictureId,
          now: clock.now,
          defaults: { ticketPricePaise: 0, maxTicketsPerPerson: 75 },
        }),
      );
    });
    const put = (url: string, payload: unknown, cookie: string) =>
      server.app.inject({
        method: 'PUT',
        url,
        payload: payload as Record<string, unknown>,
        headers: { ...XHR, cookie },
        remoteAddress: INDIAN_IP,
      });

    const claim = (cookie: string, body: unknown, ip = INDIAN_IP) =>
      post(server, '/api/v1/location', body, { cookie, ip });
    const addTicket = (cookie: string, ip = INDIAN_IP) =>
      post(
        server,
        '/api/v1/cart/items',
        { contestId, tickets: [{ x: 10 + Math.floor(Math.random() * 1000), y: 20 }] },
        { cookie, ip },
      );
    const freshPlayer = async () => (await insertActiveUsers(server, 1, clock.now))[0]!;

    it('tells the page where it stands, without a session too, and never caches it', async () => {
      const anonymous = await get(server, '/api/v1/location', { ip: INDIAN_IP });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      expect(anonymous.json().data).toEqual({
        enforced: true,
        country: { code: 'IN', allowed: true },
        check: null,
        ttlMinutes: 60,
      });
      const abroad = await get(server, '/api/v1/location', { ip: '8.8.8.8' });
      expect(abroad.json().data.country).toEqual({ code: 'US', allowed: false });
    });

    it('refuses contest play without a location check (a direct API call cannot skip the gate)', async () => {
      const user = await freshPlayer();
      const res = await addTicket(user.cookie);
      expect(res.statusCode, res.body).toBe(428);
      expect(res.json()).toMatchObject({
        code: 'LOCATION_REQUIRED',
        message: expect.stringMatching(/^Location Access Required/),
      });
      for (const [url, body] of [
        ['/api/v1/cart/checkout-free', { contestId }],
        ['/api/v1/cart/promo', { contestId, code: 'WELCOME' }],
        ['/api/v1/payments/orders', { contestId }],
      ] as const) {
        const refused = await post(server, url, body, { cookie: user.cookie, ip: INDIAN_IP });
        expect([url, refused.statusCode, refused.json().code]).toEqual([url, 428, 'LOCATION_REQUIRED']);
      }
      // Reading and emptying the cart stay open (a player who moved can still clear it).
      expect((await get(server, '/api/v1/cart', { cookie: user.cookie, ip: INDIAN_IP })).statusCode).toBe(200);
    });

    it('lets a player in an allowed state play after the check, for the check time only', async () => {
      const user = await freshPlayer();
      const checked = await claim(user.cookie, MUMBAI);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().data).toMatchObject({
        country: { code: 'IN', allowed: true },
        check: {
          state: { code: 'IN-MH', nameEn: 'Maharashtra', nameHi: 'महाराष्ट्र' },
          allowed: true,
          until: clock.now + 60 * 60_000,
        },
      });
      expect(
        (await get(server, '/api/v1/location', { cookie: user.cookie, ip: INDIAN_IP })).json().data.check.state.code,
      ).toBe('IN-MH');
      const added = await addTicket(user.cookie);
      expect(added.statusCode, added.body).toBe(200);
      // The session stays alive (inactivity ends it after 30 minutes); the check ends after 60.
      for (let minutes = 0; minutes < 60; minutes += 20) {
        clock.advance(20 * 60_000);
        expect((await get(server, '/api/v1/cart', { cookie: user.cookie, ip: INDIAN_IP })).statusCode).toBe(200);
      }
      const expired = await addTicket(user.cookie);
      expect([expired.statusCode, expired.json().code]).toEqual([428, 'LOCATION_REQUIRED']);
      expect(
        (await get(server, '/api/v1/location', { cookie: user.cookie, ip: INDIAN_IP })).json().data.check,
      ).toBeNull();
    });

    it("refuses every restricted state with 'Area Restricted', the state and the country, and allows its neighbour", async () => {
      for (const state of RESTRICTED) {
        const user = await freshPlayer();
        const refused = await claim(user.cookie, { latitude: state.at[0], longitude: state.at[1], accuracy: 30 });
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual({
          code: 'AREA_RESTRICTED',
          message: `Area Restricted: access is restricted in ${state.name}, India. Game Unavailable in Your Region.`,
          details: {
            scope: 'state',
            countryCode: 'IN',
            state: { code: state.code, nameEn: state.name, nameHi: expect.any(String) },
          },
        });
        // The refused state is kept for the check's time: every play call names it.
        const added = await addTicket(user.cookie);
        expect([added.statusCode, added.json().code, added.json().details?.state?.code]).toEqual([
          403,
          'AREA_RESTRICTED',
          state.code,
        ]);
        expect(
          (await get(server, '/api/v1/location', { cookie: user.cookie, ip: INDIAN_IP })).json().data.check,
        ).toMatchObject({ state: { code: state.code }, allowed: false });
        const neighbour = await claim(user.cookie, {
          latitude: state.neighbour.at[0],
          longitude: state.neighbour.at[1],
        });
        expect([state.neighbour.code, neighbour.statusCode]).toEqual([state.neighbour.code, 200]);
        expect((await addTicket(user.cookie)).statusCode).toBe(200);
      }
    });

    it('refuses play, cart, payment and sign-up from outside India, by address and by coordinates', async () => {
      const user = await freshPlayer();
      expect((await claim(user.cookie, MUMBAI)).statusCode).toBe(200);
      for (const [ip, country] of FOREIGN_IPS) {
        const res = await addTicket(user.cookie, ip);
        expect([ip, res.statusCode, res.json()]).toEqual([
          ip,
          403,
          {
            code: 'AREA_RESTRICTED',
            message: 'Area Restricted: access is restricted outside India.',
            details: { scope: 'country', countryCode: country, state: null },
          },
        ]);
      }
      const order = await post(
        server,
        '/api/v1/payments/orders',
        { contestId },
        { cookie: user.cookie, ip: '8.8.8.8' },
      );
      expect([order.statusCode, order.json().code]).toEqual([403, 'AREA_RESTRICTED']);
      const signup = await post(server, '/api/v1/auth/signup', freshPerson(), { ip: '81.2.69.142' });
      expect([signup.statusCode, signup.json().code]).toEqual([403, 'AREA_RESTRICTED']);
      // A device claim from abroad, or of a point outside India from an Indian address, clears the check.
      const fromAbroad = await claim(user.cookie, MUMBAI, '8.8.8.8');
      expect([fromAbroad.statusCode, fromAbroad.json().details]).toEqual([
        403,
        { scope: 'country', countryCode: 'US', state: null },
      ]);
      expect((await addTicket(user.cookie)).statusCode).toBe(428);
      expect((await claim(user.cookie, MUMBAI)).statusCode).toBe(200);
      const karachi = await claim(user.cookie, { latitude: 24.8607, longitude: 67.0011 });
      expect([karachi.statusCode, karachi.json().details]).toEqual([
        403,
        { scope: 'country', countryCode: null, state: null },
      ]);
      expect((await addTicket(user.cookie)).statusCode).toBe(428);
    });

    it('refuses a missing or malformed claim with a clear message, and a claim without login', async () => {
      const user = await freshPlayer();
      for (const body of [
        {},
        { latitude: 19 },
        { latitude: '19.07', longitude: 72.8 },
        { latitude: 91, longitude: 72.8 },
        { latitude: 19, longitude: 181 },
      ]) {
        const res = await claim(user.cookie, body);
        expect([JSON.stringify(body), res.statusCode, res.json().code]).toEqual([
          JSON.stringify(body),
          400,
          'VALIDATION_FAILED',
        ]);
        expect(res.json().message).toMatch(/latitude|longitude/);
      }
      expect((await post(server, '/api/v1/location', MUMBAI, { ip: INDIAN_IP })).statusCode).toBe(401);
    });

    it('counts a forged check for nothing: written without the secret, or copied from another session', async () => {
      const honest = await freshPlayer();
      const forger = await freshPlayer();
      expect((await claim(honest.cookie, MUMBAI)).statusCode).toBe(200);
      const honestRow = await server.app.db
        .selectFrom('sessions')
        .select(['location_state', 'location_until', 'location_sig'])
        .where('user_id', '=', honest.id)
        .executeTakeFirstOrThrow();
      const db = server.app.db;
      await db.updateTable('sessions').set(honestRow).where('user_id', '=', forger.id).execute();
      expect((await addTicket(forger.cookie)).statusCode).toBe(428);
      await db
        .updateTable('sessions')
        .set({ location_state: 'IN-MH', location_until: clock.now + 3_600_000, location_sig: 'ab'.repeat(32) })
        .where('user_id', '=', forger.id)
        .execute();
      expect((await addTicket(forger.cookie)).statusCode).toBe(428);
      // A longer validity written over a signed row breaks its signature too.
      await db
        .updateTable('sessions')
        .set({ location_until: clock.now + 86_400_000 })
        .where('user_id', '=', honest.id)
        .execute();
      expect((await addTicket(honest.cookie)).statusCode).toBe(428);
    });

    it("follows the console's list at once, also for checks made before it changed, and audits it", async () => {
      const user = await freshPlayer();
      const [admin] = await insertStaff(server, ['admin'], clock.now);
      expect((await claim(user.cookie, MUMBAI)).statusCode).toBe(200);
      const changed = await put(
        '/api/v1/admin/settings/restricted-states',
        { codes: ['IN-MH', 'IN-TG'] },
        admin!.cookie,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({
        changed: true,
        restrictedStates: { codes: ['IN-MH', 'IN-TG'], source: 'console' },
      });
      expect(changed.json().data.restrictedStates.states).toHaveLength(36);
      const refused = await addTicket(user.cookie);
      expect([refused.statusCode, refused.json().details?.state?.code]).toEqual([403, 'IN-MH']);
      expect(
        (await get(server, '/api/v1/location', { cookie: user.cookie, ip: INDIAN_IP })).json().data.check,
      ).toMatchObject({ state: { code: 'IN-MH' }, allowed: false });
      const unknown = await put('/api/v1/admin/settings/restricted-states', { codes: ['IN-ZZ'] }, admin!.cookie);
      expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Unknown state code: IN-ZZ']);
      // A second later, so the audit log's two entries have an order.
      clock.advance(1000);
      const back = await del(server, '/api/v1/admin/settings/restricted-states', { cookie: admin!.cookie });
      expect(back.json().data).toMatchObject({
        changed: true,
        restrictedStates: { source: 'environment', codes: RESTRICTED.map((s) => s.code) },
      });
      expect((await addTicket(user.cookie)).statusCode).toBe(200);
      const audit = await server.app.db
        .selectFrom('audit_log')
        .select(['action', 'summary'])
        .where('action', '=', 'setting.restricted_states')
        .orderBy('created_at')
        .execute();
      expect(audit.map((row) => row.summary)).toEqual([
        'Set the restricted states to IN-MH, IN-TG',
        'Handed the restricted states back to the environment default (IN-AP, IN-AS, IN-NL, IN-OR, IN-SK, IN-TG)',
      ]);
    });
  },
  { env: { LOCATION_CHECK: 'on' } },
);
