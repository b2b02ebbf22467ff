import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { freshPerson, get, lastCodeTo, lastMessageTo, post, signUpActive, useTestClock } from '../support/accounts.ts';
import {
  PENDING,
  SOCIAL_LOGIN,
  freshGooglePerson,
  googleSignIn,
  socialForm,
  pendingFor,
  socialSignupVerified,
} from './social.helpers.ts';

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
    clock.advance(1);
    await socialSignupVerified(server, person, socialCookie);
    const rows = await server.app.db
      .selectFrom('users')
      .select(['status', 'signup_method'])
      .where('email', '=', person.email)
      .execute();
    expect(rows).toEqual([{ status: 'active', signup_method: 'google' }]);
  });

  it("a number is the player's only with its code: a stranger's number left in an unfinished Google sign-up gives way to its owner's sign-up, which that Google account never reaches", async () => {
    const victim = freshPerson();
    const { person: intruder, socialCookie } = await pendingFor(server);
    const claimed = await post(server, SOCIAL_LOGIN, socialForm(intruder, { phone: victim.phone }), {
      cookie: socialCookie,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // The code went to the number's owner; without it there is no account and no session.
    expect(claimed.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
    const wrong = await post(server, '/api/v1/auth/otp/verify', {
      otpToken: claimed.json().data.otpToken,
      otp: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const loginCode = await post(server, '/api/v1/auth/login-code', { phone: victim.phone });
    expect(loginCode.statusCode).toBe(200);
    expect((await lastMessageTo(server, `+91${victim.phone}`))?.body).toMatch(/sign-up code/);

    // The owner signs up with their own number (after the wait between codes to one number): it
    // is theirs, not linked to the intruder's Google account.
    clock.advance(61_000);
    const { user } = await signUpActive(server, clock, { phone: victim.phone, email: victim.email });
    const owner = await server.app.db
      .selectFrom('users')
      .select(['id', 'status', 'signup_method', 'google_subject'])
      .where('phone', '=', `+91${victim.phone}`)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ id: user.id, status: 'active', signup_method: 'password', google_subject: null });
    const again = await googleSignIn(server, intruder);
    expect(again.res.json().data.status).toBe('needs_signup');
  });

  it('a wrong number is corrected with the same Google sign-in: the form again, a code to the new number', async () => {
    const { person, socialCookie } = await pendingFor(server);
    const typo = `8${person.phone.slice(1)}`;
    const first = await post(server, SOCIAL_LOGIN, socialForm(person, { phone: typo }), { cookie: socialCookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(await get(server, PENDING, { cookie: socialCookie })).toMatchObject({ statusCode: 200 });
    const verified = await socialSignupVerified(server, person, socialCookie);
    expect(verified.json().data.user).toMatchObject({ email: person.email, phone: `+91${person.phone}` });
    const stale = await post(server, '/api/v1/auth/otp/verify', {
      otpToken: first.json().data.otpToken,
      otp: await lastCodeTo(server, typo),
    });
    expect(stale.statusCode).toBe(400);
    expect(await server.app.db.selectFrom('users').select('id').where('phone', '=', `+91${typo}`).execute()).toEqual(
      [],
    );
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
