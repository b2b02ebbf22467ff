import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { isSecureCookieSite } from '../../server/plugins/session.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import {
  PASSWORD,
  freshIp,
  freshPerson,
  get,
  lastCodeTo,
  lastMessageTo,
  post,
  useTestClock,
} from '../support/accounts.ts';
import { SIGNUP, VERIFY, LOGIN, LOGOUT, ME } from './auth.helpers.ts';

describeOnEachDatabase('CSRF guard', (server) => {
  const clock = useTestClock(server);

  it('refuses a state-changing API call without X-Requested-With', async () => {
    for (const url of [LOGIN, SIGNUP, LOGOUT, '/api/v1/contact', '/api/v1/account/deactivate']) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        payload: { identifier: 'a@gmail.com', password: 'x' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        message: 'This request was refused because it did not come from this site. Reload the page and try again.',
        code: 'CSRF',
      });
    }
    const wrongValue = await post(
      server,
      LOGIN,
      { identifier: 'a@gmail.com', password: 'x' },
      { headers: { 'x-requested-with': 'fetch' } },
    );
    expect(wrongValue.statusCode).toBe(403);
  });

  it('cannot be dodged by spelling the path another way', async () => {
    for (const url of [
      '/%61pi/v1/auth/login',
      '/api/v1/auth/%6cogin',
      '/api/v1/auth/login?x=1',
      '/api/v1/nothing-here',
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        payload: { identifier: 'a@gmail.com', password: 'x' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("refuses another site's Origin and a null one, accepts the site's own", async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example:3000']) {
      const res = await post(server, LOGIN, { identifier: 'a@gmail.com', password: 'x' }, { headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
    const own = await post(
      server,
      LOGIN,
      { identifier: 'a@gmail.com', password: 'Wrong@Pass1' },
      { headers: { origin: new URL(server.config.publicUrl).origin } },
    );
    expect(own.statusCode).toBe(401);
    const devServer = await post(
      server,
      LOGIN,
      { identifier: 'a@gmail.com', password: 'Wrong@Pass1' },
      { headers: { origin: 'http://127.0.0.1:5173' } },
    );
    expect(devServer.statusCode).toBe(401);
  });

  it('lets reads through without the header', async () => {
    const res = await server.app.inject({ method: 'GET', url: ME });
    expect(res.statusCode).toBe(401);
  });

  it('lists the outbox outside production', async () => {
    const person = freshPerson();
    await post(server, SIGNUP, person);
    const res = await get(server, '/api/v1/dev/outbox');
    expect(res.statusCode).toBe(200);
    const messages = res.json().data.messages as Array<{ recipient: string; body: string; channel: string }>;
    expect(messages.length).toBeLessThanOrEqual(50);
    expect(messages.find((m) => m.recipient === `+91${person.phone}`)).toMatchObject({
      channel: 'sms',
      body: expect.stringMatching(/^\d{6} is your/),
    });
  });

  it('keeps outbox messages (codes in clear) for a day only', async () => {
    const person = freshPerson();
    await post(server, SIGNUP, person);
    expect(await lastMessageTo(server, `+91${person.phone}`)).toBeDefined();
    clock.advance(24 * 60 * 60 * 1000 + 1);
    await post(server, SIGNUP, freshPerson());
    expect(await lastMessageTo(server, `+91${person.phone}`)).toBeUndefined();
  });
});

describeOnEachDatabase(
  'in production behind https',
  (server) => {
    useTestClock(server);

    it('sets a Secure cookie and accepts only the site origin', async () => {
      const person = freshPerson();
      const signup = await post(server, SIGNUP, person);
      const otp = await lastCodeTo(server, person.phone);
      const verified = await post(
        server,
        VERIFY,
        { otpToken: signup.json().data.otpToken, otp },
        { headers: { origin: 'https://cricspot.in' } },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.cookies.find((c) => c.name === 'cs_session')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
      const local = await post(
        server,
        LOGIN,
        { identifier: person.email, password: PASSWORD },
        { headers: { origin: 'http://localhost:5173' } },
      );
      expect(local.statusCode).toBe(403);
    });

    it('has no outbox page', async () => {
      expect((await get(server, '/api/v1/dev/outbox')).statusCode).toBe(404);
    });
  },
  { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cricspot.in' } },
);

describe('session cookie and CSRF settings', () => {
  it('marks the cookie Secure everywhere but plain http on this machine', () => {
    expect(isSecureCookieSite('https://cricspot.in')).toBe(true);
    expect(isSecureCookieSite('http://cricspot.in')).toBe(true);
    expect(isSecureCookieSite('https://localhost:3000')).toBe(true);
    expect(isSecureCookieSite('http://localhost:3000')).toBe(false);
    expect(isSecureCookieSite('http://127.0.0.1:3100')).toBe(false);
  });

  it('lets a route opt out of the CSRF check explicitly (a signed webhook), and no other', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-csrf-'));
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), { logger: false });
    app.post('/api/v1/test/webhook', { config: { csrf: false } }, async () => ({ ok: true }));
    app.post('/api/v1/test/guarded', async () => ({ ok: true }));
    expect((await app.inject({ method: 'POST', url: '/api/v1/test/webhook', payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/test/guarded', payload: {} })).statusCode).toBe(403);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
