// Issue 27, finding 2: a same-host proxy connects from 127.0.0.1 on behalf of anyone, so the demo
// conveniences (the outbox of login codes, the development sign-in, the sandbox payment page)
// answer 404 to any request that carries a forwarding header, whatever its value.
import { describe, expect, it } from 'vitest';
import { forwardingHeaderOf } from '../../server/plugins/loopback.ts';
import { startServer, type ServerHarness } from '../support/server-harness.ts';

const FORWARDING: Array<[string, string]> = [
  ['x-forwarded-for', '203.0.113.9'],
  ['x-forwarded-for', '127.0.0.1'],
  ['forwarded', 'for=203.0.113.9;proto=https'],
  ['forwarded', 'for=127.0.0.1'],
  ['x-real-ip', '203.0.113.9'],
  ['x-forwarded-host', 'cricspot.example'],
  ['x-forwarded-proto', 'https'],
  ['x-forwarded-port', '443'],
  ['x-forwarded-server', 'edge-1'],
  ['x-forwarded-prefix', '/'],
  ['via', '1.1 nginx'],
  ['x-client-ip', '203.0.113.9'],
  ['true-client-ip', '203.0.113.9'],
  ['cf-connecting-ip', '203.0.113.9'],
  ['x-cluster-client-ip', '203.0.113.9'],
  ['x-original-forwarded-for', '203.0.113.9'],
];

type Call = { method: 'GET' | 'POST'; url: string; payload?: string; form?: boolean };

async function expectHiddenBehindProxies(server: ServerHarness, call: Call): Promise<void> {
  const send = (headers: Record<string, string>) =>
    server.app.inject({
      method: call.method,
      url: call.url,
      ...(call.payload === undefined ? {} : { payload: call.payload }),
      headers: { ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
    });
  for (const [name, value] of FORWARDING) {
    const res = await send({ [name]: value });
    expect(res.statusCode, `${call.method} ${call.url} with ${name}: ${value}`).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(res.headers.location).toBeUndefined();
  }
  // The header's case does not matter either.
  expect((await send({ 'X-Forwarded-For': '198.51.100.1' })).statusCode).toBe(404);
}

describe('the demo conveniences behind a proxy (development)', () => {
  const server = startServer('sqlite', { env: { NODE_ENV: 'development', PAYMENT_GATEWAY: 'sandbox' } });

  it('the outbox of login codes: 200 to this machine, 404 with any forwarding header', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(200);
    await expectHiddenBehindProxies(server, { method: 'GET', url: '/api/v1/dev/outbox' });
  });

  it('the development sign-in page and its form: 404 with any forwarding header', async () => {
    const query = new URLSearchParams({
      client_id: server.config.googleClientId!,
      redirect_uri: `${server.config.publicUrl}/api/v1/auth/google/callback`,
      state: 's',
      nonce: 'n',
    });
    expect((await server.app.inject({ method: 'GET', url: `/dev-idp/authorize?${query}` })).statusCode).toBe(200);
    await expectHiddenBehindProxies(server, { method: 'GET', url: `/dev-idp/authorize?${query}` });
    await expectHiddenBehindProxies(server, {
      method: 'POST',
      url: '/dev-idp/authorize',
      payload: `${query}&preset=test`,
      form: true,
    });
  });

  it('the sandbox checkout page and its buttons: 404 with any forwarding header, the order untouched', async () => {
    const { orderId } = await server.app.payments!.createOrder({ amountPaise: 4900, receipt: 'r1', notes: {} });
    const url = `/sandbox-gateway/checkout/${orderId}`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await expectHiddenBehindProxies(server, { method: 'GET', url });
    await expectHiddenBehindProxies(server, { method: 'POST', url, payload: 'choice=success', form: true });
    const row = await server.app.db
      .selectFrom('sandbox_orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('created');
  });
});

describe('the sandbox page in production (UNSAFE_SANDBOX_IN_PRODUCTION) behind a proxy', () => {
  const server = startServer('sqlite', {
    env: { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', UNSAFE_SANDBOX_IN_PRODUCTION: 'yes' },
  });

  it('answers only this machine directly, 404 through any proxy', async () => {
    const { orderId } = await server.app.payments!.createOrder({ amountPaise: 4900, receipt: 'r2', notes: {} });
    const url = `/sandbox-gateway/checkout/${orderId}`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await expectHiddenBehindProxies(server, { method: 'GET', url });
    await expectHiddenBehindProxies(server, { method: 'POST', url, payload: 'choice=success', form: true });
  });
});

describe('forwardingHeaderOf', () => {
  it('names any X-Forwarded-* and the known proxy headers, and nothing else', () => {
    expect(forwardingHeaderOf({ 'x-forwarded-anything': '1' })).toBe('x-forwarded-anything');
    expect(forwardingHeaderOf({ Forwarded: 'for=1.2.3.4' })).toBe('forwarded');
    for (const [name] of FORWARDING) expect(forwardingHeaderOf({ [name]: 'x' })).toBe(name);
    expect(forwardingHeaderOf({ host: 'localhost', 'user-agent': 'x', cookie: 'a=b', referer: 'x' })).toBeNull();
  });
});
