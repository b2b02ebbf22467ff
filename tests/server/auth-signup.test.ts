import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { OTP_VERIFY_LIMIT, SIGNUP_LIMIT } from '../../server/routes/auth.routes.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import {
  PASSWORD,
  freshIp,
  freshPerson,
  get,
  lastCodeTo,
  lastMessageTo,
  post,
  signUpActive,
  useTestClock,
} from '../support/accounts.ts';
import { SIGNUP, VERIFY, RESEND, LOGIN, ME } from './auth.helpers.ts';

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
        details: { triesLeft: left },
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
      details: { retryAfterSeconds: 60 },
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

  it('sends sign-up codes to one phone with growing waits, whoever asks (issue 27, finding 4)', async () => {
    const person = freshPerson();
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      const res = await post(server, SIGNUP, person, { ip });
      expect(res.statusCode, res.body).toBe(200);
    }
    const third = await post(server, SIGNUP, person, { ip: freshIp() });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again in 60 seconds.',
      details: { retryAfterSeconds: 60 },
    });
    clock.advance(60_000);
    expect((await post(server, SIGNUP, person, { ip: freshIp() })).statusCode).toBe(200);
    expect((await post(server, SIGNUP, person, { ip })).json().details).toEqual({ retryAfterSeconds: 120 });
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
