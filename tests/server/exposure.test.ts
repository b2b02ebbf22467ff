// Issue 10, findings 1, 6, 7 and 15: the one-command demo cannot be exposed by accident; the
// demo conveniences answer only to this machine; slow clients are cut; X-Forwarded-For is
// believed only from the configured proxies; a page under the wrong address is told why.
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { isLoopbackAddress } from '../../server/plugins/loopback.ts';
import { startServer } from '../support/server-harness.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const REMOTE = '203.0.113.7';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('start-up refuses an exposed demo', () => {
  it('refuses a non-loopback HOST outside production without the loud opt-in', () => {
    const problems = problemsOf({ HOST: '0.0.0.0' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('HOST 0.0.0.0 would put the development demo on the network');
    expect(problems[0]).toContain('UNSAFE_DEV_ON_NETWORK=yes');
    expect(problemsOf({ HOST: '192.168.1.20', NODE_ENV: 'test' })[0]).toContain(
      'HOST 192.168.1.20 would put the test demo',
    );
  });

  it('accepts loopback hosts, the opt-in, and production', () => {
    for (const HOST of ['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]'])
      expect(problemsOf({ HOST })).toEqual([]);
    expect(loadConfig({ HOST: '0.0.0.0', UNSAFE_DEV_ON_NETWORK: 'yes' }).devOnNetwork).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }).devOnNetwork).toBe(false);
    expect(problemsOf({ HOST: '0.0.0.0', UNSAFE_DEV_ON_NETWORK: 'maybe' })[0]).toContain(
      "UNSAFE_DEV_ON_NETWORK must be 'yes' or unset",
    );
  });

  it('refuses the sandbox gateway in production unless asked for loudly', () => {
    expect(problemsOf({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' })[0]).toContain(
      "PAYMENT_GATEWAY 'sandbox' confirms tickets without money and must not run in production",
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      UNSAFE_SANDBOX_IN_PRODUCTION: 'yes',
    });
    expect(config.payments.gateway).toBe('sandbox');
    expect(config.sandboxInProduction).toBe(true);
    // Unset in production is no gateway at all, never the sandbox.
    expect(loadConfig({ NODE_ENV: 'production' }).payments.gateway).toBeNull();
  });

  it('knows loopback addresses, mapped ones included, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '203.0.113.7', '0.0.0.0', '', undefined, '128.0.0.1', 'fe80::1'])
      expect(isLoopbackAddress(a)).toBe(false);
  });
});

describe('the demo conveniences answer only to this machine', () => {
  const server = startServer('sqlite', { env: { NODE_ENV: 'development', PAYMENT_GATEWAY: 'sandbox' } });

  it('hides the outbox of login codes from another machine, even with X-Forwarded-For: 127.0.0.1', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(200);
    const remote = await server.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox',
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('messages');
  });

  it('hides the development sign-in page (which logs in as anyone) from another machine', async () => {
    const query = new URLSearchParams({
      client_id: server.config.googleClientId!,
      redirect_uri: `${server.config.publicUrl}/api/v1/auth/google/callback`,
      state: 's',
      nonce: 'n',
    });
    const local = await server.app.inject({ method: 'GET', url: `/dev-idp/authorize?${query}` });
    expect(local.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: `/dev-idp/authorize?${query}`, remoteAddress: REMOTE }))
        .statusCode,
    ).toBe(404);
    const post = await server.app.inject({
      method: 'POST',
      url: '/dev-idp/authorize',
      remoteAddress: REMOTE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}&preset=test`,
    });
    expect(post.statusCode).toBe(404);
    expect(post.headers.location).toBeUndefined();
    // The public keys stay public: they prove nothing by themselves.
    expect(
      (await server.app.inject({ method: 'GET', url: '/dev-idp/jwks.json', remoteAddress: REMOTE })).statusCode,
    ).toBe(200);
  });

  it("hides the sandbox's Success button (tickets without money) from another machine", async () => {
    const order = {
      id: (await server.app.payments!.createOrder({ amountPaise: 4900, receipt: 'r1', notes: {} })).orderId,
    };
    const local = await server.app.inject({ method: 'GET', url: `/sandbox-gateway/checkout/${order.id}` });
    expect(local.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: `/sandbox-gateway/checkout/${order.id}`, remoteAddress: REMOTE }))
        .statusCode,
    ).toBe(404);
    const press = await server.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/checkout/${order.id}`,
      remoteAddress: REMOTE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=success',
    });
    expect(press.statusCode).toBe(404);
    const row = await server.app.db
      .selectFrom('sandbox_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('created');
  });
});

