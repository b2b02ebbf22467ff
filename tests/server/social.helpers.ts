import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { freshIp, get, lastCodeTo, post } from '../support/accounts.ts';
import type { ServerHarness } from '../support/server-harness.ts';

export const START = '/api/v1/auth/google/start';
export const CALLBACK = '/api/v1/auth/google/callback';
export const COMPLETE = '/api/v1/auth/google/complete';
export const PENDING = '/api/v1/app/auth/social-pending';
export const SOCIAL_LOGIN = '/api/v1/app/auth/social-login';
export const ME = '/api/v1/account/me';
export const CLIENT_ID = 'cricspot-dev-client';
export const SITE = 'http://localhost:3000';
export const ISSUER = `${SITE}/dev-idp`;

export let n = 0;
export function freshGooglePerson() {
  n += 1;
  const tag = `${Date.now() % 1_000_000}${n}${Math.floor(Math.random() * 1000)}`;
  return {
    email: `google.${tag}@gmail.com`,
    given_name: 'Meera',
    family_name: 'Pillai',
    phone: `9${tag.padStart(9, '0').slice(-9)}`,
  };
}

export function cookieOf(res: LightMyRequestResponse, name: string): string {
  const cookie = res.cookies.find((c) => c.name === name);
  expect(cookie?.value, `cookie ${name}`).toBeTruthy();
  return `${name}=${cookie!.value}`;
}

/** Step 1: /start; what the browser keeps (cs_oidc) and where it is sent. */
export async function start(server: ServerHarness, returnTo = '/play_screen') {
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
export async function authorize(server: ServerHarness, location: URL, fields: Record<string, string>) {
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

export async function tokenFor(
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
export async function googleSignIn(
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

export function socialForm(
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
export async function pendingFor(server: ServerHarness, person = freshGooglePerson()) {
  const { res } = await googleSignIn(server, person);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('needs_signup');
  return { person, socialCookie: cookieOf(res, 'cs_social') };
}

/**
 * The social sign-up form, then the code the server sent to its number (the outbox) on /otp's
 * call: the verify answer, with the session.
 */
export async function socialSignupVerified(
  server: ServerHarness,
  person: { email: string; given_name: string; family_name: string; phone: string },
  socialCookie: string,
  overrides: Record<string, unknown> = {},
) {
  const form = socialForm(person, overrides);
  const sent = await post(server, SOCIAL_LOGIN, form, { cookie: socialCookie });
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await lastCodeTo(server, String(form.phone).replace(/^\+91/, ''));
  const verified = await post(server, '/api/v1/auth/otp/verify', { otpToken: sent.json().data.otpToken, otp });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified;
}
