import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { LOGIN_CODE_LIMIT } from '../../server/routes/auth.routes.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import {
  PASSWORD,
  freshIp,
  freshPerson,
  get,
  lastCodeTo,
  lastMessageTo,
  post,
  sessionCookieOf,
  signUpActive,
  useTestClock,
} from '../support/accounts.ts';

const SEND = '/api/v1/auth/login-code';
const VERIFY = '/api/v1/auth/login-code/verify';
const RESEND = '/api/v1/auth/otp/resend';
const LOGIN = '/api/v1/auth/login';
const ME = '/api/v1/account/me';
const NEUTRAL = 'If this number belongs to an account, we have sent a 6-digit code to it.';

const wrongFor = (code: string) => (code === '123456' ? '654321' : '123456');
const incorrect = (left: number) => {
  const message = `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
  return { message, code: 'OTP_INCORRECT', fields: { code: message }, details: { triesLeft: left } };
};

describeOnEachDatabase('login with a code by SMS', (server) => {
  const clock = useTestClock(server);

  /** The cookie a code request sets, which ties this browser's checks to that request. */
  const browserOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = res.cookies.find((c) => c.name === 'cs_login_code');
    expect(cookie, 'the code request cookie').toBeDefined();
    return `cs_login_code=${cookie!.value}`;
  };
  /** A check from the browser that asked (its request cookie, with a session cookie when given). */
  const check = (phone: string, code: string, browser: string, extra: { cookie?: string; ip?: string } = {}) =>
    post(
      server,
      VERIFY,
      { phone, code },
      { cookie: [browser, extra.cookie].filter(Boolean).join('; '), ...(extra.ip ? { ip: extra.ip } : {}) },
    );

  async function outboxSize() {
    return (await server.app.db.selectFrom('outbox_messages').select('id').execute()).length;
  }

  it('texts a login code to an active account and the right code logs in exactly as a password does', async () => {
    const { person, user, cookie: signupCookie } = await signUpActive(server, clock);
    clock.advance(1000);
    const sent = await post(server, SEND, { phone: person.phone });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ data: { otpToken: expect.stringMatching(/^[0-9a-f-]{36}$/) }, message: NEUTRAL });
    // The only cookie: the request's own token, for the check (issue 27, finding 4).
    expect(sent.cookies.map((c) => [c.name, c.value])).toEqual([['cs_login_code', sent.json().data.otpToken]]);
    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms).toMatchObject({
      channel: 'sms',
      body: expect.stringMatching(
        /^\d{6} is your CricSpot login code\. It expires in 10 minutes\. Never share it with anyone\./,
      ),
    });
    const code = await lastCodeTo(server, person.phone);
    const row = await server.app.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('id', '=', sent.json().data.otpToken)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'login',
      user_id: user.id,
      attempts: 0,
      consumed_at: null,
      expires_at: clock.now + 10 * 60_000,
    });
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);

    const ok = await check(person.phone, code, browserOf(sent), { cookie: signupCookie });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      data: {
        user: {
          id: user.id,
          firstName: 'Ravi',
          lastName: 'Kumar',
          email: person.email,
          phone: `+91${person.phone}`,
          status: 'active',
          roles: [],
        },
      },
    });
    const cookie = ok.cookies.find((c) => c.name === 'cs_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    const stored = await server.app.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((s) => s.id_hash)).toContain(createHash('sha256').update(cookie.value).digest('hex'));
    expect((await get(server, ME, { cookie: sessionCookieOf(ok) })).json().data.user.id).toBe(user.id);
    // A new session id on login: the one it was called with is over (no fixation).
    expect((await get(server, ME, { cookie: signupCookie })).statusCode).toBe(401);
    // The password keeps working beside it.
    expect((await post(server, LOGIN, { identifier: person.phone, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers an unknown number the same, sends nothing, and its codes fail like wrong ones', async () => {
    const before = await outboxSize();
    const phone = freshPerson().phone;
    const res = await post(server, SEND, { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { otpToken: expect.stringMatching(/^[0-9a-f-]{36}$/) }, message: NEUTRAL });
    expect(await outboxSize()).toBe(before);
    expect(await lastMessageTo(server, `+91${phone}`)).toBeUndefined();
    const guess = await check(phone, '123456', browserOf(res));
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toEqual(incorrect(4));
    expect(guess.cookies).toEqual([]);
    // Resend of a decoy: the same cooldown, and still nothing goes out.
    expect((await post(server, RESEND, { otpToken: res.json().data.otpToken })).json().code).toBe('OTP_COOLDOWN');
    clock.advance(60_000);
    expect((await post(server, RESEND, { otpToken: res.json().data.otpToken })).statusCode).toBe(200);
    expect(await outboxSize()).toBe(before);
  });

  it('never logs in a sign-up that was not finished, and sends it no code', async () => {
    const person = freshPerson();
    await post(server, '/api/v1/auth/signup', person);
    const signupSms = await lastMessageTo(server, `+91${person.phone}`);
    clock.advance(1000);
    const res = await post(server, SEND, { phone: person.phone });
    expect(res.json().message).toBe(NEUTRAL);
    expect(await lastMessageTo(server, `+91${person.phone}`)).toEqual(signupSms);
    const signupCode = /^(\d{6})/.exec(signupSms!.body)![1]!;
    expect((await check(person.phone, signupCode, browserOf(res))).json().code).toBe('OTP_INCORRECT');
  });

  it('counts wrong codes down, then locks the code after the fifth (429) even for the right one', async () => {
    const { person } = await signUpActive(server, clock);
    const browser = browserOf(await post(server, SEND, { phone: person.phone }));
    const code = await lastCodeTo(server, person.phone);
    for (const left of [4, 3, 2, 1]) {
      const res = await check(person.phone, wrongFor(code), browser);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(incorrect(left));
    }
    const fifth = await check(person.phone, wrongFor(code), browser);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      message: 'Too many wrong codes. Ask for a new one.',
      code: 'OTP_LOCKED',
      fields: { code: 'Too many wrong codes. Ask for a new one.' },
    });
    const right = await check(person.phone, code, browser);
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toEqual([]);
    // A new code starts over (a third code to the number within the hour waits a minute).
    clock.advance(60_000);
    const again = browserOf(await post(server, SEND, { phone: person.phone }));
    expect((await check(person.phone, await lastCodeTo(server, person.phone), again)).statusCode).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const { person } = await signUpActive(server, clock);
    const browser = browserOf(await post(server, SEND, { phone: person.phone }));
    const code = await lastCodeTo(server, person.phone);
    clock.advance(10 * 60_000);
    const res = await check(person.phone, code, browser);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The code has expired. Ask for a new one.',
      code: 'OTP_EXPIRED',
      fields: { code: 'The code has expired. Ask for a new one.' },
    });
    expect(res.cookies).toEqual([]);
  });

  it("is single use, and a browser's newer code replaces its older one", async () => {
    const { person } = await signUpActive(server, clock);
    const firstBrowser = browserOf(await post(server, SEND, { phone: person.phone }));
    const first = await lastCodeTo(server, person.phone);
    // A third code to the number within the hour waits a minute.
    clock.advance(60_000);
    const browser = browserOf(await post(server, SEND, { phone: person.phone }, { cookie: firstBrowser }));
    const second = await lastCodeTo(server, person.phone);
    expect((await check(person.phone, first, firstBrowser)).json().code).toBe('OTP_EXPIRED');
    if (first !== second) expect((await check(person.phone, first, browser)).json().code).toBe('OTP_INCORRECT');
    expect((await check(person.phone, second, browser)).statusCode).toBe(200);
    const again = await check(person.phone, second, browser);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_EXPIRED');
    expect(again.cookies).toEqual([]);
  });

  it('uses a code once even when two requests bring it at the same time', async () => {
    const { person } = await signUpActive(server, clock);
    const browser = browserOf(await post(server, SEND, { phone: person.phone }));
    const code = await lastCodeTo(server, person.phone);
    const both = await Promise.all([check(person.phone, code, browser), check(person.phone, code, browser)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('resends through the shared resend with its cooldown; the new code works and the old one not', async () => {
    const { person } = await signUpActive(server, clock);
    const sent = await post(server, SEND, { phone: person.phone });
    const otpToken = sent.json().data.otpToken as string;
    const browser = browserOf(sent);
    const old = await lastCodeTo(server, person.phone);
    expect((await post(server, RESEND, { otpToken })).json()).toEqual({
      message: 'Please wait 60 seconds before asking for a new code.',
      code: 'OTP_COOLDOWN',
      details: { retryAfterSeconds: 60 },
    });
    clock.advance(60_000);
    expect((await post(server, RESEND, { otpToken })).statusCode).toBe(200);
    const fresh = await lastCodeTo(server, person.phone);
    expect((await lastMessageTo(server, `+91${person.phone}`))!.body).toMatch(/is your CricSpot login code/);
    if (fresh !== old) expect((await check(person.phone, old, browser)).json().code).toBe('OTP_INCORRECT');
    expect((await check(person.phone, fresh, browser)).statusCode).toBe(200);
  });

  it('sends a deactivated account no code, only how to reactivate it; the answer is the same', async () => {
    const { person, cookie } = await signUpActive(server, clock);
    expect((await post(server, '/api/v1/account/deactivate', undefined, { cookie })).statusCode).toBe(200);
    clock.advance(1000);
    const res = await post(server, SEND, { phone: person.phone });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(NEUTRAL);
    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms!.body).toMatch(
      /^Someone asked for a CricSpot login code for your number\. This account is deactivated\. To reactivate it, e-mail /,
    );
    expect(sms!.body).not.toMatch(/\d{6}/);
    expect((await check(person.phone, '123456', browserOf(res))).json().code).toBe('OTP_INCORRECT');
  });

  it("answers password login's suspended and deleted messages to an account stopped after its code went out", async () => {
    for (const status of ['suspended', 'deleted'] as const) {
      const { person, user } = await signUpActive(server, clock);
      const browser = browserOf(await post(server, SEND, { phone: person.phone }));
      const code = await lastCodeTo(server, person.phone);
      await server.app.db.updateTable('users').set({ status }).where('id', '=', user.id).execute();
      const sessionsBefore = await server.app.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', user.id)
        .execute();
      const byCode = await check(person.phone, code, browser);
      const byPassword = await post(server, LOGIN, { identifier: person.phone, password: PASSWORD });
      expect(byCode.statusCode).toBe(403);
      expect(byCode.json()).toEqual(byPassword.json());
      expect(byCode.json().code).toBe(status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_DELETED');
      expect(byCode.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
      expect(
        await server.app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
      ).toEqual(sessionsBefore);
    }
  });

  it('is not a reset code, and a reset code is not a login code', async () => {
    const { person } = await signUpActive(server, clock);
    const login = await post(server, SEND, { phone: person.phone });
    const code = await lastCodeTo(server, person.phone);
    const reset = await post(server, '/api/v1/auth/reset', {
      otpToken: login.json().data.otpToken,
      otp: code,
      password: 'Boundary#4Six!',
      confirmPassword: 'Boundary#4Six!',
    });
    expect(reset.json().code).toBe('OTP_EXPIRED');
    clock.advance(60_000);
    await post(server, '/api/v1/auth/forgot', { identifier: person.phone });
    const resetCode = await lastCodeTo(server, person.phone);
    const res = await check(person.phone, resetCode, browserOf(login));
    // The login code above is this browser's open one: the reset code is just a wrong code for it.
    expect(res.statusCode).toBe(code === resetCode ? 200 : 400);
  });

  it('answers the form messages by field', async () => {
    expect((await post(server, SEND, {})).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { phone: 'Phone number is required' },
    });
    expect((await post(server, SEND, { phone: '12345' })).json().fields).toEqual({
      phone: 'Enter a valid Indian mobile number',
    });
    expect((await post(server, SEND, { phone: '5876543210' })).json().fields).toEqual({
      phone: 'Enter a valid Indian mobile number',
    });
    expect((await post(server, VERIFY, { phone: '9876543210', code: '12ab' })).json().fields).toEqual({
      code: 'Enter the 6-digit code',
    });
    expect((await post(server, VERIFY, {})).json().fields).toEqual({
      phone: 'Phone number is required',
      code: 'Enter the 6-digit code',
    });
    // No code ever asked for this number.
    expect((await post(server, VERIFY, { phone: freshPerson().phone, code: '123456' })).json().code).toBe(
      'OTP_EXPIRED',
    );
  });

  it('sends two codes to a number at once, then after growing waits (1, 2, 4, 8, 15 minutes), from any address', async () => {
    const { person } = await signUpActive(server, clock);
    // The sign-up code was the first of the hour; a login code right after is the second.
    expect((await post(server, SEND, { phone: person.phone })).statusCode).toBe(200);
    for (const waitSeconds of [60, 120, 240, 480, 900, 900]) {
      const early = await post(server, SEND, { phone: person.phone }, { ip: freshIp() });
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({
        code: 'RATE_LIMITED',
        message: `Too many requests. Please try again in ${waitSeconds} seconds.`,
        details: { retryAfterSeconds: waitSeconds },
      });
      clock.advance(waitSeconds * 1000 - 1000);
      expect((await post(server, SEND, { phone: person.phone }, { ip: freshIp() })).statusCode).toBe(429);
      clock.advance(1000);
      expect((await post(server, SEND, { phone: person.phone }, { ip: freshIp() })).statusCode).toBe(200);
    }
    // A quiet hour later it starts over.
    clock.advance(60 * 60_000);
    expect((await post(server, SEND, { phone: person.phone })).statusCode).toBe(200);
    expect((await post(server, SEND, { phone: person.phone })).statusCode).toBe(200);
    expect((await post(server, SEND, { phone: person.phone })).statusCode).toBe(429);
    // Unknown numbers are limited the same way.
    const unknown = freshPerson().phone;
    for (const status of [200, 200, 429])
      expect((await post(server, SEND, { phone: unknown })).statusCode).toBe(status);
  });

  it('limits code requests from one address across numbers', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT.max; i++)
      expect((await post(server, SEND, { phone: freshPerson().phone }, { ip })).statusCode).toBe(200);
    const blocked = await post(server, SEND, { phone: freshPerson().phone }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it("checks the request's own code whatever wrong passwords came from its address", async () => {
    const { person } = await signUpActive(server, clock);
    const ip = freshIp();
    const browser = browserOf(await post(server, SEND, { phone: person.phone }, { ip }));
    const code = await lastCodeTo(server, person.phone);
    for (let i = 0; i < 10; i++)
      expect(
        (await post(server, LOGIN, { identifier: person.phone, password: 'Wrong@Pass1' }, { ip })).statusCode,
      ).toBe(401);
    expect((await check(person.phone, code, browser, { ip })).statusCode).toBe(200);
  });
});