describe('X-Forwarded-For is believed only from the configured proxies', () => {
  const direct = startServer('sqlite', { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cricspot.example' } });
  const behindProxy = startServer('sqlite', {
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cricspot.example', TRUSTED_PROXIES: '10.0.0.0/8' },
  });
  const contact = {
    subject: 'Question',
    email: 'ravi.kumar@gmail.com',
    phone: '9876543210',
    message: 'Hello there, a question.',
  };
  const post = (app: typeof direct.app, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: contact,
      remoteAddress,
      headers: { ...XHR, origin: 'https://cricspot.example', 'x-forwarded-for': forwardedFor },
    });

  it('a client cannot dodge a rate limit by inventing X-Forwarded-For addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await post(direct.app, REMOTE, `198.51.100.${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('behind a configured proxy each real client has its own limit', async () => {
    for (let i = 0; i < 5; i++) expect((await post(behindProxy.app, '10.1.2.3', '198.51.100.1')).statusCode).toBe(201);
    expect((await post(behindProxy.app, '10.1.2.3', '198.51.100.1')).statusCode).toBe(429);
    expect((await post(behindProxy.app, '10.1.2.3', '198.51.100.2')).statusCode).toBe(201);
  });

  it('trusts loopback proxies only by default in production, none in development', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).trustedProxies).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(problemsOf({ TRUSTED_PROXIES: 'everyone' })[0]).toContain(
      'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges',
    );
  });
});

describe('a page of the site under another address than PUBLIC_URL', () => {
  const server = startServer('sqlite', { env: { NODE_ENV: 'production' } });

  it('is told the address to open, not asked to reload', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/practice/pairs/x/submit',
      payload: { tickets: [] },
      headers: { ...XHR, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'WRONG_SITE_ADDRESS',
      message:
        "This page was opened at http://127.0.0.1:3000, but this site's address is http://localhost:3000. Open http://localhost:3000 and try again.",
    });
  });

  it('a foreign page still gets the plain CSRF refusal', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {},
      headers: { ...XHR, host: 'localhost:3000', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });
});

describe('slow clients are cut', () => {
  let dataDir = '';
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-slow-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    app = await buildApp(
      { ...config, http: { ...config.http, headersTimeoutMs: 400, idleTimeoutMs: 600, checkIntervalMs: 100 } },
      { logger: false },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens a connection, runs `talk`, and resolves with how long the server kept it open. */
  function heldFor(talk: (socket: net.Socket) => void): Promise<number> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => talk(socket));
      socket.on('error', () => {});
      // Read what comes, as a client does: a paused socket may never see the server's FIN (its
      // 'end', and so its 'close', waits for a reader), and then looks held until it gives up.
      socket.resume();
      socket.on('close', () => resolve(Date.now() - started));
      setTimeout(() => socket.destroy(), 10_000).unref();
    });
  }

  it('closes a connection that sends nothing', async () => {
    expect(await heldFor(() => {})).toBeLessThan(5_000);
  });

  it('closes a connection that trickles its headers (slowloris)', async () => {
    const held = await heldFor((socket) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => (socket.writable ? socket.write('X-a: b\r\n') : clearInterval(drip)), 150);
      socket.on('close', () => clearInterval(drip));
    });
    expect(held).toBeLessThan(5_000);
  });

  it('sets the limits on the real server', () => {
    const limits = loadConfig({}).http;
    expect(limits.headersTimeoutMs).toBeGreaterThan(0);
    expect(limits.requestTimeoutMs).toBeGreaterThan(limits.headersTimeoutMs);
    expect(app.server.headersTimeout).toBe(400);
    expect(app.server.requestTimeout).toBe(limits.requestTimeoutMs);
  });
});
