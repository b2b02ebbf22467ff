// The many-instances drill (issue 10): instances of the real server on one PostgreSQL and one
// Redis behind a small round-robin load balancer on 127.0.0.1, a contest-close rush of players
// buying a paid ticket each (cart, payment order, the sandbox's hosted page, its signed webhook and
// the return), one instance killed with SIGKILL in the middle and restarted, then checks:
//   every paid ticket confirmed exactly once, no ticket sold twice, no paid customer refunded,
//   no 5xx apart from the connections the killed instance cut.
// Run twice: one instance (no kill), then three (with the kill). Prints purchases per second and
// the p50/p99 of a whole purchase. Use scripts/drill.sh, which starts PostgreSQL and Redis.
//
//   DRILL_DATABASE_URL  a PostgreSQL URL on which the drill may CREATE DATABASE (required)
//   DRILL_REDIS_URL     a Redis URL (optional: without it each instance counts its own limits)
//   DRILL_PLAYERS       players per run (default 600)
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/db/schema.ts';
import { createSandboxGateway } from '../server/integrations/payments/sandbox.ts';
import { loadOrCreateSecret } from '../server/secret.ts';
import { reconcilePayments, RECONCILE_AFTER_MS } from '../server/services/payment.service.ts';
import { createSession } from '../server/services/session.service.ts';
import { activeUserRow } from '../server/db/user-rows.ts';
import { loadConfig } from '../server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.DRILL_DATABASE_URL;
const redisUrl = process.env.DRILL_REDIS_URL;
const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 600);
const CONCURRENCY = 24;
if (!adminUrl) {
  console.error(
    'Set DRILL_DATABASE_URL to a PostgreSQL URL the drill may create a database on (scripts/drill.sh does it for you).',
  );
  process.exit(1);
}
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface Instance {
  port: number;
  /** Each instance has a disk of its own; they share only PostgreSQL, Redis and the secret. */
  dataDir: string;
  child: ChildProcess | null;
}

function startInstance(instance: Instance, env: NodeJS.ProcessEnv): void {
  instance.child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(instance.port), DATA_DIR: instance.dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The bytes of the current contest's small picture as one instance serves it; 0 when it cannot. */
async function servedPictureBytes(port: number): Promise<number> {
  try {
    const answer = (await (await fetch(`http://127.0.0.1:${port}/api/v1/contests/current`)).json()) as {
      data?: { current?: { picture?: { variants?: Array<{ url: string }> } } };
    };
    const url = answer.data?.current?.picture?.variants?.[0]?.url;
    if (!url) return 0;
    const picture = await fetch(`http://127.0.0.1:${port}${url}`);
    return picture.ok ? (await picture.arrayBuffer()).byteLength : 0;
  } catch {
    return 0;
  }
}

async function waitReady(port: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on ${port} did not become ready`);
}

/** Round-robin over the instances; a refused or cut upstream connection is a 502 we count apart. */
function loadBalancer(instances: Instance[], counters: { cut: number }) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return http.createServer((req, res) => {
    const target = instances[next++ % instances.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      counters.cut += 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-drill-cut': '1' });
      res.end('upstream cut');
    });
    req.pipe(upstream);
  });
}

interface Outcome {
  ms: number;
  ok: boolean;
  fivexx: number;
  cut: number;
}

async function purchase(
  base: string,
  cookie: string,
  contestId: string,
  point: { x: number; y: number },
): Promise<Outcome> {
  const started = performance.now();
  let fivexx = 0;
  let cut = 0;
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie };
  // A player retries a step the way the app does when the answer never came.
  const call = async (url: string, init: RequestInit): Promise<Response | null> => {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const res = await fetch(`${base}${url}`, { ...init, redirect: 'manual' });
        if (res.status === 502 && res.headers.get('x-drill-cut')) {
          cut += 1;
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        if (res.status >= 500) fivexx += 1;
        return res;
      } catch {
        cut += 1;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    return null;
  };
  // The play gate first, as the browser does: this device is in Mumbai (an allowed state).
  const located = await call('/api/v1/location', {
    method: 'POST',
    headers,
    body: JSON.stringify({ latitude: 19.076, longitude: 72.8777, accuracy: 50 }),
  });
  if (!located || located.status !== 200) return { ms: performance.now() - started, ok: false, fivexx, cut };
  const added = await call('/api/v1/cart/items', {
    method: 'POST',
    headers,
    body: JSON.stringify({ contestId, tickets: [point] }),
  });
  if (!added || (added.status !== 200 && added.status !== 409))
    return { ms: performance.now() - started, ok: false, fivexx, cut };
  const ordered = await call('/api/v1/payments/orders', {
    method: 'POST',
    headers,
    body: JSON.stringify({ contestId }),
  });
  if (!ordered || ordered.status !== 200) return { ms: performance.now() - started, ok: false, fivexx, cut };
  const { orderId } = ((await ordered.json()) as { data: { orderId: string } }).data;
  const paid = await call(`/sandbox-gateway/checkout/${orderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: 'choice=success',
  });
  if (paid?.status === 303) {
    const back = paid.headers.get('location');
    if (back) await call(back, { method: 'GET', headers: { cookie } });
  }
  return { ms: performance.now() - started, ok: paid?.status === 303, fivexx, cut };
}

