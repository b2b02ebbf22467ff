import { expect, it, vi } from 'vitest';
import { LOGIN_LIMIT } from '../../server/routes/auth.routes.ts';
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
import { SIGNUP, RESEND, LOGIN, LOGOUT, FORGOT, RESET, ME, NEW_PASSWORD } from './auth.helpers.ts';

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

  it('limits wrong passwords for one identifier from one address (the right one: tests/server/code-channel.test.ts)', async () => {
    const { person } = await signUpActive(server, clock);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass1' }, { ip })).statusCode,
      ).toBe(401);
    const blocked = await post(server, LOGIN, { identifier: person.email, password: 'Wrong@Pass2' }, { ip });
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
