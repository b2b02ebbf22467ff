import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { get, post, signUpActive, useTestClock } from '../support/accounts.ts';
import { PENDING, SOCIAL_LOGIN, freshGooglePerson, socialForm, pendingFor } from './social.helpers.ts';

describeOnEachDatabase('Google sign-in through the development identity provider', (server) => {
  const clock = useTestClock(server);

  it('social-pending and social-login without a pending Google sign-in, or after it expired', async () => {
    const none = await get(server, PENDING);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'NO_PENDING_SOCIAL', message: 'Please sign in with Google again.' });
    const junk = await get(server, PENDING, { cookie: 'cs_social=junk' });
    expect(junk.statusCode).toBe(404);

    const person = freshGooglePerson();
    const missing = await post(server, SOCIAL_LOGIN, socialForm(person));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'NO_PENDING_SOCIAL',
      message: 'Your Google sign-in has expired. Please sign in with Google again.',
    });

    const { person: late, socialCookie } = await pendingFor(server);
    clock.advance(30 * 60 * 1000 + 1);
    expect((await get(server, PENDING, { cookie: socialCookie })).statusCode).toBe(404);
    const expired = await post(server, SOCIAL_LOGIN, socialForm(late), { cookie: socialCookie });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('NO_PENDING_SOCIAL');
    expect(await server.app.db.selectFrom('users').select('id').where('email', '=', late.email).execute()).toEqual([]);
  });

  it('refuses a phone number already registered (409 by the field) and keeps the pending sign-in for another try', async () => {
    const { person: owner } = await signUpActive(server, clock);
    const { person, socialCookie } = await pendingFor(server);
    const taken = await post(server, SOCIAL_LOGIN, socialForm(person, { phone: owner.phone }), {
      cookie: socialCookie,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'PHONE_TAKEN',
      message: 'This mobile number is already registered',
      fields: { phone: 'This mobile number is already registered' },
    });
    const retry = await post(server, SOCIAL_LOGIN, socialForm(person, { phone: person.phone }), {
      cookie: socialCookie,
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('replaces an unfinished password sign-up holding the same e-mail or number', async () => {
    const { person, socialCookie } = await pendingFor(server);
    const signup = await post(server, '/api/v1/auth/signup', {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: person.email,
      phone: person.phone,
      password: 'Cricket@2026',
      confirmPassword: 'Cricket@2026',
      agreeLegal: true,
      agreeRules: true,
      agreeAge: true,
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const made = await post(server, SOCIAL_LOGIN, socialForm(person), { cookie: socialCookie });
    expect(made.statusCode, made.body).toBe(200);
    const rows = await server.app.db
      .selectFrom('users')
      .select(['status', 'signup_method'])
      .where('email', '=', person.email)
      .execute();
    expect(rows).toEqual([{ status: 'active', signup_method: 'google' }]);
  });

  it('keeps the verified e-mail: another one in the form is refused by the field', async () => {
    const { person, socialCookie } = await pendingFor(server);
    const res = await post(server, SOCIAL_LOGIN, socialForm(person, { email: 'someone.else@gmail.com' }), {
      cookie: socialCookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Use the e-mail of your Google account',
      fields: { email: 'Use the e-mail of your Google account' },
    });
    const sameButCased = await post(
      server,
      SOCIAL_LOGIN,
      socialForm(person, { email: ` ${person.email.toUpperCase()} ` }),
      { cookie: socialCookie },
    );
    expect(sameButCased.statusCode, sameButCased.body).toBe(200);
  });

  it('answers every social sign-up validation message by field', async () => {
    const { person, socialCookie } = await pendingFor(server);
    const empty = await post(server, SOCIAL_LOGIN, {}, { cookie: socialCookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      agreeLegal: 'You must agree to continue',
      agreeRules: 'You must agree to continue',
      agreeAge: 'You must agree to continue',
      signup_method: "signup_method must be 'google'",
      device_type: "device_type must be 'website'",
    });
    const wrong = await post(
      server,
      SOCIAL_LOGIN,
      socialForm(person, {
        first_name: ' ',
        last_name: '',
        email: 'not-an-email',
        phone: '+91 12345',
        agreeLegal: false,
        agreeRules: false,
        agreeAge: false,
      }),
      { cookie: socialCookie },
    );
    expect(wrong.json().fields).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Invalid email',
      phone: 'Phone number must be 10 digits',
      agreeLegal: 'You must agree to continue',
      agreeRules: 'You must agree to continue',
      agreeAge: 'You must agree to continue',
    });
    const long = await post(server, SOCIAL_LOGIN, socialForm(person, { phone: '98765432101' }), {
      cookie: socialCookie,
    });
    expect(long.json().fields).toEqual({ phone: 'Phone number must be 10 digits' });
    // Nothing was used up: the right form still works, with the bare 10 digits too.
    const ok = await post(server, SOCIAL_LOGIN, socialForm(person, { phone: person.phone }), { cookie: socialCookie });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
