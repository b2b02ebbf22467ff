import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEV_IDP_KEY_FILE, devSubjectFor } from '../../server/services/accounts/dev-idp.service.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import {
  get,
  lastCodeTo,
  lastMessageTo,
  post,
  sessionCookieOf,
  signUpActive,
  useTestClock,
} from '../support/accounts.ts';
import {
  CALLBACK,
  COMPLETE,
  PENDING,
  SOCIAL_LOGIN,
  ME,
  CLIENT_ID,
  SITE,
  ISSUER,
  freshGooglePerson,
  start,
  authorize,
  tokenFor,
  googleSignIn,
  socialForm,
  pendingFor,
  socialSignupVerified,
} from './social.helpers.ts';

describeOnEachDatabase('Google sign-in through the development identity provider', (server) => {
  const clock = useTestClock(server);

  it('embedded defaults: the development provider on this site, its key kept in DATA_DIR (0600) and published without its private half', async () => {
    expect(server.config).toMatchObject({
      googleClientId: CLIENT_ID,
      oidcIssuer: ISSUER,
      oidcJwksUrl: `${ISSUER}/jwks.json`,
    });
    const jwks = await get(server, '/dev-idp/jwks.json');
    expect(jwks.statusCode).toBe(200);
    const keys = jwks.json().keys as Array<Record<string, unknown>>;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.stringMatching(/^dev-/) });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(secret);
    expect(statSync(path.join(server.config.dataDir, DEV_IDP_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('a new user: start, the provider page, complete (needs sign-up), the pending prefill, then social-login makes the account and a session', async () => {
    const person = freshGooglePerson();
    const started = await start(server, '/play_screen');
    expect(`${started.location.origin}${started.location.pathname}`).toBe(`${ISSUER}/authorize`);
    expect(Object.fromEntries(started.location.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: `${SITE}${CALLBACK}`,
      response_type: 'id_token',
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{32}$/),
      nonce: expect.stringMatching(/^[\w-]{32}$/),
      prompt: 'select_account',
    });
    expect(started.res.cookies.find((c) => c.name === 'cs_oidc')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth/google',
      maxAge: 600,
    });

    const page = await server.app.inject({
      method: 'GET',
      url: `/dev-idp/authorize${started.location.search}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Development sign-in (not Google)');
    expect(page.body).toContain('<form method="post" action="/dev-idp/authorize">');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const { idToken, state } = await tokenFor(server, started.location, person);
    const complete = await post(server, COMPLETE, { idToken, state }, { cookie: started.oidcCookie });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toEqual({
      data: {
        next: '/socialsignup',
        status: 'needs_signup',
        prefill: { first_name: 'Meera', last_name: 'Pillai', email: person.email },
      },
    });
    expect(complete.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
    expect(complete.cookies.find((c) => c.name === 'cs_oidc')?.value).toBe('');
    const social = complete.cookies.find((c) => c.name === 'cs_social')!;
    expect(social).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/app/auth', maxAge: 1800 });
    const socialCookie = `cs_social=${social.value}`;
    const stored = await server.app.db
      .selectFrom('social_pending')
      .selectAll()
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    expect(stored.id).not.toBe(social.value);
    expect(stored).toMatchObject({
      subject: devSubjectFor(person.email),
      given_name: 'Meera',
      family_name: 'Pillai',
      expires_at: clock.now + 30 * 60 * 1000,
    });

    const prefill = await get(server, PENDING, { cookie: socialCookie });
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json()).toEqual({ data: { first_name: 'Meera', last_name: 'Pillai', email: person.email } });

    const created = await post(server, SOCIAL_LOGIN, socialForm(person, { first_name: 'Meera Devi' }), {
      cookie: socialCookie,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({
      message: 'We have sent a 6-digit code to your phone. Enter it to finish signing up.',
      data: { otpToken: expect.any(String) },
    });
    // Google proved the e-mail, not the number: no session and no active account before its code.
    expect(created.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
    expect(created.cookies.find((c) => c.name === 'cs_social')).toBeUndefined();
    const waiting = await server.app.db
      .selectFrom('users')
      .select(['status', 'signup_method'])
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: 'pending', signup_method: 'google' });
    const sms = await lastMessageTo(server, `+91${person.phone}`);
    expect(sms?.body).toMatch(/^\d{6} is your CricSpot sign-up code\./);

    const verified = await post(server, '/api/v1/auth/otp/verify', {
      otpToken: created.json().data.otpToken,
      otp: await lastCodeTo(server, person.phone),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = sessionCookieOf(verified);
    const me = await get(server, ME, { cookie: session });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({
      firstName: 'Meera Devi',
      lastName: 'Pillai',
      email: person.email,
      phone: `+91${person.phone}`,
      status: 'active',
      roles: [],
    });
    const user = await server.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      signup_method: 'google',
      google_subject: devSubjectFor(person.email),
      password_hash: null,
      status: 'active',
    });
    expect(
      await server.app.db.selectFrom('social_pending').selectAll().where('email', '=', person.email).execute(),
    ).toEqual([]);

    const gone = await get(server, PENDING, { cookie: socialCookie });
    expect(gone.statusCode).toBe(404);
    const twice = await post(server, SOCIAL_LOGIN, socialForm(person), { cookie: socialCookie });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'NO_PENDING_SOCIAL' });

    // The same Google account again: logged in at once, back where it started.
    const again = await googleSignIn(server, person, '/cart');
    expect(again.res.statusCode, again.res.body).toBe(200);
    expect(again.res.json()).toEqual({ data: { next: '/cart', status: 'logged_in' } });
    const me2 = await get(server, ME, { cookie: sessionCookieOf(again.res) });
    expect(me2.json().data.user.id).toBe(user.id);
  });

  it('the quick buttons: a known test user and a new random user, each with a stable subject per e-mail', async () => {
    const started = await start(server);
    const test = await authorize(server, started.location, { preset: 'test' });
    expect(test.statusCode).toBe(302);
    const testToken = new URLSearchParams(new URL(test.headers.location as string).hash.slice(1)).get('id_token')!;
    const testClaims = JSON.parse(Buffer.from(testToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(testClaims).toMatchObject({
      iss: ISSUER,
      aud: CLIENT_ID,
      email: 'test.player@gmail.com',
      email_verified: true,
      given_name: 'Test',
      family_name: 'Player',
      nonce: started.nonce,
      sub: devSubjectFor('test.player@gmail.com'),
    });
    expect((testClaims.exp as number) - (testClaims.iat as number)).toBe(3600);
    const random = await authorize(server, started.location, { preset: 'random' });
    const randomClaims = JSON.parse(
      Buffer.from(
        new URLSearchParams(new URL(random.headers.location as string).hash.slice(1)).get('id_token')!.split('.')[1]!,
        'base64url',
      ).toString(),
    ) as Record<string, unknown>;
    expect(randomClaims.email).toMatch(/@gmail\.com$/);
    expect(randomClaims.email).not.toBe('test.player@gmail.com');
    expect(randomClaims.sub).toBe(devSubjectFor(randomClaims.email as string));
  });

  it('does not link a password account that holds the same e-mail: its owner logs in with the password', async () => {
    // E-mails are never verified, so the account may have been opened with this person's address by someone else.
    const { person, user } = await signUpActive(server, clock);
    const { res } = await googleSignIn(
      server,
      { email: person.email.toUpperCase(), given_name: 'Ravi', family_name: 'Kumar' },
      '/my_account',
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'EMAIL_REGISTERED',
      message: 'An account with this e-mail already exists. Log in with your mobile number or e-mail and password.',
    });
    expect(res.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
    const row = await server.app.db
      .selectFrom('users')
      .select(['google_subject'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_subject).toBeNull();
  });

  it('refuses an e-mail already linked to another Google account', async () => {
    const { person, user } = await signUpActive(server, clock);
    await server.app.db.updateTable('users').set({ google_subject: '999' }).where('id', '=', user.id).execute();
    const { res } = await googleSignIn(server, { email: person.email, given_name: 'Ravi', family_name: 'Kumar' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('GOOGLE_ACCOUNT_MISMATCH');
    expect(res.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
  });

  it('answers suspended and deleted accounts as the password login does', async () => {
    const suspended = await signUpActive(server, clock);
    await post(server, '/api/v1/account/deactivate', undefined, { cookie: suspended.cookie });
    const a = await googleSignIn(server, { email: suspended.person.email, given_name: 'Ravi', family_name: 'Kumar' });
    expect(a.res.statusCode).toBe(403);
    expect(a.res.json()).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'This account is deactivated. To reactivate it, e-mail support@cricspot.in.',
    });
    expect(a.res.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();

    const deleted = await signUpActive(server, clock);
    await post(server, '/api/v1/account/delete', undefined, { cookie: deleted.cookie });
    const b = await googleSignIn(server, { email: deleted.person.email, given_name: 'Ravi', family_name: 'Kumar' });
    expect(b.res.statusCode).toBe(403);
    expect(b.res.json()).toEqual({
      code: 'ACCOUNT_DELETED',
      message: 'This account was deleted. To restore it, e-mail support@cricspot.in.',
    });

    // A Google account whose linked user was suspended afterwards.
    const { person, socialCookie } = await pendingFor(server);
    const made = await socialSignupVerified(server, person, socialCookie);
    await post(server, '/api/v1/account/deactivate', undefined, { cookie: sessionCookieOf(made) });
    const c = await googleSignIn(server, person);
    expect(c.res.statusCode).toBe(403);
    expect(c.res.json().code).toBe('ACCOUNT_SUSPENDED');
  });
});
