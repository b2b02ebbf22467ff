// Issue 27, finding 8: real logins while a login flood from many addresses keeps password hashing
// busy. The real app (SQLite, the production scrypt cost) listens on 127.0.0.1; FLOOD_ADDRESSES
// (80) loopback addresses each keep FLOOD_IN_FLIGHT (3) logins of unknown e-mails in flight for
// FLOOD_SECONDS (20): every one costs a full hash. Meanwhile REAL_LOGINS (13) players log in, one
// every 1.5 s, each from an address of their own. Prints the real logins' latency and answers,
// and what the flood got. Bounded in count and time; nothing leaves 127.0.0.1.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { freePort } from './server-load.ts';
import { type Answer, call, loopback, PASSWORD, signUp, summary } from './support/logins.ts';

const FLOOD_ADDRESSES = Number(process.env.FLOOD_ADDRESSES ?? 80);
const FLOOD_IN_FLIGHT = Number(process.env.FLOOD_IN_FLIGHT ?? 3);
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const REAL_LOGINS = Number(process.env.REAL_LOGINS ?? 13);

const port = await freePort();
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cricspot-login-flood-')),
    HOST: '127.0.0.1',
    PORT: String(port),
    // A flood's 503s are logged at error level each; the figures are what this bench prints.
    LOG_LEVEL: 'fatal',
  }),
);
await app.listen({ host: '127.0.0.1', port });
const base = `http://127.0.0.1:${port}`;

try {
  const players = [];
  if (process.env.DEBUG_FLOOD) console.log('signing up');
  for (let i = 0; i < REAL_LOGINS; i++) players.push(await signUp(base, i + 1));
  const alone: Answer[] = [];
  for (let i = 0; i < 3; i++)
    alone.push(
      await call(
        base,
        'POST',
        '/api/v1/auth/login',
        { identifier: players[i]!.email, password: PASSWORD },
        loopback(50_000 + i),
      ),
    );

  if (process.env.DEBUG_FLOOD) console.log('flooding');
  const deadline = performance.now() + FLOOD_SECONDS * 1000;
  const floodAnswers = new Map<number, number>();
  let floodSent = 0;
  const attacker = async (address: string, lane: number) => {
    let n = 0;
    while (performance.now() < deadline) {
      n += 1;
      floodSent += 1;
      const answer = await call(
        base,
        'POST',
        '/api/v1/auth/login',
        { identifier: `flood.${address.replace(/\./g, '-')}.${lane}.${n}@gmail.com`, password: 'Wrong@Pass1' },
        address,
      ).catch(() => ({ status: 0, ms: 0, body: '' }));
      floodAnswers.set(answer.status, (floodAnswers.get(answer.status) ?? 0) + 1);
    }
  };
  const flood = Array.from({ length: FLOOD_ADDRESSES }, (_, a) =>
    Array.from({ length: FLOOD_IN_FLIGHT }, (_, lane) => attacker(loopback(1 + a), lane)),
  ).flat();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const real: Answer[] = [];
  for (let i = 0; i < REAL_LOGINS; i++) {
    real.push(
      await call(
        base,
        'POST',
        '/api/v1/auth/login',
        { identifier: players[i]!.email, password: PASSWORD },
        loopback(40_000 + i),
      ).catch((error: Error) => ({ status: 0, ms: 30_000, body: error.message })),
    );
    if (process.env.DEBUG_FLOOD)
      console.log(`  real login ${i + 1}: ${real.at(-1)!.status} in ${real.at(-1)!.ms.toFixed(0)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1500 - Math.min(1500, real.at(-1)!.ms)));
  }
  await Promise.all(flood);
  console.log(
    `login flood: ${FLOOD_ADDRESSES} addresses × ${FLOOD_IN_FLIGHT} in flight for ${FLOOD_SECONDS} s (production scrypt, 2 at once)`,
  );
  console.log(`  real logins, no flood    ${summary(alone)}`);
  console.log(`  real logins in the flood ${summary(real)}`);
  const answers = [...floodAnswers].map(([status, n]) => `${n} × ${status}`).join(', ');
  console.log(`  the flood: ${floodSent} logins sent (${answers})`);
} finally {
  await app.close();
}
