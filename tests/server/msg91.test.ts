import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createMsg91Sender, Msg91Error } from '../../server/integrations/msg91.ts';
import { insertActiveUsers, post, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

interface Seen {
  method: string;
  url: string;
  authkey: string | undefined;
  contentType: string | undefined;
  body: string;
}

/**
 * A local stand-in for MSG91's Flow API (POST /api/v5/flow, `authkey` header, JSON): records
 * each call and answers as MSG91 does, { type: 'success', message: <request id> } by default.
 */
function fakeMsg91() {
  const seen: Seen[] = [];
  let answer: (call: Seen) => { status: number; body: unknown; delayMs?: number } = () => ({
    status: 200,
    body: { type: 'success', message: '3463746f6d4a353231303332' },
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = {
        method: req.method ?? '',
        url: req.url ?? '',
        authkey: req.headers.authkey as string | undefined,
        contentType: req.headers['content-type'],
        body,
      };
      seen.push(call);
      const a = answer(call);
      setTimeout(() => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
      }, a.delayMs ?? 0);
    });
  });
  return {
    seen,
    server,
    answer: (fn: typeof answer) => {
      answer = fn;
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const AUTH_KEY = '412345AbCdEfGh6789ab';
const TEMPLATE_ID = '65a1b2c3d4e5f6a7b8c9d0e1';
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

describe('MSG91 sender against a local look-alike of its Flow API', () => {
  const fake = fakeMsg91();
  const sender = (timeoutMs = 2000) =>
    createMsg91Sender(
      { authKey: AUTH_KEY, templateId: TEMPLATE_ID, senderId: 'CRCSPT', apiUrl: fake.url() },
      { log, timeoutMs },
    );
  beforeAll(fake.start);
  afterAll(fake.stop);
  beforeEach(() => {
    fake.seen.length = 0;
    fake.answer(() => ({ status: 200, body: { type: 'success', message: '3463746f6d4a353231303332' } }));
  });

  it('posts the DLT template, the sender id and the recipient with the text and its code as variables', async () => {
    const body = '482913 is your CricSpot login code. It expires in 10 minutes. Never share it with anyone.';
    await sender().send({ channel: 'sms', recipient: '+919876543210', body });
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v5/flow',
      authkey: AUTH_KEY,
      contentType: 'application/json',
    });
    expect(JSON.parse(fake.seen[0]!.body)).toEqual({
      template_id: TEMPLATE_ID,
      sender: 'CRCSPT',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', message: body, otp: '482913' }],
    });
  });

  it('sends Hindi as unicode, and no code variable when the text holds none', async () => {
    const body = 'CricSpot: परिणाम घोषित हो गया है। ब्योरा देखें।';
    await sender().send({ channel: 'sms', recipient: '+919812345678', body });
    expect(JSON.parse(fake.seen[0]!.body)).toMatchObject({
      unicode: 1,
      recipients: [{ mobiles: '919812345678', message: body }],
    });
    expect(JSON.parse(fake.seen[0]!.body).recipients[0]).not.toHaveProperty('otp');
  });

  it('takes an error answered with status 200 as the error it is', async () => {
    fake.answer(() => ({ status: 200, body: { type: 'error', message: 'Template ID Missing or Invalid Template' } }));
    await expect(sender().send({ channel: 'sms', recipient: '+919876543210', body: 'x 123456' })).rejects.toThrow(
      /MSG91 refused the SMS \(200: Template ID Missing or Invalid Template\)/,
    );
  });

  it('turns a refusal, a body that is not JSON and a silence into Msg91Error', async () => {
    fake.answer(() => ({ status: 401, body: { type: 'error', message: 'Authentication failure' } }));
    await expect(sender().send({ channel: 'sms', recipient: '+919876543210', body: 'x' })).rejects.toThrow(
      /401: Authentication failure/,
    );
    fake.answer(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await expect(sender().send({ channel: 'sms', recipient: '+919876543210', body: 'x' })).rejects.toBeInstanceOf(
      Msg91Error,
    );
    fake.answer(() => ({ status: 200, body: { type: 'success' }, delayMs: 500 }));
    await expect(sender(100).send({ channel: 'sms', recipient: '+919876543210', body: 'x' })).rejects.toThrow(
      /MSG91 did not answer \(TimeoutError\)/,
    );
  });

  it('sends SMS only', async () => {
    await expect(
      sender().send({ channel: 'email', recipient: 'ravi@gmail.com', subject: 's', body: 'b' }),
    ).rejects.toThrow(/SMS only/);
    expect(fake.seen).toHaveLength(0);
  });
});

describe('MSG91 settings', () => {
  it('needs the auth key, the template id and a 6-letter sender id', () => {
    let caught: unknown;
    try {
      loadConfig({ SMS_PROVIDER: 'msg91' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      "MSG91_AUTH_KEY is required when SMS_PROVIDER is 'msg91'",
      "MSG91_TEMPLATE_ID is required when SMS_PROVIDER is 'msg91'",
      "MSG91_SENDER_ID is required when SMS_PROVIDER is 'msg91'",
    ]);
    expect(() => loadConfig({ MSG91_SENDER_ID: 'CRICSPOT' })).toThrow(
      /MSG91_SENDER_ID must be the 6-letter DLT sender id/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'relay' })).toThrow(/SMS_WEBHOOK_URL is required/);
    expect(
      loadConfig({
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: AUTH_KEY,
        MSG91_TEMPLATE_ID: TEMPLATE_ID,
        MSG91_SENDER_ID: 'crcspt',
      }).msg91,
    ).toEqual({ authKey: AUTH_KEY, templateId: TEMPLATE_ID, senderId: 'CRCSPT', apiUrl: 'https://control.msg91.com' });
  });
});

