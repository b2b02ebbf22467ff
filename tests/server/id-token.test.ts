import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedIssuers,
  createIdTokenVerifier,
  IdTokenError,
  KeysUnavailableError,
  localKeys,
  remoteKeys,
} from '../../server/services/accounts/id-token.ts';

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const NOW_S = Math.floor(NOW / 1000);
const AUDIENCE = '1234-abc.apps.googleusercontent.com';
const GOOGLE = 'https://accounts.google.com';

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
});

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: GOOGLE,
    aud: AUDIENCE,
    sub: '110169484474386276334',
    email: 'Meera.Pillai@Gmail.com',
    email_verified: true,
    given_name: 'Meera',
    family_name: 'Pillai',
    picture: 'https://lh3.googleusercontent.com/a/x',
    nonce: 'n-1',
    iat: NOW_S - 10,
    exp: NOW_S + 3590,
    ...overrides,
  };
}

function sign(payload: JWTPayload, key: CryptoKey = privateKey, kid = 'k1') {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

function verifier(now = NOW, issuer = GOOGLE) {
  return createIdTokenVerifier({ issuer, audience: AUDIENCE, keys: localKeys(jwks), now: () => now });
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(IdTokenError);
    return (error as IdTokenError).reason;
  }
  throw new Error('expected the token to be refused');
}

describe('Google ID token verification', () => {
  it('returns the identity of a good token, e-mail lower-cased', async () => {
    await expect(verifier()(await sign(claims()))).resolves.toEqual({
      subject: '110169484474386276334',
      email: 'meera.pillai@gmail.com',
      givenName: 'Meera',
      familyName: 'Pillai',
      picture: 'https://lh3.googleusercontent.com/a/x',
      nonce: 'n-1',
    });
  });

  it("accepts Google's issuer with and without the scheme, and nothing else", async () => {
    expect(acceptedIssuers(GOOGLE)).toEqual([GOOGLE, 'accounts.google.com']);
    expect(acceptedIssuers('accounts.google.com')).toEqual([GOOGLE, 'accounts.google.com']);
    expect(acceptedIssuers('http://localhost:3000/dev-idp')).toEqual(['http://localhost:3000/dev-idp']);
    await expect(verifier()(await sign(claims({ iss: 'accounts.google.com' })))).resolves.toMatchObject({
      subject: '110169484474386276334',
    });
    expect(await reasonOf(verifier()(await sign(claims({ iss: 'https://accounts.google.com.evil.example' }))))).toBe(
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
    expect(await reasonOf(verifier(NOW, 'http://localhost:3000/dev-idp')(await sign(claims())))).toBe(
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('refuses another audience, including an array without ours', async () => {
    expect(await reasonOf(verifier()(await sign(claims({ aud: 'other' }))))).toBe('ERR_JWT_CLAIM_VALIDATION_FAILED');
    expect(await reasonOf(verifier()(await sign(claims({ aud: ['other', 'more'] }))))).toBe(
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('honours expiry with 60 seconds of tolerance', async () => {
    const token = await sign(claims({ exp: NOW_S }));
    await expect(verifier(NOW + 59_000)(token)).resolves.toBeTruthy();
    expect(await reasonOf(verifier(NOW + 61_000)(token))).toBe('ERR_JWT_EXPIRED');
  });

  it('refuses a bad signature, an unknown key, and unsigned or symmetric tokens', async () => {
    expect(await reasonOf(verifier()(await sign(claims(), otherKey)))).toBe('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    expect(await reasonOf(verifier()(await sign(claims(), privateKey, 'unknown-kid')))).toBe(
      'ERR_JWKS_NO_MATCHING_KEY',
    );
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    expect(await reasonOf(verifier()(`${enc({ alg: 'none' })}.${enc(claims())}.`))).toMatch(/^ERR_/);
    const hs = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect(await reasonOf(verifier()(hs))).toMatch(/^ERR_/);
    expect(await reasonOf(verifier()('not.a.token'))).toMatch(/^ERR_/);
  });

  it('requires a verified e-mail and a subject', async () => {
    expect(await reasonOf(verifier()(await sign(claims({ email_verified: false }))))).toBe('email not verified');
    expect(await reasonOf(verifier()(await sign(claims({ email_verified: undefined }))))).toBe('email not verified');
    expect(await reasonOf(verifier()(await sign(claims({ email: undefined }))))).toBe('no email');
    expect(await reasonOf(verifier()(await sign(claims({ sub: undefined }))))).toBe('ERR_JWT_CLAIM_VALIDATION_FAILED');
    await expect(verifier()(await sign(claims({ email_verified: 'true' })))).resolves.toMatchObject({
      email: 'meera.pillai@gmail.com',
    });
  });

  it('leaves out what the token does not carry', async () => {
    const identity = await verifier()(
      await sign(claims({ picture: undefined, given_name: undefined, family_name: undefined, nonce: undefined })),
    );
    expect(identity).toEqual({
      subject: '110169484474386276334',
      email: 'meera.pillai@gmail.com',
      givenName: '',
      familyName: '',
      nonce: undefined,
    });
  });

  describe('with the keys fetched over HTTP from a JWKS URL', () => {
    let server: Server;
    let url = '';
    let fetches = 0;
    beforeAll(async () => {
      server = createServer((request, response) => {
        fetches += 1;
        if (request.url === '/certs') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(jwks));
        } else {
          response.writeHead(404);
          response.end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('verifies, and keeps the fetched keys for the next tokens', async () => {
      const verify = createIdTokenVerifier({
        issuer: GOOGLE,
        audience: AUDIENCE,
        keys: remoteKeys(`${url}/certs`),
        now: () => NOW,
      });
      await expect(verify(await sign(claims()))).resolves.toMatchObject({ subject: '110169484474386276334' });
      await expect(verify(await sign(claims({ sub: '2' })))).resolves.toMatchObject({ subject: '2' });
      expect(fetches).toBe(1);
      expect(await reasonOf(verify(await sign(claims(), otherKey)))).toBe('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    });

    it('an unreachable key set is a server problem, not a bad token', async () => {
      const verify = createIdTokenVerifier({
        issuer: GOOGLE,
        audience: AUDIENCE,
        keys: remoteKeys(`${url}/missing`),
        now: () => NOW,
      });
      const error = await verify(await sign(claims())).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KeysUnavailableError);
      const down = createIdTokenVerifier({
        issuer: GOOGLE,
        audience: AUDIENCE,
        keys: remoteKeys('http://127.0.0.1:9/certs'),
        now: () => NOW,
      });
      await expect(down(await sign(claims()))).rejects.toBeInstanceOf(KeysUnavailableError);
    });
  });
});
