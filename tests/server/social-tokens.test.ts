import { generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevIdp, type DevIdp, devSubjectFor } from '../../server/services/accounts/dev-idp.service.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { post, useTestClock } from '../support/accounts.ts';
import {
  COMPLETE,
  CLIENT_ID,
  ISSUER,
  freshGooglePerson,
  start,
  tokenFor,
  googleSignIn,
  pendingFor,
  socialSignupVerified,
} from './social.helpers.ts';

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
    await socialSignupVerified(server, person, socialCookie);
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '']) {
      const { res } = await googleSignIn(server, person, bad);
      expect(res.json().data, bad).toEqual({ next: '/', status: 'logged_in' });
    }
    const { res } = await googleSignIn(server, person, '/press-details/7/a-story?x=1');
    expect(res.json().data.next).toBe('/press-details/7/a-story?x=1');
  });
});
