import { statSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { LightMyRequestResponse } from 'fastify';
import { generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_COMPLETE_LIMIT, SOCIAL_LOGIN_LIMIT } from '../../server/routes/social.routes.ts';
import { createDevIdp, DEV_IDP_KEY_FILE, type DevIdp, devSubjectFor } from '../../server/services/dev-idp.service.ts';
import { loadConfig } from '../../server/config.ts';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';
import { freshIp, get, post, sessionCookieOf, signUpActive, useTestClock } from '../support/accounts.ts';
import type { ServerHarness } from '../support/server-harness.ts';

const START = '/api/v1/auth/google/start';
const CALLBACK = '/api/v1/auth/google/callback';
const COMPLETE = '/api/v1/auth/google/complete';
const PENDING = '/api/v1/app/auth/social-pending';
const SOCIAL_LOGIN = '/api/v1/app/auth/social-login';
const ME = '/api/v1/account/me';
const CLIENT_ID = 'cricspot-dev-client';
const SITE = 'http://localhost:3000';
const ISSUER = `${SITE}/dev-idp`;

let n = 0;
function freshGooglePerson() {
  n += 1;
  const tag = `${Date.now() % 1_000_000}${n}${Math.floor(Math.random() * 1000)}`;
  return {
    email: `google.${tag}@gmail.com`,
    given_name: 'Meera',
    family_name: 'Pillai',
    phone: `9${tag.padStart(9, '0').slice(-9)}`,
  };
}

function cookieOf(res: LightMyRequestResponse, name: string): string {
  const cookie = res.cookies.find((c) => c.name === name);
  expect(cookie?.value, `cookie ${name}`).toBeTruthy();
  return `${name}=${cookie!.value}`;
}

/** Step 1: /start; what the browser keeps (cs_oidc) and where it is sent. */
async function start(server: ServerHarness, returnTo = '/play_screen') {
  const res = await get(server, `${START}?returnTo=${encodeURIComponent(returnTo)}`);
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  return {
    res,
    location,
    oidcCookie: cookieOf(res, 'cs_oidc'),
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
  };
}

/** Step 2: the development provider's form, posted like a browser does. */
async function authorize(server: ServerHarness, location: URL, fields: Record<string, string>) {
  const form = new URLSearchParams({
    client_id: location.searchParams.get('client_id')!,
    redirect_uri: location.searchParams.get('redirect_uri')!,
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
    ...fields,
  });
  return server.app.inject({
    method: 'POST',
    url: '/dev-idp/authorize',
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: freshIp(),
  });
}

async function tokenFor(
  server: ServerHarness,
  location: URL,
  person: { email: string; given_name: string; family_name: string },
) {
  const res = await authorize(server, location, {
    preset: 'form',
    email: person.email,
    given_name: person.given_name,
    family_name: person.family_name,
  });
  expect(res.statusCode, res.body).toBe(302);
  const back = new URL(res.headers.location as string);
  expect(`${back.origin}${back.pathname}`).toBe(`${SITE}${CALLBACK}`);
  const fragment = new URLSearchParams(back.hash.slice(1));
  return { idToken: fragment.get('id_token')!, state: fragment.get('state')! };
}

/** Steps 1 to 3: start, sign in at the provider, complete. */
async function googleSignIn(
  server: ServerHarness,
  person: { email: string; given_name: string; family_name: string },
  returnTo = '/play_screen',
) {
  const started = await start(server, returnTo);
  const { idToken, state } = await tokenFor(server, started.location, person);
  expect(state).toBe(started.state);
  const res = await post(server, COMPLETE, { idToken, state }, { cookie: started.oidcCookie });
  return { res, idToken, started };
}

function socialForm(
  person: { email: string; given_name: string; family_name: string; phone: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    first_name: person.given_name,
    last_name: person.family_name,
    email: person.email,
    phone: `+91${person.phone}`,
    signup_method: 'google',
    device_type: 'website',
    device_token: '',
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
    ...overrides,
  };
}

/** A new Google user up to the pending sign-in: the cs_social cookie. */
async function pendingFor(server: ServerHarness, person = freshGooglePerson()) {
  const { res } = await googleSignIn(server, person);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('needs_signup');
  return { person, socialCookie: cookieOf(res, 'cs_social') };
}

describeOnEachDatabase('Google sign-in through the development identity provider', (server) => {
  const clock = useTestClock(server);
  let idp: DevIdp;
  beforeAll(() => {
    idp = createDevIdp({ dataDir: server.config.dataDir, issuer: server.config.oidcIssuer, now: () => clock.now });
  });

  /** A token with a real signature from the development key and any claims a test wants. */
  async function forged(nonce: string, claims: JWTPayload = {}) {
    const iat = Math.floor(clock.now / 1000);
    const person = freshGooglePerson();
    return idp.sign({
      iss: ISSUER,
      aud: CLIENT_ID,
      sub: devSubjectFor(person.email),
      email: person.email,
      email_verified: true,
      given_name: 'X',
      family_name: 'Y',
      nonce,
      iat,
      exp: iat + 3600,
      ...claims,
    });
  }

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
      message: 'Welcome to CricSpot! Your account is ready.',
      data: { token: expect.stringMatching(/^[\w-]{22}$/) },
    });
    const session = sessionCookieOf(created);
    expect(created.json().data.token).not.toBe(session.split('=')[1]);
    expect(created.cookies.find((c) => c.name === 'cs_social')?.value).toBe('');

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
    const made = await post(server, SOCIAL_LOGIN, socialForm(person), { cookie: socialCookie });
    await post(server, '/api/v1/account/deactivate', undefined, { cookie: sessionCookieOf(made) });
    const c = await googleSignIn(server, person);
    expect(c.res.statusCode).toBe(403);
    expect(c.res.json().code).toBe('ACCOUNT_SUSPENDED');
  });

  describe('refuses a token that does not verify', () => {
    async function completeWith(makeToken: (nonce: string) => Promise<string>) {
      const started = await start(server);
      const res = await post(
        server,
        COMPLETE,
        { idToken: await makeToken(started.nonce), state: started.state },
        { cookie: started.oidcCookie },
      );
      return res;
    }
    const refused = {
      code: 'GOOGLE_TOKEN_INVALID',
      message: 'We could not verify your Google sign-in. Please try again.',
    };

    it('a forged token with real claims works (the control)', async () => {
      const res = await completeWith((nonce) => forged(nonce));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('a tampered payload (signature no longer matches)', async () => {
      const res = await completeWith(async (nonce) => {
        const [header, payload, signature] = (await forged(nonce)).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
        const changed = Buffer.from(JSON.stringify({ ...claims, email: 'victim@gmail.com' })).toString('base64url');
        return `${header}.${changed}.${signature}`;
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused);
    });

    it('a token signed by another key under the same kid', async () => {
      const res = await completeWith(async (nonce) => {
        const kid = ((await idp.jwks()).keys[0] as { kid: string }).kid;
        const { privateKey } = await generateKeyPair('RS256');
        const iat = Math.floor(clock.now / 1000);
        return new SignJWT({
          iss: ISSUER,
          aud: CLIENT_ID,
          sub: '1',
          email: 'x@gmail.com',
          email_verified: true,
          nonce,
          iat,
          exp: iat + 3600,
        })
          .setProtectedHeader({ alg: 'RS256', kid })
          .sign(privateKey);
      });
      expect(res.json()).toEqual(refused);
    });

    it('an unsigned token (alg none)', async () => {
      const res = await completeWith(async (nonce) => {
        const iat = Math.floor(clock.now / 1000);
        const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
        return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ iss: ISSUER, aud: CLIENT_ID, sub: '1', email: 'x@gmail.com', email_verified: true, nonce, iat, exp: iat + 3600 })}.`;
      });
      expect(res.json()).toEqual(refused);
    });

    it('an HMAC token keyed with the public key', async () => {
      const res = await completeWith(async (nonce) => {
        const jwk = (await idp.jwks()).keys[0] as { kid: string; n: string };
        const iat = Math.floor(clock.now / 1000);
        return new SignJWT({
          iss: ISSUER,
          aud: CLIENT_ID,
          sub: '1',
          email: 'x@gmail.com',
          email_verified: true,
          nonce,
          iat,
          exp: iat + 3600,
        })
          .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
          .sign(new TextEncoder().encode(jwk.n));
      });
      expect(res.json()).toEqual(refused);
    });

    it('the wrong audience', async () => {
      expect((await completeWith((nonce) => forged(nonce, { aud: 'someone-else' }))).json()).toEqual(refused);
    });

    it('the wrong issuer', async () => {
      expect((await completeWith((nonce) => forged(nonce, { iss: 'https://evil.example' }))).json()).toEqual(refused);
    });

    it('an expired token (beyond the 60-second tolerance), but not one just inside it', async () => {
      const iat = Math.floor(clock.now / 1000) - 3700;
      expect(
        (await completeWith((nonce) => forged(nonce, { iat, exp: Math.floor(clock.now / 1000) - 61 }))).json(),
      ).toEqual(refused);
      const inside = await completeWith((nonce) => forged(nonce, { iat, exp: Math.floor(clock.now / 1000) - 30 }));
      expect(inside.statusCode, inside.body).toBe(200);
    });

    it('an e-mail the provider has not verified', async () => {
      expect((await completeWith((nonce) => forged(nonce, { email_verified: false }))).json()).toEqual(refused);
    });

    it('the wrong nonce, and none', async () => {
      expect((await completeWith(() => forged('another-nonce'))).json()).toEqual(refused);
      expect((await completeWith(() => forged('', { nonce: undefined }))).json()).toEqual(refused);
    });
  });

  it('refuses the wrong state, a missing or forged state cookie, an expired one, and a call without the CSRF header', async () => {
    const person = freshGooglePerson();
    const started = await start(server);
    const { idToken, state } = await tokenFor(server, started.location, person);
    const stateRefused = {
      code: 'OIDC_STATE',
      message: 'Your Google sign-in has expired or was started in another window. Please sign in with Google again.',
    };

    const wrong = await post(server, COMPLETE, { idToken, state: 'not-the-state' }, { cookie: started.oidcCookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(stateRefused);
    expect(wrong.cookies.find((c) => c.name === 'cs_oidc')?.value).toBe('');

    const missing = await post(server, COMPLETE, { idToken, state });
    expect(missing.json()).toEqual(stateRefused);

    const [body] = started.oidcCookie.slice('cs_oidc='.length).split('.');
    const forgedCookie = `cs_oidc=${body}.${'A'.repeat(43)}`;
    expect((await post(server, COMPLETE, { idToken, state }, { cookie: forgedCookie })).json()).toEqual(stateRefused);

    clock.advance(10 * 60 * 1000 + 1);
    expect((await post(server, COMPLETE, { idToken, state }, { cookie: started.oidcCookie })).json()).toEqual(
      stateRefused,
    );

    const noCsrf = await server.app.inject({
      method: 'POST',
      url: COMPLETE,
      payload: { idToken, state },
      headers: { cookie: started.oidcCookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('sends returnTo only to paths of this site', async () => {
    const { person, socialCookie } = await pendingFor(server);
    expect((await post(server, SOCIAL_LOGIN, socialForm(person), { cookie: socialCookie })).statusCode).toBe(200);
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '']) {
      const { res } = await googleSignIn(server, person, bad);
      expect(res.json().data, bad).toEqual({ next: '/', status: 'logged_in' });
    }
    const { res } = await googleSignIn(server, person, '/press-details/7/a-story?x=1');
    expect(res.json().data.next).toBe('/press-details/7/a-story?x=1');
  });

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

  it('serves the callback page and its script under the site CSP (no inline script)', async () => {
    const page = await get(server, CALLBACK, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('<script src="/api/v1/auth/google/callback.js" defer></script>');
    expect(page.body.match(/<script/g)).toHaveLength(1);
    const script = await get(server, `${CALLBACK}.js`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("'/api/v1/auth/google/complete'".replace(/'/g, '"'));
    expect(script.body).toContain("'X-Requested-With': 'XMLHttpRequest'");
    expect(script.body).toContain('location.replace(data.next)');
  });

  /** Runs the callback page's script as a browser would, its fetch answered by the app. */
  async function runCallbackScript(hash: string, cookie?: string) {
    const script = (await get(server, `${CALLBACK}.js`)).body;
    const status = { textContent: 'Signing you in with Google...' };
    const back = { hidden: true };
    const seen: {
      replaced?: string;
      history?: string;
      stored: Record<string, string>;
      request?: { url: string; init: { method: string; headers: Record<string, string>; body: string } };
    } = { stored: {} };
    let settled!: () => void;
    const done = new Promise<void>((resolve) => {
      settled = resolve;
    });
    const window = {
      location: {
        hash,
        pathname: CALLBACK,
        replace: (url: string) => {
          seen.replaced = url;
          settled();
        },
      },
      history: {
        replaceState: (_s: unknown, _t: string, url: string) => {
          seen.history = url;
        },
      },
      localStorage: {
        setItem: (key: string, value: string) => {
          seen.stored[key] = value;
        },
      },
    };
    const document = {
      getElementById: (id: string) => {
        if (id === 'back') {
          return new Proxy(back, {
            set: (target, key, value) => {
              Reflect.set(target, key, value);
              settled();
              return true;
            },
          });
        }
        return status;
      },
    };
    const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
      seen.request = { url, init };
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...init.headers, ...(cookie ? { cookie } : {}) },
        payload: init.body,
        remoteAddress: freshIp(),
      });
      return { ok: res.statusCode < 300, json: async () => res.json() as unknown };
    };
    vm.runInNewContext(script, { window, document, fetch, URLSearchParams, JSON, String, Date });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2000))]);
    return { ...seen, status: status.textContent, backHidden: back.hidden };
  }

  it('the callback script posts the fragment with the CSRF header, scrubs it from the address bar and follows next', async () => {
    const person = freshGooglePerson();
    const started = await start(server, '/cart');
    const { idToken, state } = await tokenFor(server, started.location, person);
    const fresh = await runCallbackScript(`#${new URLSearchParams({ id_token: idToken, state })}`, started.oidcCookie);
    expect(fresh.history).toBe(CALLBACK);
    expect(fresh.request?.url).toBe(COMPLETE);
    expect(fresh.request?.init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
    expect(fresh.replaced).toBe('/socialsignup');
    expect(fresh.stored).toEqual({});

    await server.app.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        first_name: 'Meera',
        last_name: 'Pillai',
        email: person.email,
        phone: `+91${person.phone}`,
        password_hash: null,
        status: 'active',
        avatar_picture_id: null,
        signup_method: 'google',
        google_subject: devSubjectFor(person.email),
        created_at: clock.now,
        updated_at: clock.now,
        deleted_at: null,
      })
      .execute();
    const again = await start(server, '/cart');
    const second = await tokenFor(server, again.location, person);
    const known = await runCallbackScript(
      `#${new URLSearchParams({ id_token: second.idToken, state: second.state })}`,
      again.oidcCookie,
    );
    expect(known.replaced).toBe('/cart');
    expect(Object.keys(known.stored)).toEqual(['loginToken']);

    const refused = await runCallbackScript(
      `#${new URLSearchParams({ id_token: second.idToken, state: 'stale' })}`,
      again.oidcCookie,
    );
    expect(refused.replaced).toBeUndefined();
    expect(refused.status).toBe(
      'Your Google sign-in has expired or was started in another window. Please sign in with Google again.',
    );
    expect(refused.backHidden).toBe(false);

    const cancelled = await runCallbackScript('#error=access_denied&state=x');
    expect(cancelled.status).toBe('Google sign-in was cancelled.');
    expect(cancelled.request).toBeUndefined();
    expect((await runCallbackScript('')).status).toBe('Google sign-in did not finish. Please try again.');
  });

  it('rate-limits social-login and complete per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < SOCIAL_LOGIN_LIMIT.max; i += 1)
      expect((await post(server, SOCIAL_LOGIN, {}, { ip })).statusCode).toBe(400);
    const limited = await post(server, SOCIAL_LOGIN, {}, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const other = freshIp();
    for (let i = 0; i < GOOGLE_COMPLETE_LIMIT.max; i += 1)
      await post(server, COMPLETE, { idToken: 'x', state: 'y' }, { ip: other });
    expect((await post(server, COMPLETE, { idToken: 'x', state: 'y' }, { ip: other })).statusCode).toBe(429);
  });

  it('the provider refuses a redirect_uri on another origin, or an unknown client, and never redirects there', async () => {
    const started = await start(server);
    for (const redirect of [
      'https://evil.example/api/v1/auth/google/callback',
      'http://localhost:3001/api/v1/auth/google/callback',
      'not a url',
    ]) {
      const query = new URLSearchParams(started.location.searchParams);
      query.set('redirect_uri', redirect);
      const page = await server.app.inject({ method: 'GET', url: `/dev-idp/authorize?${query}` });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This sign-in request was refused');
      const posted = await authorize(
        server,
        new URL(`${started.location.origin}${started.location.pathname}?${query}`),
        { preset: 'test' },
      );
      expect(posted.statusCode).toBe(400);
      expect(posted.headers.location).toBeUndefined();
    }
    const query = new URLSearchParams(started.location.searchParams);
    query.set('client_id', 'other-client');
    expect((await server.app.inject({ method: 'GET', url: `/dev-idp/authorize?${query}` })).statusCode).toBe(400);
  });
});

describe('Google sign-in configuration', () => {
  it('embedded defaults outside production follow PUBLIC_URL; set values win', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({
      googleClientId: 'cricspot-dev-client',
      oidcIssuer: 'http://localhost:8080/dev-idp',
      oidcJwksUrl: 'http://localhost:8080/dev-idp/jwks.json',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://staging.cricspot.in/' })).toMatchObject({
      oidcIssuer: 'https://staging.cricspot.in/dev-idp',
      oidcJwksUrl: 'https://staging.cricspot.in/dev-idp/jwks.json',
    });
    expect(loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: ' 1-a.apps.googleusercontent.com ' })).toMatchObject({
      googleClientId: '1-a.apps.googleusercontent.com',
      oidcIssuer: 'https://accounts.google.com',
      oidcJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: '' }).googleClientId).toBeUndefined();
    expect(
      loadConfig({
        GOOGLE_CLIENT_ID: 'mine',
        OIDC_ISSUER: 'https://idp.example/',
        OIDC_JWKS_URL: 'https://idp.example/keys',
      }),
    ).toMatchObject({
      googleClientId: 'mine',
      oidcIssuer: 'https://idp.example',
      oidcJwksUrl: 'https://idp.example/keys',
    });
  });

  it('stops on an issuer or keys URL that is not a URL', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'accounts.google.com', OIDC_JWKS_URL: 'certs' })).toThrow(
      /OIDC_ISSUER must be an absolute URL[\s\S]*OIDC_JWKS_URL must be an absolute URL/,
    );
  });
});

