import { createECDH, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ece from 'http_ece';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOrCreateVapidKeys } from '../../server/integrations/web-push.ts';
import { isAllowedPushEndpoint, sendDueNotices } from '../../server/services/accounts/push.service.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { freshIp, get, post, signUpActive, useTestClock, XHR } from '../support/accounts.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

/** A push service on this machine: records what arrives; an endpoint path ending in /gone answers 410. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let pushService: Server;
let pushBase = '';
const received: Received[] = [];
const unsubscribe = (server: ServerHarness, cookie: string, endpoint: string) =>
  server.app.inject({
    method: 'DELETE',
    url: '/api/v1/push/subscriptions',
    headers: { ...XHR, cookie },
    payload: { endpoint },
    remoteAddress: freshIp(),
  });
beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.endsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

/** A browser's subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
function browserSubscription(name: string, lang: 'en' | 'hi' = 'en') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    body: {
      endpoint: `${pushBase}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      lang,
    },
    decrypt: (message: Buffer) =>
      JSON.parse(
        ece
          .decrypt(message, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
          .toString('utf8'),
      ) as Record<string, string>,
  };
}

it('allows only the browsers’ push services (and this machine outside production)', () => {
  for (const ok of [
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QX',
    'https://wns2-par02p.notify.windows.com/w/?token=1',
  ]) {
    expect(isAllowedPushEndpoint(ok, true), ok).toBe(true);
  }
  for (const bad of [
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://evil.example/push',
    'https://169.254.169.254/latest',
    'https://fcm.googleapis.com.evil.example/x',
    'not a url',
  ]) {
    expect(isAllowedPushEndpoint(bad, true), bad).toBe(false);
  }
  expect(isAllowedPushEndpoint('http://127.0.0.1:9/push', false)).toBe(true);
  expect(isAllowedPushEndpoint('http://127.0.0.1:9/push', true)).toBe(false);
  expect(isAllowedPushEndpoint('http://10.0.0.5/push', false)).toBe(false);
});

describeOnEachDatabase('web push notifications', (server: ServerHarness) => {
  const clock = useTestClock(server);

  it('publishes one VAPID key, kept in DATA_DIR with mode 0600', async () => {
    const res = await get(server, '/api/v1/push/key');
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json().data as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(loadOrCreateVapidKeys(server.config.dataDir).publicKey).toBe(publicKey);
    expect(statSync(path.join(server.config.dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
  });

  it('stores a logged-in player’s subscription, refuses bad ones, and forgets it on request', async () => {
    const browser = browserSubscription('a');
    expect((await post(server, '/api/v1/push/subscriptions', browser.body)).statusCode).toBe(401);
    const { cookie, user } = await signUpActive(server, clock);
    const res = await post(server, '/api/v1/push/subscriptions', browser.body, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { subscriptions: 1 }, message: 'Notifications are on.' });
    // The same browser again is the same subscription.
    expect((await post(server, '/api/v1/push/subscriptions', browser.body, { cookie })).json().data.subscriptions).toBe(
      1,
    );

    const refused = await post(
      server,
      '/api/v1/push/subscriptions',
      { ...browser.body, endpoint: 'https://evil.example/push' },
      { cookie },
    );
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'PUSH_SERVICE_NOT_ALLOWED']);
    const badKey = await post(
      server,
      '/api/v1/push/subscriptions',
      { ...browser.body, keys: { ...browser.body.keys, p256dh: 'abc' } },
      { cookie },
    );
    expect(badKey.statusCode).toBe(400);

    // Another player cannot remove it.
    const other = await signUpActive(server, clock);
    expect((await unsubscribe(server, other.cookie, browser.body.endpoint)).json().data.subscriptions).toBe(0);
    const rows = await server.app.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', browser.body.endpoint)
      .execute();
    expect(rows).toEqual([{ user_id: user.id }]);
    expect((await unsubscribe(server, cookie, browser.body.endpoint)).json()).toEqual({
      data: { subscriptions: 0 },
      message: 'Notifications are off.',
    });
  });

  it("refuses another player's endpoint (issue 27, finding 11): the subscription stays with its owner", async () => {
    const browser = browserSubscription('owned');
    const owner = await signUpActive(server, clock);
    expect((await post(server, '/api/v1/push/subscriptions', browser.body, { cookie: owner.cookie })).statusCode).toBe(
      200,
    );
    const thief = await signUpActive(server, clock);
    const theirs = browserSubscription('thief');
    for (const body of [browser.body, { ...browser.body, keys: theirs.body.keys, lang: 'hi' as const }]) {
      const refused = await post(server, '/api/v1/push/subscriptions', body, { cookie: thief.cookie });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PUSH_ENDPOINT_TAKEN',
        message: 'These notifications belong to another account on this browser. Notifications stay off.',
      });
    }
    const rows = await server.app.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'p256dh', 'auth', 'lang'])
      .where('endpoint', '=', browser.body.endpoint)
      .execute();
    expect(rows).toEqual([
      { user_id: owner.user.id, p256dh: browser.body.keys.p256dh, auth: browser.body.keys.auth, lang: 'en' },
    ]);
    // The owner may still renew it (new keys, another language).
    const renewed = await post(
      server,
      '/api/v1/push/subscriptions',
      { ...browser.body, keys: theirs.body.keys, lang: 'hi' },
      { cookie: owner.cookie },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    // Once the owner turns them off, the browser is free for whoever uses it now.
    expect((await unsubscribe(server, owner.cookie, browser.body.endpoint)).statusCode).toBe(200);
    expect((await post(server, '/api/v1/push/subscriptions', browser.body, { cookie: thief.cookie })).statusCode).toBe(
      200,
    );
    expect((await unsubscribe(server, thief.cookie, browser.body.endpoint)).statusCode).toBe(200);
  });

  it('sends contest open, closes in 1 hour and results out once each, in each subscriber’s language; gone browsers are dropped', async () => {
    const now = clock.now;
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now,
      opensInMs: -60_000,
      closesInMs: 3 * 3_600_000,
      defaults: { prizeTitleEn: 'Signed bat', prizeTitleHi: 'हस्ताक्षरित बल्ला' },
    });
    const en = browserSubscription(`en-${contestId}`);
    const hi = browserSubscription(`hi-${contestId}`, 'hi');
    const gone = browserSubscription(`x-${contestId}/gone`);
    for (const browser of [en, hi, gone]) {
      const player = await signUpActive(server, clock);
      expect(
        (await post(server, '/api/v1/push/subscriptions', browser.body, { cookie: player.cookie })).statusCode,
      ).toBe(200);
    }
    const mine = () => received.filter((r) => r.path.includes(contestId));
    const run = await sendDueNotices(server.app.db, server.app.push, server.config.publicUrl, () => clock.now);
    expect(run).toEqual({ notices: 1, sent: 2, gone: 1, failed: 0 });
    expect(mine()).toHaveLength(3);
    const toEn = mine().find((r) => r.path.includes('/en-'))!;
    expect(toEn.headers['content-encoding']).toBe('aes128gcm');
    expect(toEn.headers['ttl']).toBe(String(6 * 3600));
    expect(toEn.headers['authorization']).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(en.decrypt(toEn.body)).toMatchObject({
      title: 'A new contest is open',
      url: `${server.config.publicUrl}/`,
      tag: `open-${contestId}`,
    });
    expect(en.decrypt(toEn.body).body).toMatch(/^Spot the ball to win: Signed bat\. Entries close .+ IST\.$/);
    const toHi = mine().find((r) => r.path.includes('/hi-'))!;
    expect(hi.decrypt(toHi.body)).toMatchObject({ title: 'नई प्रतियोगिता खुल गई है' });
    expect(hi.decrypt(toHi.body).body).toContain('हस्ताक्षरित बल्ला');
    // The browser that said 'gone' is forgotten; a second run sends nothing again.
    expect(
      await server.app.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('endpoint', '=', gone.body.endpoint)
        .execute(),
    ).toEqual([]);
    expect(await sendDueNotices(server.app.db, server.app.push, server.config.publicUrl, () => clock.now)).toEqual({
      notices: 0,
      sent: 0,
      gone: 0,
      failed: 0,
    });

    clock.advance(2 * 3_600_000 + 60_000);
    expect(
      await sendDueNotices(server.app.db, server.app.push, server.config.publicUrl, () => clock.now),
    ).toMatchObject({ notices: 1, sent: 2 });
    const closing = mine()
      .filter((r) => r.path.includes('/en-'))
      .at(-1)!;
    expect(en.decrypt(closing.body)).toMatchObject({ title: 'Closes in 1 hour', tag: `closing-${contestId}` });

    clock.advance(3_600_000);
    await server.app.db
      .updateTable('contests')
      .set({ state: 'published', published_at: clock.now })
      .where('id', '=', contestId)
      .execute();
    // Published before the winner show (issue 26): announced when the show starts, not now.
    expect(await sendDueNotices(server.app.db, server.app.push, server.config.publicUrl, () => clock.now)).toEqual({
      notices: 0,
      sent: 0,
      gone: 0,
      failed: 0,
    });
    clock.advance(3_600_000);
    expect(
      await sendDueNotices(server.app.db, server.app.push, server.config.publicUrl, () => clock.now),
    ).toMatchObject({ notices: 1, sent: 2 });
    const results = mine()
      .filter((r) => r.path.includes('/hi-'))
      .at(-1)!;
    expect(hi.decrypt(results.body)).toMatchObject({
      title: 'नतीजे आ गए हैं',
      url: `${server.config.publicUrl}/live_weekly_winner`,
    });
    const notices = await server.app.db
      .selectFrom('push_notices')
      .select(['kind', 'sent', 'gone', 'failed'])
      .where('contest_id', '=', contestId)
      .orderBy('kind')
      .execute();
    expect(notices).toEqual([
      { kind: 'closing', sent: 2, gone: 0, failed: 0 },
      { kind: 'open', sent: 2, gone: 1, failed: 0 },
      { kind: 'results', sent: 2, gone: 0, failed: 0 },
    ]);
  });

  it('a closed account hears no more: deactivating or deleting forgets its browsers, and a suspended one is skipped', async () => {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -60_000,
      closesInMs: 3 * 3_600_000,
    });
    const players = [];
    for (const name of ['active', 'deactivated', 'deleted', 'suspended']) {
      const player = await signUpActive(server, clock);
      const browser = browserSubscription(`${name}-${contestId}`);
      expect(
        (await post(server, '/api/v1/push/subscriptions', browser.body, { cookie: player.cookie })).statusCode,
      ).toBe(200);
      players.push({ name, ...player, endpoint: browser.body.endpoint });
    }
    const [, deactivated, deleted, suspended] = players;
    expect(
      (await post(server, '/api/v1/account/deactivate', undefined, { cookie: deactivated!.cookie })).statusCode,
    ).toBe(200);
    expect((await post(server, '/api/v1/account/delete', undefined, { cookie: deleted!.cookie })).statusCode).toBe(200);
    // Suspended by the console: the subscription stays for a reactivation, but nothing is sent to it.
    await server.app.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', suspended!.user.id)
      .execute();
    const kept = await server.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where(
        'endpoint',
        'in',
        players.map((p) => p.endpoint),
      )
      .orderBy('endpoint')
      .execute();
    expect(kept.map((row) => row.endpoint).sort()).toEqual([players[0]!.endpoint, suspended!.endpoint].sort());

    // (Earlier tests' players, still active, hear this contest too: only this test's browsers are counted.)
    const run = await sendDueNotices(server.app.db, server.app.push, server.config.publicUrl, () => clock.now);
    expect(run).toMatchObject({ notices: 1, gone: 0, failed: 0 });
    expect(received.filter((r) => r.path.includes(contestId)).map((r) => r.path)).toEqual([
      `/push/active-${contestId}`,
    ]);
  });
});