async function run(label: string, count: number, kill: boolean): Promise<void> {
  const name = `drill_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-drill-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    // No disk is shared: pictures (seeded by the first instance) live in PostgreSQL for all.
    PICTURE_STORAGE: 'database',
    PAYMENT_GATEWAY: 'sandbox',
    CONTEST_TICKET_PRICE_PAISE: '4900',
    LOG_LEVEL: 'error',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++)
    instances.push({
      port: await freePort(),
      dataDir: i === 0 ? dataDir : mkdtempSync(path.join(os.tmpdir(), 'cricspot-drill-')),
      child: null,
    });
  const counters = { cut: 0 };
  const lb = loadBalancer(instances, counters);
  const lbPort = await freePort();
  await new Promise<void>((resolve) => lb.listen(lbPort, '127.0.0.1', resolve));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 4 }) }),
  });
  try {
    // The first instance migrates, seeds and writes the shared secret; then the others start.
    startInstance(instances[0]!, env);
    await waitReady(instances[0]!.port);
    // The secret is handed to every instance, as a deployment would (the file, mode 0600).
    for (const instance of instances.slice(1))
      copyFileSync(path.join(dataDir, 'secret.key'), path.join(instance.dataDir, 'secret.key'));
    for (const instance of instances.slice(1)) startInstance(instance, env);
    for (const instance of instances.slice(1)) await waitReady(instance.port);

    const now = Date.now();
    const contest = await db
      .selectFrom('contests')
      .select(['id', 'closes_at'])
      .where('opens_at', '<=', now)
      .where('closes_at', '>', now)
      .executeTakeFirst();
    if (!contest) throw new Error('no open contest: the schedule job made none');
    const players: Array<{ id: string; cookie: string }> = [];
    for (let i = 0; i < PLAYERS; i++) {
      const id = crypto.randomUUID();
      await db
        .insertInto('users')
        .values(
          activeUserRow(
            {
              id,
              firstName: 'Drill',
              lastName: 'Player',
              email: `drill.${i}.${id.slice(0, 6)}@example.invalid`,
              phone: `+919${String(100_000_000 + i).slice(-9)}`,
              // Their state for the invoice, as asked at a first purchase (Maharashtra).
              supplyState: '27',
            },
            now,
          ),
        )
        .execute();
      const { token } = await createSession(db, id, now, { userAgent: 'drill', ip: '127.0.0.1' });
      players.push({ id, cookie: `cs_session=${token}` });
    }

    const base = `http://127.0.0.1:${lbPort}`;
    const outcomes: Outcome[] = [];
    let started = 0;
    let killed = false;
    const started0 = performance.now();
    const worker = async () => {
      for (;;) {
        const i = started++;
        if (i >= players.length) return;
        if (kill && !killed && i >= Math.floor(players.length * 0.4)) {
          killed = true;
          const victim = instances[1]!;
          victim.child?.kill('SIGKILL');
          console.log(`  [${label}] kill -9 of the instance on port ${victim.port} after ${i} purchases began`);
          setTimeout(() => {
            startInstance(victim, env);
            void waitReady(victim.port).then(() =>
              console.log(`  [${label}] the instance on port ${victim.port} is back`),
            );
          }, 1500);
        }
        outcomes.push(
          await purchase(base, players[i]!.cookie, contest.id, { x: 10 + (i % 1000), y: 10 + Math.floor(i / 1000) }),
        );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started0) / 1000;
    for (const instance of instances) await waitReady(instance.port);

    // What no webhook settled (an instance died between the gateway and us) is settled the way the
    // reconciliation job would, once its delay has passed.
    const secret = loadOrCreateSecret(dataDir);
    const gateway = createSandboxGateway(db, secret, () => Date.now());
    // Numbered in the instances' series (their environment is this one's).
    const { invoices } = loadConfig({ ...env, DATA_DIR: dataDir });
    await reconcilePayments({ db, gateway, invoices }, Date.now() + RECONCILE_AFTER_MS + 1000);

    const paidOrders = await db.selectFrom('sandbox_orders').select(['id']).where('status', '=', 'paid').execute();
    const payments = await db.selectFrom('payments').select(['gateway_order_id', 'status', 'refund_due']).execute();
    const byOrder = new Map(payments.map((p) => [p.gateway_order_id, p]));
    const paidNotConfirmed = paidOrders.filter((o) => byOrder.get(o.id)?.status !== 'success').length;
    const paidRefunded = paidOrders.filter((o) => byOrder.get(o.id)?.refund_due === 1).length;
    const tickets = await db
      .selectFrom('tickets')
      .select(['user_id', 'x', 'y', 'status'])
      .where('contest_id', '=', contest.id)
      .where('status', '=', 'confirmed')
      .execute();
    const perPoint = new Map<string, number>();
    for (const t of tickets) perPoint.set(`${t.x},${t.y}`, (perPoint.get(`${t.x},${t.y}`) ?? 0) + 1);
    const soldTwice = [...perPoint.values()].filter((n) => n > 1).length;
    const success = payments.filter((p) => p.status === 'success').length;
    const fivexx = outcomes.reduce((n, o) => n + o.fivexx, 0);
    const cut = outcomes.reduce((n, o) => n + o.cut, 0);
    const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]!.toFixed(0);
    // Every instance serves the contest picture that the first one seeded, from its own empty disk.
    const pictureAnswers = await Promise.all(instances.map((instance) => servedPictureBytes(instance.port)));
    const picturesEverywhere = pictureAnswers.every((bytes) => bytes > 0 && bytes === pictureAnswers[0]);
    const ok =
      picturesEverywhere &&
      paidNotConfirmed === 0 &&
      paidRefunded === 0 &&
      soldTwice === 0 &&
      tickets.length === success &&
      fivexx === 0;
    console.log(
      `${ok ? 'OK    ' : 'FAILED'} [${label}] ${players.length} players, ${outcomes.filter((o) => o.ok).length} paid on the page, ${success} payments confirmed, ` +
        `${tickets.length} tickets confirmed; paid but not confirmed ${paidNotConfirmed}, paid and refunded ${paidRefunded}, points sold twice ${soldTwice}, ` +
        `5xx ${fivexx}, cut connections ${cut}; contest picture served by every instance: ${picturesEverywhere ? 'yes' : `no (${pictureAnswers.join(', ')} bytes)`}`,
    );
    console.log(
      `       [${label}] ${(success / seconds).toFixed(1)} purchases/s over ${seconds.toFixed(1)} s; a whole purchase p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    for (const instance of instances) instance.child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    lb.close();
    await db.destroy();
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await admin.end();
    for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Many-instances drill: ${PLAYERS} players per run, ${CONCURRENCY} at once, PostgreSQL${redisUrl ? ' and Redis' : ' (no Redis: per-instance rate limits)'}`,
);
await run('1 instance', 1, false);
await run('3 instances, one killed', 3, true);