describe('Google sign-in when the provider keys cannot be fetched', () => {
  const server = startServer('sqlite', { env: { OIDC_JWKS_URL: 'http://127.0.0.1:9/jwks.json' } });

  it('answers 503 GOOGLE_UNAVAILABLE, not a refused token', async () => {
    const { res } = await googleSignIn(server, freshGooglePerson());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'GOOGLE_UNAVAILABLE',
      message: 'Google sign-in is not available right now. Please try again in a few minutes.',
    });
  });
});

describe('Google sign-in in production', () => {
  describe('without GOOGLE_CLIENT_ID', () => {
    const server = startServer('sqlite', { env: { NODE_ENV: 'production' } });

    it('serves no development identity provider', async () => {
      for (const url of ['/dev-idp/jwks.json', '/dev-idp/authorize?client_id=x', '/dev-idp']) {
        const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
      }
      const posted = await server.app.inject({
        method: 'POST',
        url: '/dev-idp/authorize',
        payload: 'preset=test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.statusCode).toBe(404);
    });

    it('answers 503 on every social endpoint', async () => {
      expect(server.config).toMatchObject({
        googleClientId: undefined,
        oidcIssuer: 'https://accounts.google.com',
        oidcJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      });
      for (const res of [
        await get(server, START),
        await get(server, PENDING),
        await post(server, COMPLETE, { idToken: 'x', state: 'y' }),
        await post(server, SOCIAL_LOGIN, {}),
      ]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: 'Google sign-in is not configured' });
      }
    });
  });

  describe('with GOOGLE_CLIENT_ID', () => {
    const server = startServer('sqlite', {
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://cricspot.in',
        GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
      },
    });

    it("sends the browser to Google's authorization endpoint, with a Secure state cookie", async () => {
      const res = await server.app.inject({ method: 'GET', url: `${START}?returnTo=/cart` });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(location.searchParams.get('client_id')).toBe('1234-abc.apps.googleusercontent.com');
      expect(location.searchParams.get('redirect_uri')).toBe('https://cricspot.in/api/v1/auth/google/callback');
      expect(location.searchParams.get('response_type')).toBe('id_token');
      expect(res.cookies.find((c) => c.name === 'cs_oidc')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    });
  });
});
