import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { GOOGLE_COMPLETE_LIMIT, SOCIAL_LOGIN_LIMIT } from '../../server/routes/social.routes.ts';
import { devSubjectFor } from '../../server/services/accounts/dev-idp.service.ts';
import { loadConfig } from '../../server/config.ts';
import { describeOnEachDatabase, startServer } from '../support/server-harness.ts';
import { freshIp, get, post, useTestClock } from '../support/accounts.ts';
import {
  START,
  CALLBACK,
  COMPLETE,
  PENDING,
  SOCIAL_LOGIN,
  freshGooglePerson,
  start,
  authorize,
  tokenFor,
  googleSignIn,
} from './social.helpers.ts';

describeOnEachDatabase('Google sign-in through the development identity provider', (server) => {
  const clock = useTestClock(server);

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

    it('answers 404 on every social endpoint (a feature that is off; issue 27 finding 6)', async () => {
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
        expect(res.statusCode).toBe(404);
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