// The whole login by code with MSG91 as the SMS sender: the code reaches the look-alike, never
// the outbox, and logs the player in.
const fake = fakeMsg91();
const env: Record<string, string> = {
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: AUTH_KEY,
  MSG91_TEMPLATE_ID: TEMPLATE_ID,
  MSG91_SENDER_ID: 'CRCSPT',
};
beforeAll(async () => {
  await fake.start();
  env.MSG91_API_URL = fake.url();
});
afterAll(fake.stop);

describeOnEachDatabase(
  'login by code with SMS_PROVIDER=msg91',
  (server) => {
    const clock = useTestClock(server);
    beforeEach(() => {
      fake.seen.length = 0;
      fake.answer(() => ({ status: 200, body: { type: 'success', message: '3463746f6d4a353231303332' } }));
    });

    it('sends the code through MSG91, and that code logs the player in', async () => {
      const [player] = await insertActiveUsers(server, 1, clock.now);
      const { phone } = await server.app.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', player!.id)
        .executeTakeFirstOrThrow();
      const asked = await post(server, '/api/v1/auth/login-code', { phone: phone.slice(-10) });
      expect(asked.statusCode, asked.body).toBe(200);
      await server.app.idleAfterAnswer();
      expect(fake.seen).toHaveLength(1);
      const recipient = JSON.parse(fake.seen[0]!.body).recipients[0] as { mobiles: string; otp: string };
      expect(recipient.mobiles).toBe(phone.replace('+', ''));
      expect(recipient.otp).toMatch(/^\d{6}$/);
      const outbox = await server.app.db.selectFrom('outbox_messages').select('id').execute();
      expect(outbox).toEqual([]);
      const verified = await post(server, '/api/v1/auth/login-code/verify', {
        phone: phone.slice(-10),
        code: recipient.otp,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.headers['set-cookie']).toBeDefined();
      const text = await server.app.metrics.registry.metrics();
      expect(text).toMatch(/cricspot_messages_total\{channel="sms",sender="msg91",outcome="sent"\} 1/);
    });

    it('counts a refused SMS as failed and keeps the answer to the player the same', async () => {
      fake.answer(() => ({ status: 200, body: { type: 'error', message: 'Insufficient balance' } }));
      const [player] = await insertActiveUsers(server, 1, clock.now);
      const { phone } = await server.app.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', player!.id)
        .executeTakeFirstOrThrow();
      const asked = await post(server, '/api/v1/auth/login-code', { phone: phone.slice(-10) });
      expect(asked.statusCode, asked.body).toBe(200);
      await server.app.idleAfterAnswer();
      const text = await server.app.metrics.registry.metrics();
      expect(text).toMatch(/cricspot_messages_total\{channel="sms",sender="msg91",outcome="failed"\} 1/);
    });
  },
  { env },
);
