// Issue 10, findings 10 to 14: NUL characters refused at the edge on both databases, promo
// guessing and payment-order floods limited, GET /payments/return free of side effects, the
// missing-translation door guarded and race-free, the SQLite file private, names without
// control or direction-override characters.
import { statSync } from 'node:fs';
import { expect, it } from 'vitest';
import { freshPerson, get, insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

const NUL = '\u0000';

describeOnEachDatabase('hardening', (server) => {
  const clock = useTestClock(server);

  it('refuses U+0000 in bodies, queries and route parameters with a 400, never a 500', async () => {
    const contact = {
      subject: `Hello${NUL}`,
      email: 'ravi.kumar@gmail.com',
      phone: '9876543210',
      message: 'Hello there.',
    };
    const answers = [
      await post(server, '/api/v1/contact', contact),
      await post(server, '/api/v1/auth/signup', freshPerson({ firstName: `Ra${NUL}vi` })),
      await post(server, '/api/v1/auth/login', { identifier: `a${NUL}@gmail.com`, password: 'x' }),
      await post(server, '/api/v1/auth/otp/verify', { otpToken: `t${NUL}`, otp: '123456' }),
      await get(server, `/api/v1/press?page=1${encodeURIComponent(NUL)}`),
      await get(server, `/api/v1/press/${encodeURIComponent(`x${NUL}`)}`),
      await post(server, '/api/v1/contact', { ...contact, subject: 'Fine', [`k${NUL}`]: 'v' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'NUL_IN_TEXT',
        message: 'Text must not contain the NUL character (\\u0000). Remove it and try again.',
      });
    }
    expect(
      await server.app.db.selectFrom('contact_messages').select('id').where('subject', 'like', 'Hello%').execute(),
    ).toEqual([]);
  });

  it('refuses names with control, bidi-override or markup characters, and keeps Hindi names', async () => {
    for (const firstName of ['Ravi\u202E', '\u202ERavi', 'Ravi\u0007', 'Ravi<b>', 'Ra\u2066vi']) {
      const res = await post(server, '/api/v1/auth/signup', freshPerson({ firstName }));
      expect(res.statusCode, firstName).toBe(400);
      expect(res.json().fields.firstName).toBe(
        'Use letters only: no control, formatting or direction-changing characters',
      );
    }
    expect(
      (await post(server, '/api/v1/auth/signup', freshPerson({ firstName: 'रवि', lastName: 'कुमार' }))).statusCode,
    ).toBe(200);
  });

  it('limits promo code tries per user', async () => {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    const [user] = await insertActiveUsers(server, 1, clock.now);
    const codes: number[] = [];
    // From ever-new addresses: the limit follows the account, not the address.
    for (let i = 0; i < 12; i++)
      codes.push(
        (await post(server, '/api/v1/cart/promo', { contestId, code: `GUESS${i}` }, { cookie: user!.cookie }))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('limits payment orders per user', async () => {
    const [user] = await insertActiveUsers(server, 1, clock.now);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      codes.push(
        (await post(server, '/api/v1/payments/orders', { contestId: crypto.randomUUID() }, { cookie: user!.cookie }))
          .statusCode,
      );
    expect(codes.slice(0, 20).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it("GET /payments/return changes nothing, even with failure fields for the caller's own payment", async () => {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, { pictureId, now: clock.now, defaults: { ticketPricePaise: 4900 } });
    const [user] = await insertActiveUsers(server, 1, clock.now);
    expect(
      (await post(server, '/api/v1/cart/items', { contestId, tickets: [{ x: 10, y: 10 }] }, { cookie: user!.cookie }))
        .statusCode,
    ).toBe(200);
    const order = await post(server, '/api/v1/payments/orders', { contestId }, { cookie: user!.cookie });
    expect(order.statusCode, order.body).toBe(200);
    const { orderId, paymentId } = order.json().data as { orderId: string; paymentId: string };
    const query = new URLSearchParams({
      razorpay_order_id: orderId,
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[reason]': 'payment_cancelled',
    });
    const res = await get(server, `/api/v1/payments/return?${query}`, { cookie: user!.cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payments?payment=${paymentId}`);
    const payment = await server.app.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('pending');
    // Someone else's browser is not even told which payment it is.
    const [other] = await insertActiveUsers(server, 1, clock.now);
    expect((await get(server, `/api/v1/payments/return?${query}`, { cookie: other!.cookie })).headers.location).toBe(
      '/payments',
    );
  });

  it('keeps the SQLite file private', () => {
    if (server.dialectName !== 'sqlite') return;
    expect(statSync(server.config.sqlitePath).mode & 0o777).toBe(0o600);
  });

  it('records missing translations only from the site, and loses none when reports race', async () => {
    const noHeader = await server.app.inject({ method: 'POST', url: '/locales/add/en/common', payload: { a: 'A' } });
    expect(noHeader.statusCode).toBe(403);
    const foreign = await server.app.inject({
      method: 'POST',
      url: '/locales/add/en/common',
      payload: { a: 'A' },
      headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const reports = Array.from({ length: 30 }, (_, i) =>
      server.app.inject({
        method: 'POST',
        url: '/locales/add/hi/race',
        payload: { [`key${i}`]: `Value ${i}` },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      }),
    );
    const answers = await Promise.all(reports);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const { readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const stored = JSON.parse(
      await readFile(path.join(server.config.dataDir, 'locales-missing', 'hi', 'race.json'), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(stored)).toHaveLength(30);
  });
});
