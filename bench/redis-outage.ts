// Issue 27, finding 3: what a login costs while the shared rate-limit store (Redis) is down.
// A throwaway redis-server (REDIS_BENCH_PORT, default 6394) and the real app listening on
// 127.0.0.1 (SQLite); logins from their own loopback addresses, one at a time: with Redis up,
// right after `kill -9` of Redis, a while into the outage, and after Redis is back. Prints
// p50/p99 per phase; the target is p99 under 300 ms with Redis down. The password hash is the
// cheap test cost unless SCRYPT=production, so the figures show what Redis adds (on a loaded
// 2-core machine the production scrypt alone takes seconds; bench/login-flood.ts measures it).
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { freePort } from './server-load.ts';
import { call, loopback, PASSWORD, signUp, summary, type Answer } from './support/logins.ts';

const REDIS_PORT = Number(process.env.REDIS_BENCH_PORT ?? 6394);
const LOGINS = Number(process.env.LOGINS ?? 40);
const redisUrl = `redis://127.0.0.1:${REDIS_PORT}`;

async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(redisUrl, { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await probe.ping();
  probe.disconnect();
  return child;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

let redis = await startRedis();
const port = await freePort();
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cricspot-redis-outage-')),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'error',
    REDIS_URL: redisUrl,
  }),
);
if (process.env.SCRYPT !== 'production') app.passwords.params = { N: 1024, r: 8, p: 1, keyLength: 64, saltLength: 16 };
await app.listen({ host: '127.0.0.1', port });
const place = { base: `http://127.0.0.1:${port}` };
let client = 0;
try {
  const player = await signUp(place.base, 1);
  const logins = async (n: number): Promise<Answer[]> => {
    const answers: Answer[] = [];
    for (let i = 0; i < n; i++) {
      client += 1;
      answers.push(
        await call(
          place.base,
          'POST',
          '/api/v1/auth/login',
          { identifier: player.email, password: PASSWORD },
          loopback(client),
        ),
      );
    }
    return answers;
  };
  await logins(5); // warm-up
  console.log(
    `logins one at a time, ${LOGINS} per phase (SQLite, ${process.env.SCRYPT === 'production' ? 'production' : 'test-cost'} scrypt):`,
  );
  console.log(`  Redis up              ${summary(await logins(LOGINS))}`);
  await stop(redis);
  console.log(`  Redis killed (-9)     ${summary(await logins(LOGINS))}`);
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  console.log(`  12 s into the outage  ${summary(await logins(LOGINS))}`);
  redis = await startRedis();
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  console.log(`  Redis back (12 s on)  ${summary(await logins(LOGINS))}`);
  const shared = new Redis(redisUrl);
  const keys = await shared.keys('cricspot-rl:*');
  shared.disconnect();
  console.log(`  shared counters in Redis after it came back: ${keys.length} keys`);
  const breaker = app.rateLimitBreaker;
  if (breaker)
    console.log(`  outages logged: ${breaker.stats.outages}; requests counted locally: ${breaker.stats.localCounts}`);
} finally {
  await app.close();
  await stop(redis);
}
