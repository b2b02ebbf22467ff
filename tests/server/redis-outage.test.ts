// Issue 27, finding 3: with Redis killed, logins took 3 to 12 s (ioredis' offline queue). Now the
// shared counters fail fast: a breaker counts in the instance's memory while Redis is away (the
// same limits, logged once per outage) and shares them again when it answers. The latency is
// measured by bench/redis-outage.ts; this checks the behaviour against a real redis-server.
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BREAKER_OPEN_MS } from '../../server/plugins/rate-limit-store.ts';
import { FORM_RATE_LIMIT } from '../../server/plugins/rate-limits.ts';
import { freshIp, post, useTestClock } from '../support/accounts.ts';
import { startServer } from '../support/server-harness.ts';

/** A port nothing listens on now: a fixed one may still be held by a redis-server an interrupted run left. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// A throwaway redis-server of this suite's own (the shared test Redis must never be stopped).
const PORT = await freePort();
const URL = `redis://127.0.0.1:${PORT}`;
let redisServer: ChildProcess | undefined;

async function startRedis(): Promise<void> {
  redisServer = spawn('redis-server', ['--port', String(PORT), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(URL, { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await probe.ping();
  probe.disconnect();
}

function killRedis(): Promise<void> {
  const server = redisServer;
  redisServer = undefined;
  if (!server || server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

async function sharedKeys(): Promise<string[]> {
  const client = new Redis(URL);
  try {
    return await client.keys('cricspot-rl:*');
  } finally {
    client.disconnect();
  }
}

const contact = {
  subject: 'Question',
  email: 'ravi.kumar@gmail.com',
  phone: '9876543210',
  message: 'Hello there, a question.',
};

describe('rate limits when Redis goes away and comes back (issue 27, finding 3)', () => {
  beforeAll(startRedis, 20_000);
  afterAll(killRedis);
  const server = startServer('sqlite', { env: { REDIS_URL: URL } });
  const clock = useTestClock(server);

  it('counts in memory during the outage (logged once), then shares the counters again', async () => {
    const breaker = server.app.rateLimitBreaker!;
    const warn = vi.spyOn(server.app.log, 'warn');
    const info = vi.spyOn(server.app.log, 'info');
    const send = (ip: string) => post(server, '/api/v1/contact', contact, { ip });

    expect((await send(freshIp())).statusCode).toBe(201);
    expect((await sharedKeys()).length).toBeGreaterThan(0);
    expect(breaker.stats.outages).toBe(0);

    await killRedis();
    const ip = freshIp();
    const during = [];
    for (let i = 0; i < FORM_RATE_LIMIT.max + 2; i++) during.push((await send(ip)).statusCode);
    // The same limit, counted by this instance alone.
    expect(during).toEqual([...Array(FORM_RATE_LIMIT.max).fill(201), 429, 429]);
    expect(breaker.stats.outages).toBe(1);
    expect(breaker.inOutage).toBe(true);
    const outageLines = warn.mock.calls.filter(([, msg]) => String(msg).includes('Redis is not answering'));
    expect(outageLines).toHaveLength(1);

    await startRedis();
    // The breaker asks Redis again once its pause is over; the client reconnects within a few seconds.
    for (let tries = 0; breaker.inOutage && tries < 40; tries++) {
      clock.advance(BREAKER_OPEN_MS);
      await send(freshIp());
      if (breaker.inOutage) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(breaker.inOutage).toBe(false);
    expect(info.mock.calls.filter(([, msg]) => String(msg).includes('Redis answers again'))).toHaveLength(1);
    // Still one outage logged, however many reconnect attempts failed meanwhile.
    expect(warn.mock.calls.filter(([, msg]) => String(msg).includes('Redis is not answering'))).toHaveLength(1);
    const before = (await sharedKeys()).length;
    await send(freshIp());
    expect((await sharedKeys()).length).toBe(before + 1);
  }, 60_000);
});
