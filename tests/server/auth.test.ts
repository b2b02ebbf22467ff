import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { isSecureCookieSite } from '../../server/plugins/session.ts';
import { LOGIN_LIMIT, OTP_VERIFY_LIMIT, SIGNUP_LIMIT } from '../../server/routes/auth.routes.ts';
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

const SIGNUP = '/api/v1/auth/signup';
const VERIFY = '/api/v1/auth/otp/verify';
const RESEND = '/api/v1/auth/otp/resend';
const LOGIN = '/api/v1/auth/login';
const LOGOUT = '/api/v1/auth/logout';
const FORGOT = '/api/v1/auth/forgot';
const RESET = '/api/v1/auth/reset';
const ME = '/api/v1/account/me';
const NEW_PASSWORD = 'Boundary#4Six!';

describeOnEachDatabase('sign-up with a code by SMS', (server) => {
  const clock = useTestClock(server);

  it('creates a pending user, texts a code, and the right code activates the account and logs in', async () => {
    const person = freshPerson({ email: `Ravi.Upper${Date.now() % 100000}@Gmail.com` });
    const res = await post(server, SIGNUP, person);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      data: { otpToken: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      message: 'We have sent a 6-digit code to your phone.',
    });
    expect(res.cookies).toEqual([]);

    const user = await server.app.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', `+91${person.phone}`)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: person.email.toLowerCase(),
      status: 'pending',
      signup_method: 'password',
      first_name: 'Ravi',
      deleted_at: null,
    });
    expect(user.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(user.password_hash).not.toContain(PASSWORD);

    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms).toMatchObject({
      channel: 'sms',
      body: expect.stringMatching(/^\d{6} is your CricSpot sign-up code\. It expires in 10 minutes\./),
    });
    const otp = await lastCodeTo(server, person.phone);
    const challenge = await server.app.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('id', '=', body.data.otpToken)
      .executeTakeFirstOrThrow();
    expect(challenge.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.code_hash).not.toContain(otp);

    const verified = await post(server, VERIFY, { otpToken: body.data.otpToken, otp });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      data: {
        user: {
          id: user.id,
          firstName: 'Ravi',
          lastName: 'Kumar',
          email: person.email.toLowerCase(),
          phone: `+91${person.phone}`,
          status: 'active',
          roles: [],
        },
      },
      message: 'Your account is ready. Welcome!',
    });
    const cookie = verified.cookies.find((c) => c.name === 'cs_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy(); // plain http on localhost
    const stored = await server.app.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id_hash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    expect(stored[0]!.expires_at - stored[0]!.created_at).toBe(7 * 24 * 3600 * 1000);

    const me = await get(server, ME, { cookie: `cs_session=${cookie.value}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.id).toBe(user.id);

    const again = await post(server, VERIFY, { otpToken: body.data.otpToken, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'OTP_EXPIRED', message: 'The code has expired. Ask for a new one.' });
  });

  it('answers every empty field with its required message', async () => {
    const res = await post(server, SIGNUP, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      agreeLegal: 'You must agree to continue',
      agreeRules: 'You must agree to continue',
      agreeAge: 'You must agree to continue',
    });
    const blanks = await post(
      server,
      SIGNUP,
      freshPerson({ firstName: '  ', lastName: '', email: '', phone: '', password: '', confirmPassword: '' }),
    );
    expect(blanks.json().fields).toMatchObject({
      firstName: 'First name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('answers every broken rule with the form message, by field', async () => {
    const res = await post(
      server,
      SIGNUP,
      freshPerson({
        firstName: 'ravi',
        lastName: 'K'.repeat(21),
        email: 'ravi@example.com',
        phone: '12345',
        password: 'weakpass',
        confirmPassword: 'other',
        agreeLegal: false,
        agreeRules: false,
        agreeAge: false,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'First letter must be a capital letter',
      lastName: 'At most 20 characters',
      email: 'Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted',
      phone: 'Enter a valid Indian mobile number',
      password:
        'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@ $ ! % * ? &)',
      confirmPassword: 'Passwords do not match',
      agreeLegal: 'You must agree to continue',
      agreeRules: 'You must agree to continue',
      agreeAge: 'You must agree to continue',
    });
    const more = await post(
      server,
      SIGNUP,
      freshPerson({
        email: 'not-an-email',
        password: `Aa1@${'x'.repeat(125)}`,
        confirmPassword: `Aa1@${'x'.repeat(125)}`,
      }),
    );
    expect(more.json().fields).toEqual({ email: 'Invalid email', password: 'Password must be at most 128 characters' });
  });

  it('never reveals a registered phone: same answer, a warning SMS instead of a code, and the token never works', async () => {
    const { person, user } = await signUpActive(server, clock);
    const before = await server.app.db
      .selectFrom('users')
      .select(['password_hash', 'first_name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    clock.advance(1000);
    const attempt = await post(server, SIGNUP, freshPerson({ phone: person.phone, firstName: 'Mallory' }));
    expect(attempt.statusCode).toBe(200);
    expect(attempt.json()).toEqual({
      data: { otpToken: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      message: 'We have sent a 6-digit code to your phone.',
    });
    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms!.body).toMatch(/^Someone tried to sign up to CricSpot with your number\./);
    expect(sms!.body).not.toMatch(/\d{6}/);
    const wrong = await post(server, VERIFY, { otpToken: attempt.json().data.otpToken, otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'OTP_INCORRECT', message: 'The code is not correct. 4 tries left.' });
    const after = await server.app.db
      .selectFrom('users')
      .select(['password_hash', 'first_name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('never reveals a registered email: same answer, and the address owner is told by e-mail', async () => {
    const { person } = await signUpActive(server, clock);
    clock.advance(1000);
    const other = freshPerson({ email: person.email.toUpperCase() });
    const attempt = await post(server, SIGNUP, other);
    expect(attempt.statusCode).toBe(200);
    expect(Object.keys(attempt.json().data)).toEqual(['otpToken']);
    expect(await lastMessageTo(server, `+91${other.phone}`)).toBeUndefined();
    const mail = await lastMessageTo(server, person.email);
    expect(mail).toMatchObject({
      channel: 'email',
      body: expect.stringMatching(/^Someone tried to sign up to CricSpot with this e-mail address\./),
    });
  });

  it('reuses a pending sign-up: one user, and only the newest code works', async () => {
    const person = freshPerson();
    const first = await post(server, SIGNUP, person);
    const firstOtp = await lastCodeTo(server, person.phone);
    clock.advance(1000);
    const second = await post(server, SIGNUP, { ...person, firstName: 'Rahul' });
    const secondOtp = await lastCodeTo(server, person.phone);
    const users = await server.app.db
      .selectFrom('users')
      .select(['first_name', 'status'])
      .where('phone', '=', `+91${person.phone}`)
      .execute();
    expect(users).toEqual([{ first_name: 'Rahul', status: 'pending' }]);
    const old = await post(server, VERIFY, { otpToken: first.json().data.otpToken, otp: firstOtp });
    expect(old.json().code).toBe('OTP_EXPIRED');
    const ok = await post(server, VERIFY, { otpToken: second.json().data.otpToken, otp: secondOtp });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.firstName).toBe('Rahul');
  });

  it('does not let an unverified sign-up log in', async () => {
    const person = freshPerson();
    await post(server, SIGNUP, person);
    const login = await post(server, LOGIN, { identifier: person.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: 'Login Failed', code: 'LOGIN_FAILED' });
  });
});

describeOnEachDatabase('the sign-up code', (server) => {
  const clock = useTestClock(server);

  async function challenge() {
    const person = freshPerson();
    const res = await post(server, SIGNUP, person);
    return { person, otpToken: res.json().data.otpToken as string, otp: await lastCodeTo(server, person.phone) };
  }
  const wrongFor = (otp: string) => (otp === '123456' ? '654321' : '123456');

  it('validates the code and the token', async () => {
    const res = await post(server, VERIFY, { otp: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      otpToken: 'The code request is missing. Start again.',
      otp: 'Enter the 6-digit code',
    });
    const unknown = await post(server, VERIFY, { otpToken: crypto.randomUUID(), otp: '123456' });
    expect(unknown.json()).toMatchObject({ code: 'OTP_EXPIRED' });
  });

  it('counts wrong codes down, then kills the code after the fifth with 429', async () => {
    const { otpToken, otp } = await challenge();
    for (const left of [4, 3, 2, 1]) {
      const res = await post(server, VERIFY, { otpToken, otp: wrongFor(otp) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        code: 'OTP_INCORRECT',
        fields: { otp: `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.` },
      });
    }
    const fifth = await post(server, VERIFY, { otpToken, otp: wrongFor(otp) });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'OTP_LOCKED', message: 'Too many wrong codes. Ask for a new one.' });
    const right = await post(server, VERIFY, { otpToken, otp });
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toEqual([]);
  });

  it('spends the tries before comparing, so parallel guesses get five comparisons in all', async () => {
    const { otpToken, otp } = await challenge();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => post(server, VERIFY, { otpToken, otp: wrongFor(otp) })),
    );
    const codes = guesses.map((res) => res.json().code as string);
    expect(codes.filter((code) => code === 'OTP_INCORRECT')).toHaveLength(4);
    expect(codes.filter((code) => code === 'OTP_LOCKED')).toHaveLength(16);
    const row = await server.app.db
      .selectFrom('otp_codes')
      .select('attempts')
      .where('id', '=', otpToken)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await post(server, VERIFY, { otpToken, otp })).statusCode).toBe(429);
  });

  it('expires after 10 minutes', async () => {
    const { otpToken, otp } = await challenge();
    clock.advance(10 * 60_000);
    const res = await post(server, VERIFY, { otpToken, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The code has expired. Ask for a new one.',
      code: 'OTP_EXPIRED',
      fields: { otp: 'The code has expired. Ask for a new one.' },
    });
  });

  it('is resent only after a 60-second cooldown; the new code replaces the old and restores the tries', async () => {
    const { person, otpToken, otp } = await challenge();
    const early = await post(server, RESEND, { otpToken });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      message: 'Please wait 60 seconds before asking for a new code.',
      code: 'OTP_COOLDOWN',
    });
    clock.advance(30_000);
    expect((await post(server, RESEND, { otpToken })).json().message).toBe(
      'Please wait 30 seconds before asking for a new code.',
    );
    for (let i = 0; i < 5; i++) await post(server, VERIFY, { otpToken, otp: wrongFor(otp) });
    clock.advance(30_000);
    const resent = await post(server, RESEND, { otpToken });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ data: {}, message: 'We have sent a new code.' });
    const fresh = await lastCodeTo(server, person.phone);
    if (fresh !== otp) expect((await post(server, VERIFY, { otpToken, otp })).json().code).toBe('OTP_INCORRECT');
    const ok = await post(server, VERIFY, { otpToken, otp: fresh });
    expect(ok.statusCode).toBe(200);
    expect((await post(server, RESEND, { otpToken })).json().code).toBe('OTP_EXPIRED');
  });

  it('sends at most 5 codes an hour to one phone from one address, and 20 from all addresses (issue 10, finding 9)', async () => {
    const person = freshPerson();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(server, SIGNUP, person, { ip });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await post(server, SIGNUP, person, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
    // Someone else's five do not stop the owner's phone asking from its own address...
    expect((await post(server, SIGNUP, person, { ip: freshIp() })).statusCode).toBe(200);
    // ...but the phone's overall cap bounds what an SMS bomber spends.
    for (let i = 0; i < 14; i++) expect((await post(server, SIGNUP, person, { ip: freshIp() })).statusCode).toBe(200);
    expect((await post(server, SIGNUP, person, { ip: freshIp() })).statusCode).toBe(429);
  });

  it('limits sign-ups from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGNUP_LIMIT.max; i++)
      expect((await post(server, SIGNUP, freshPerson(), { ip })).statusCode).toBe(200);
    const blocked = await post(server, SIGNUP, freshPerson(), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('limits code checks from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < OTP_VERIFY_LIMIT.max; i++)
      expect((await post(server, VERIFY, { otpToken: crypto.randomUUID(), otp: '123456' }, { ip })).statusCode).toBe(
        400,
      );
    expect((await post(server, VERIFY, { otpToken: crypto.randomUUID(), otp: '123456' }, { ip })).statusCode).toBe(429);
  });

  it('two sign-ups racing for one email and phone make one user and two ordinary answers', async () => {
    const person = freshPerson();
    const [a, b] = await Promise.all([
      post(server, SIGNUP, person),
      post(server, SIGNUP, { ...person, firstName: 'Rahul' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(
      await server.app.db.selectFrom('users').select('id').where('email', '=', person.email).execute(),
    ).toHaveLength(1);
  });
});

describeOnEachDatabase('login and logout', (server) => {
  const clock = useTestClock(server);

  it('logs in by email in any case, or by phone with or without +91, with a fresh session each time', async () => {
    const { person, cookie: signupCookie } = await signUpActive(server, clock);
    for (const identifier of [
      person.email.toUpperCase(),
      person.phone,
      `+91 ${person.phone.slice(0, 5)} ${person.phone.slice(5)}`,
    ]) {
      const res = await post(server, LOGIN, { identifier, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({
        email: person.email,
        phone: `+91${person.phone}`,
        status: 'active',
      });
      expect(sessionCookieOf(res)).not.toBe(signupCookie);
    }
  });

  it('replaces the session it was called with (no fixation)', async () => {
    const { person, cookie } = await signUpActive(server, clock);
    const res = await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { cookie });
    const fresh = sessionCookieOf(res);
    expect(fresh).not.toBe(cookie);
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
    expect((await get(server, ME, { cookie: fresh })).statusCode).toBe(200);
  });

  it('fails the same way for a wrong password, an unknown email and an unknown phone, always spending a hash', async () => {
    const { person } = await signUpActive(server, clock);
    const verify = vi.spyOn(server.app.passwords, 'verify');
    const dummy = vi.spyOn(server.app.passwords, 'verifyDummy');
    const answers = [];
    for (const [identifier, password] of [
      [person.email, 'Wrong@Pass1'],
      ['nobody.here@gmail.com', PASSWORD],
      ['9000000001', PASSWORD],
    ] as const) {
      const res = await post(server, LOGIN, { identifier, password });
      answers.push({ status: res.statusCode, body: res.body, cookies: res.cookies.length });
    }
    expect(answers).toEqual(
      Array(3).fill({
        status: 401,
        body: JSON.stringify({ message: 'Login Failed', code: 'LOGIN_FAILED' }),
        cookies: 0,
      }),
    );
    expect(verify).toHaveBeenCalledTimes(1);
    expect(dummy).toHaveBeenCalledTimes(2);
    verify.mockRestore();
    dummy.mockRestore();
  });

  it('answers the form messages', async () => {
    const empty = await post(server, LOGIN, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      identifier: 'Email or phone number is required',
      password: 'Password is required',
    });
    const bad = await post(server, LOGIN, { identifier: 'ravi', password: 'x' });
    expect(bad.json().fields).toEqual({ identifier: 'Enter a valid email or 10-digit mobile number' });
  });

  it('limits tries for one identifier from one address', async () => {
    const { person } = await signUpActive(server, clock);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass1' }, { ip })).statusCode,
      ).toBe(401);
    const blocked = await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('strangers cannot lock the owner out; a distributed guesser is slowed (issue 10, finding 9)', async () => {
    const { person } = await signUpActive(server, clock);
    // 30 wrong passwords from 30 addresses: then wrong passwords get 429...
    for (let i = 0; i < 30; i++)
      expect((await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass1' })).statusCode).toBe(401);
    expect((await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass2' })).statusCode).toBe(429);
    // ...while the owner's right password still logs in, from anywhere.
    expect((await post(server, LOGIN, { identifier: person.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers forgot-password the same for a real and an unknown account, and sends after answering (finding 8)', async () => {
    const { person } = await signUpActive(server, clock);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const realSend = server.app.messages.send;
    // A relay that hangs, then fails: the answer must not wait for it nor show it.
    server.app.messages.send = async () => {
      await held;
      throw new Error('relay down');
    };
    try {
      const real = server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot',
        payload: { identifier: person.email },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        remoteAddress: freshIp(),
      });
      const unknown = server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot',
        payload: { identifier: 'nobody.here@gmail.com' },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        remoteAddress: freshIp(),
      });
      const [a, b] = await Promise.all([real, unknown]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json().message).toBe(b.json().message);
      release();
      await server.app.idleAfterAnswer();
    } finally {
      server.app.messages.send = realSend;
    }
  });

  it('limits tries from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMIT.max; i++)
      expect(
        (await post(server, LOGIN, { identifier: `x${i}@gmail.com`, password: 'Wrong@Pass1' }, { ip })).statusCode,
      ).toBe(401);
    expect((await post(server, LOGIN, { identifier: 'y@gmail.com', password: 'Wrong@Pass1' }, { ip })).statusCode).toBe(
      429,
    );
  });

  it('rehashes a password stored at a lower cost on the next login', async () => {
    const { person, user } = await signUpActive(server, clock);
    const params = server.app.passwords.params;
    server.app.passwords.params = { ...params, N: 2048 };
    try {
      expect((await post(server, LOGIN, { identifier: person.email, password: PASSWORD })).statusCode).toBe(200);
      const row = await server.app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$2048\$/);
    } finally {
      server.app.passwords.params = params;
    }
  });

  it('logout ends the session and clears the cookie; the old cookie is refused', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    const out = await post(server, LOGOUT, undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: {}, message: 'You have been logged out.' });
    const cleared = out.cookies.find((c) => c.name === 'cs_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    expect(
      await server.app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    const me = await get(server, ME, { cookie });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' });
    expect(me.cookies.find((c) => c.name === 'cs_session')?.value).toBe('');
    expect((await post(server, LOGOUT)).statusCode).toBe(200);
  });
});

describeOnEachDatabase('forgotten password', (server) => {
  const clock = useTestClock(server);

  it('texts a reset code; the right code sets the new password and ends every session', async () => {
    const { person, cookie } = await signUpActive(server, clock);
    const second = sessionCookieOf(await post(server, LOGIN, { identifier: person.phone, password: PASSWORD }));
    clock.advance(1000);
    const forgot = await post(server, FORGOT, { identifier: person.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({
      data: { otpToken: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      message: 'If an account matches, we have sent a 6-digit code to its phone.',
    });
    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms!.body).toMatch(/^\d{6} is your CricSpot password reset code\./);
    const otp = await lastCodeTo(server, person.phone);

    const wrongCheck = await post(server, '/api/v1/auth/reset/check', {
      otpToken: forgot.json().data.otpToken,
      otp: otp === '111111' ? '222222' : '111111',
    });
    expect(wrongCheck.json()).toMatchObject({
      code: 'OTP_INCORRECT',
      message: 'The code is not correct. 4 tries left.',
    });
    for (let i = 0; i < 3; i++)
      expect(
        (await post(server, '/api/v1/auth/reset/check', { otpToken: forgot.json().data.otpToken, otp })).statusCode,
      ).toBe(200);
    const tries = await server.app.db
      .selectFrom('otp_codes')
      .select('attempts')
      .where('id', '=', forgot.json().data.otpToken)
      .executeTakeFirstOrThrow();
    expect(tries.attempts).toBe(1);
    const reset = await post(server, RESET, {
      otpToken: forgot.json().data.otpToken,
      otp,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({
      data: {},
      message: 'Your password has been changed. Please log in with your new password.',
    });
    expect((await get(server, ME, { cookie })).statusCode).toBe(401);
    expect((await get(server, ME, { cookie: second })).statusCode).toBe(401);
    expect((await post(server, LOGIN, { identifier: person.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(server, LOGIN, { identifier: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const replay = await post(server, RESET, {
      otpToken: forgot.json().data.otpToken,
      otp,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(replay.json().code).toBe('OTP_EXPIRED');
  });

  it('answers the same for an unknown account, sends nothing, and its token never works', async () => {
    const before = await server.app.db.selectFrom('outbox_messages').select('id').execute();
    const res = await post(server, FORGOT, { identifier: 'nobody.at.all@gmail.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { otpToken: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      message: 'If an account matches, we have sent a 6-digit code to its phone.',
    });
    expect(await server.app.db.selectFrom('outbox_messages').select('id').execute()).toHaveLength(before.length);
    const reset = await post(server, RESET, {
      otpToken: res.json().data.otpToken,
      otp: '123456',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.json()).toMatchObject({ code: 'OTP_INCORRECT', message: 'The code is not correct. 4 tries left.' });
    expect((await post(server, RESEND, { otpToken: res.json().data.otpToken })).json().code).toBe('OTP_COOLDOWN');
  });

  it('sends no code for a deactivated account', async () => {
    const { person, cookie } = await signUpActive(server, clock);
    await post(server, '/api/v1/account/deactivate', undefined, { cookie });
    clock.advance(1000);
    const before = await lastMessageTo(server, `+91${person.phone}`);
    const res = await post(server, FORGOT, { identifier: person.phone });
    expect(res.statusCode).toBe(200);
    expect(await lastMessageTo(server, `+91${person.phone}`)).toEqual(before);
  });

  it('answers the form messages', async () => {
    expect((await post(server, FORGOT, {})).json().fields).toEqual({ identifier: 'Email or phone number is required' });
    expect((await post(server, FORGOT, { identifier: '12345' })).json().fields).toEqual({
      identifier: 'Enter a valid email or 10-digit mobile number',
    });
    const res = await post(server, RESET, { otpToken: 'x', otp: '1', password: 'short', confirmPassword: 'other' });
    expect(res.json().fields).toEqual({
      otp: 'Enter the 6-digit code',
      password:
        'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@ $ ! % * ? &)',
      confirmPassword: 'Passwords do not match',
    });
    expect((await post(server, RESET, { otpToken: 'x', otp: '123456' })).json().fields).toEqual({
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('does not take a sign-up code for a reset', async () => {
    const person = freshPerson();
    const signup = await post(server, SIGNUP, person);
    const otp = await lastCodeTo(server, person.phone);
    const res = await post(server, RESET, {
      otpToken: signup.json().data.otpToken,
      otp,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.json().code).toBe('OTP_EXPIRED');
  });
});

describeOnEachDatabase('CSRF guard', (server) => {
  const clock = useTestClock(server);

  it('refuses a state-changing API call without X-Requested-With', async () => {
    for (const url of [LOGIN, SIGNUP, LOGOUT, '/api/v1/contact', '/api/v1/account/deactivate']) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        payload: { identifier: 'a@gmail.com', password: 'x' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        message: 'This request was refused because it did not come from this site. Reload the page and try again.',
        code: 'CSRF',
      });
    }
    const wrongValue = await post(
      server,
      LOGIN,
      { identifier: 'a@gmail.com', password: 'x' },
      { headers: { 'x-requested-with': 'fetch' } },
    );
    expect(wrongValue.statusCode).toBe(403);
  });

  it('cannot be dodged by spelling the path another way', async () => {
    for (const url of [
      '/%61pi/v1/auth/login',
      '/api/v1/auth/%6cogin',
      '/api/v1/auth/login?x=1',
      '/api/v1/nothing-here',
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        payload: { identifier: 'a@gmail.com', password: 'x' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("refuses another site's Origin and a null one, accepts the site's own", async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example:3000']) {
      const res = await post(server, LOGIN, { identifier: 'a@gmail.com', password: 'x' }, { headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
    const own = await post(
      server,
      LOGIN,
      { identifier: 'a@gmail.com', password: 'Wrong@Pass1' },
      { headers: { origin: new URL(server.config.publicUrl).origin } },
    );
    expect(own.statusCode).toBe(401);
    const devServer = await post(
      server,
      LOGIN,
      { identifier: 'a@gmail.com', password: 'Wrong@Pass1' },
      { headers: { origin: 'http://127.0.0.1:5173' } },
    );
    expect(devServer.statusCode).toBe(401);
  });

  it('lets reads through without the header', async () => {
    const res = await server.app.inject({ method: 'GET', url: ME });
    expect(res.statusCode).toBe(401);
  });

  it('lists the outbox outside production', async () => {
    const person = freshPerson();
    await post(server, SIGNUP, person);
    const res = await get(server, '/api/v1/dev/outbox');
    expect(res.statusCode).toBe(200);
    const messages = res.json().data.messages as Array<{ recipient: string; body: string; channel: string }>;
    expect(messages.length).toBeLessThanOrEqual(50);
    expect(messages.find((m) => m.recipient === `+91${person.phone}`)).toMatchObject({
      channel: 'sms',
      body: expect.stringMatching(/^\d{6} is your/),
    });
  });

  it('keeps outbox messages (codes in clear) for a day only', async () => {
    const person = freshPerson();
    await post(server, SIGNUP, person);
    expect(await lastMessageTo(server, `+91${person.phone}`)).toBeDefined();
    clock.advance(24 * 60 * 60 * 1000 + 1);
    await post(server, SIGNUP, freshPerson());
    expect(await lastMessageTo(server, `+91${person.phone}`)).toBeUndefined();
  });
});

describeOnEachDatabase(
  'in production behind https',
  (server) => {
    useTestClock(server);

    it('sets a Secure cookie and accepts only the site origin', async () => {
      const person = freshPerson();
      const signup = await post(server, SIGNUP, person);
      const otp = await lastCodeTo(server, person.phone);
      const verified = await post(
        server,
        VERIFY,
        { otpToken: signup.json().data.otpToken, otp },
        { headers: { origin: 'https://cricspot.in' } },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.cookies.find((c) => c.name === 'cs_session')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
      const local = await post(
        server,
        LOGIN,
        { identifier: person.email, password: PASSWORD },
        { headers: { origin: 'http://localhost:5173' } },
      );
      expect(local.statusCode).toBe(403);
    });

    it('has no outbox page', async () => {
      expect((await get(server, '/api/v1/dev/outbox')).statusCode).toBe(404);
    });
  },
  { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cricspot.in' } },
);

describe('session cookie and CSRF settings', () => {
  it('marks the cookie Secure everywhere but plain http on this machine', () => {
    expect(isSecureCookieSite('https://cricspot.in')).toBe(true);
    expect(isSecureCookieSite('http://cricspot.in')).toBe(true);
    expect(isSecureCookieSite('https://localhost:3000')).toBe(true);
    expect(isSecureCookieSite('http://localhost:3000')).toBe(false);
    expect(isSecureCookieSite('http://127.0.0.1:3100')).toBe(false);
  });

  it('lets a route opt out of the CSRF check explicitly (a signed webhook), and no other', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-csrf-'));
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), { logger: false });
    app.post('/api/v1/test/webhook', { config: { csrf: false } }, async () => ({ ok: true }));
    app.post('/api/v1/test/guarded', async () => ({ ok: true }));
    expect((await app.inject({ method: 'POST', url: '/api/v1/test/webhook', payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/test/guarded', payload: {} })).statusCode).toBe(403);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
