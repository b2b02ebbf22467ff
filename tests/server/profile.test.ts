import { expect, it } from 'vitest';
import { PROFILE_UPDATE_LIMIT } from '../../server/routes/profile.routes.ts';
import {
  freshIp,
  freshPerson,
  get,
  lastCodeTo,
  lastMessageTo,
  post,
  signUpActive,
  useTestClock,
  XHR,
} from '../support/accounts.ts';
import { ME, UNAUTHENTICATED } from '../support/profile.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const PROFILE = '/api/v1/account/profile';

function patch(server: ServerHarness, payload: unknown, cookie?: string) {
  return server.app.inject({
    method: 'PATCH',
    url: PROFILE,
    payload: payload as Record<string, unknown>,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    remoteAddress: freshIp(),
  });
}

function verifyPhone(server: ServerHarness, cookie: string, otpToken: string, otp: string) {
  return post(server, '/api/v1/account/phone/verify', { otpToken, otp }, { cookie });
}

/** The form's values for a person, with their own 10-digit phone. */
function profileOf(person: { firstName: string; lastName: string; email: string; phone: string }) {
  return { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone };
}

describeOnEachDatabase('updating the profile', (server) => {
  const clock = useTestClock(server);

  it('needs a login, before it looks at the body', async () => {
    const res = await patch(server, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('updates names and e-mail at once, the phone (stored +91) only with the code sent to the new number, and /me shows them', async () => {
    const { cookie, user, person } = await signUpActive(server, clock);
    clock.advance(1);
    const next = freshPerson({ firstName: 'Anil', lastName: 'Sharma' });
    const res = await patch(server, { ...profileOf(next), email: `  ${next.email.toUpperCase()} ` }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      id: user.id,
      firstName: 'Anil',
      lastName: 'Sharma',
      email: next.email,
      phone: `+91${person.phone}`,
      status: 'active',
      roles: [],
      avatarUrl: null,
      hasPassword: true,
    };
    expect(res.json()).toEqual({
      data: { user: saved, phoneChange: { otpToken: expect.any(String), phone: `+91${next.phone}` } },
      message: 'Your profile has been updated. We have sent a 6-digit code to your new number.',
    });
    expect((await get(server, ME, { cookie })).json().data.user).toEqual(saved);
    expect((await lastMessageTo(server, `+91${next.phone}`))?.body).toMatch(
      /^\d{6} is your CricSpot code to make this your account's mobile number\./,
    );

    const verified = await verifyPhone(
      server,
      cookie,
      res.json().data.phoneChange.otpToken,
      await lastCodeTo(server, next.phone),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const expected = { ...saved, phone: `+91${next.phone}` };
    expect(verified.json()).toEqual({ data: { user: expected }, message: 'Your mobile number has been changed.' });
    expect((await get(server, ME, { cookie })).json().data.user).toEqual(expected);
    // The new e-mail and phone log in.
    const login = await post(server, '/api/v1/auth/login', { identifier: next.phone, password: next.password });
    expect(login.statusCode).toBe(200);
  });

  it('tells the old e-mail when it changes, and the old number once the new one is confirmed', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    clock.advance(1);
    const next = freshPerson();
    const res = await patch(server, profileOf(next), cookie);
    expect(res.statusCode).toBe(200);
    expect((await lastMessageTo(server, person.email))?.subject).toBe('Your CricSpot e-mail address was changed');
    expect((await lastMessageTo(server, `+91${person.phone}`))?.body).not.toMatch(/was changed/);
    clock.advance(1);
    await verifyPhone(server, cookie, res.json().data.phoneChange.otpToken, await lastCodeTo(server, next.phone));
    expect((await lastMessageTo(server, `+91${person.phone}`))?.body).toMatch(
      /mobile number of your CricSpot account was changed/,
    );
  });

  it("a session alone cannot move the number: nothing changes without the new number's code, and a wrong code, another player's code or a number replaced since are refused", async () => {
    const victim = await signUpActive(server, clock);
    const other = await signUpActive(server, clock);
    clock.advance(1);
    const intruder = freshPerson();
    const asked = await patch(server, { ...profileOf(victim.person), phone: intruder.phone }, victim.cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    const { otpToken } = asked.json().data.phoneChange as { otpToken: string };
    // Login and reset codes still go to the account's own number.
    const stored = await server.app.db
      .selectFrom('users')
      .select(['phone', 'pending_phone'])
      .where('id', '=', victim.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ phone: `+91${victim.person.phone}`, pending_phone: `+91${intruder.phone}` });

    const wrong = await verifyPhone(server, victim.cookie, otpToken, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OTP_INCORRECT');
    // Another logged-in player holding the code's request gets nothing from it.
    const code = await lastCodeTo(server, intruder.phone);
    const stolen = await verifyPhone(server, other.cookie, otpToken, code);
    expect(stolen.statusCode).toBe(400);
    // A number replaced since: the first number's code no longer counts.
    clock.advance(61_000);
    const second = freshPerson();
    const again = await patch(server, { ...profileOf(victim.person), phone: second.phone }, victim.cookie);
    expect(again.statusCode, again.body).toBe(200);
    const stale = await verifyPhone(server, victim.cookie, otpToken, code);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('OTP_EXPIRED');
    // Saving the current number again drops the waiting change.
    expect((await patch(server, profileOf(victim.person), victim.cookie)).statusCode).toBe(200);
    const late = await verifyPhone(
      server,
      victim.cookie,
      again.json().data.phoneChange.otpToken,
      await lastCodeTo(server, second.phone),
    );
    expect(late.statusCode).toBe(400);
    expect((await get(server, ME, { cookie: victim.cookie })).json().data.user.phone).toBe(`+91${victim.person.phone}`);
  });

  it("resends a new number's code to that number", async () => {
    const { cookie, person } = await signUpActive(server, clock);
    clock.advance(1);
    const next = freshPerson();
    const res = await patch(server, { ...profileOf(person), phone: next.phone }, cookie);
    const { otpToken } = res.json().data.phoneChange as { otpToken: string };
    const first = await lastCodeTo(server, next.phone);
    clock.advance(61_000);
    const resent = await post(server, '/api/v1/auth/otp/resend', { otpToken });
    expect(resent.statusCode, resent.body).toBe(200);
    const code = await lastCodeTo(server, next.phone);
    expect(code).not.toBe(first);
    expect((await verifyPhone(server, cookie, otpToken, code)).statusCode).toBe(200);
  });

  it('keeping the same e-mail and phone is no conflict and sends nothing', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    const res = await patch(server, { ...profileOf(person), firstName: 'Ravindra' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.firstName).toBe('Ravindra');
    expect(await lastMessageTo(server, person.email)).toBeUndefined();
  });

  it('answers every validation message by its field', async () => {
    const { cookie } = await signUpActive(server, clock);
    const empty = await patch(server, { firstName: '', lastName: ' ', email: '', phone: '' }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
      },
    });
    const missing = await patch(server, {}, cookie);
    expect(missing.json().fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
    const wrong = await patch(
      server,
      { firstName: 'ravi', lastName: 'Kumarswamyvenkataraman', email: 'ravi@', phone: '5876543210' },
      cookie,
    );
    expect(wrong.json().fields).toEqual({
      firstName: 'First letter must be a capital letter',
      lastName: 'At most 20 characters',
      email: 'Invalid email',
      phone: 'Enter a valid Indian mobile number',
    });
    const domain = await patch(
      server,
      { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.com', phone: '+919876543210' },
      cookie,
    );
    expect(domain.json().fields).toEqual({
      email: 'Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted',
      phone: 'Enter a valid Indian mobile number',
    });
  });

  it('refuses an e-mail or phone of another account with 409 and the field, and changes nothing', async () => {
    const a = await signUpActive(server, clock);
    const b = await signUpActive(server, clock);
    const email = await patch(server, { ...profileOf(a.person), email: b.person.email.toUpperCase() }, a.cookie);
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({
      message: 'This e-mail is already registered',
      code: 'ALREADY_REGISTERED',
      fields: { email: 'This e-mail is already registered' },
    });
    const phone = await patch(server, { ...profileOf(a.person), phone: b.person.phone }, a.cookie);
    expect(phone.statusCode).toBe(409);
    expect(phone.json().fields).toEqual({ phone: 'This mobile number is already registered' });
    const both = await patch(server, { ...profileOf(b.person), firstName: 'Mallory' }, a.cookie);
    expect(both.json().fields).toEqual({
      email: 'This e-mail is already registered',
      phone: 'This mobile number is already registered',
    });
    const stored = await server.app.db
      .selectFrom('users')
      .select(['first_name', 'email', 'phone'])
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Ravi', email: a.person.email, phone: `+91${a.person.phone}` });
    // b is untouched and still the one behind its own session.
    expect((await get(server, ME, { cookie: b.cookie })).json().data.user).toMatchObject({
      id: b.user.id,
      email: b.person.email,
    });
  });

  it('acts on the session user only: an id, role or status in the body changes nothing', async () => {
    const a = await signUpActive(server, clock);
    const b = await signUpActive(server, clock);
    const res = await patch(
      server,
      { ...profileOf(a.person), firstName: 'Arjun', id: b.user.id, role: 'admin', status: 'active', avatarUrl: '/x' },
      a.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: a.user.id, firstName: 'Arjun', roles: [], avatarUrl: null });
    const rows = await server.app.db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('id', 'in', [a.user.id, b.user.id])
      .execute();
    expect(rows.find((r) => r.id === b.user.id)).toEqual({ id: b.user.id, first_name: 'Ravi' });
    expect(
      await server.app.db.selectFrom('user_roles').selectAll().where('user_id', 'in', [a.user.id, b.user.id]).execute(),
    ).toEqual([]);
  });

  it('takes an e-mail and, with its code, a phone over from an unfinished sign-up', async () => {
    const { cookie, user } = await signUpActive(server, clock);
    const stranger = freshPerson();
    expect((await post(server, '/api/v1/auth/signup', stranger)).statusCode).toBe(200);
    clock.advance(1);
    const res = await patch(server, profileOf(stranger), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const holders = await server.app.db.selectFrom('users').select('id').where('email', '=', stranger.email).execute();
    expect(holders).toEqual([{ id: user.id }]);
    const verified = await verifyPhone(
      server,
      cookie,
      res.json().data.phoneChange.otpToken,
      await lastCodeTo(server, stranger.phone),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const phoneHolders = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', `+91${stranger.phone}`)
      .execute();
    expect(phoneHolders).toEqual([{ id: user.id }]);
  });

  it('keeps a Google-linked account on its Google e-mail', async () => {
    const { cookie, person, user } = await signUpActive(server, clock);
    await server.app.db
      .updateTable('users')
      .set({ google_subject: `sub-${user.id}` })
      .where('id', '=', user.id)
      .execute();
    const res = await patch(server, { ...profileOf(person), email: freshPerson().email }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Use the e-mail of your Google account',
      code: 'GOOGLE_EMAIL_LOCKED',
      fields: { email: 'Use the e-mail of your Google account' },
    });
    // Everything else may change, the same e-mail in other case included.
    const ok = await patch(
      server,
      { ...profileOf(person), email: person.email.toUpperCase(), lastName: 'Verma' },
      cookie,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user).toMatchObject({ email: person.email, lastName: 'Verma' });
  });

  it(`allows ${PROFILE_UPDATE_LIMIT.max} updates an hour per user, from any address`, async () => {
    const { cookie, person } = await signUpActive(server, clock);
    for (let i = 0; i < PROFILE_UPDATE_LIMIT.max; i += 1) {
      expect((await patch(server, profileOf(person), cookie)).statusCode).toBe(200);
    }
    const limited = await patch(server, profileOf(person), cookie);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another user is not slowed down by this one.
    const other = await signUpActive(server, clock);
    expect((await patch(server, profileOf(other.person), other.cookie)).statusCode).toBe(200);
  });

  it('refuses a request without the CSRF header', async () => {
    const { cookie, person } = await signUpActive(server, clock);
    const res = await server.app.inject({
      method: 'PATCH',
      url: PROFILE,
      payload: profileOf(person),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
