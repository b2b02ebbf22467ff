// The many-instances drill (issues 10, 27, 28): instances of the real server on one PostgreSQL and
// one Redis behind nginx (the production template, deploy/nginx/cricspot.conf.template, rendered
// for them: TLS, HTTP/2, passive health checks, X-Forwarded-For set by nginx and believed only
// from it), players calling through nginx with a forged X-Forwarded-For of their own. Three runs:
//   1. one instance: a contest-close rush, each player buying a paid ticket;
//   2. three instances, the same rush, one instance killed with SIGKILL in the middle and restarted;
//   3. mixed (issue 27): players cancelling and failing pending orders while others order and pay.
// Then checks: every paid ticket confirmed exactly once, no ticket sold twice, no paid customer
// refunded, no 5xx (nginx's own 'upstream unavailable' for the killed instance's requests is
// counted apart, as cut), the counters equal the tickets; and for the mixed run no payment left
// pending and 0 deadlocks (PostgreSQL's log, pg_stat_database and the instances' 40P01 errors).
// Prints purchases per second and the p50/p99 of a whole purchase. Use scripts/drill.sh.
//
//   DRILL_DATABASE_URL  a PostgreSQL URL on which the drill may CREATE DATABASE (required)
//   DRILL_REDIS_URL     a Redis URL (optional: without it each instance counts its own limits)
//   DRILL_PLAYERS       players per rush (default 600); DRILL_MIXED_PLAYERS (default 100, half cancel/fail)
//   DRILL_TLS_CERT, DRILL_TLS_KEY  nginx's certificate (drill.sh makes a throwaway one, trusted
//                       through NODE_EXTRA_CA_CERTS); DRILL_PG_LOG  the PostgreSQL server log, if readable
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/db/schema.ts';
import { activeUserRow } from '../server/db/user-rows.ts';
import { createSandboxGateway } from '../server/integrations/payments/sandbox.ts';
import { loadOrCreateSecret } from '../server/secret.ts';
import { checkContest } from '../server/services/contests/contest-counters.service.ts';
import { expireReservations } from '../server/services/cart/reservations.ts';
import { reconcilePayments, RECONCILE_AFTER_MS } from '../server/services/payments/reconcile.ts';
import { createSession } from '../server/services/accounts/session.service.ts';
import {
  freePort,
  type Instance,
  type LogCounts,
  servedPictureBytes,
  startInstance,
  waitReady,
} from './drill/cluster.ts';
import { startNginx } from './drill/nginx.ts';
import { loadConfig } from '../server/config.ts';
import { buy, type Drill, orderAndRelease, type Outcome } from './drill/players.ts';

const adminUrl = process.env.DRILL_DATABASE_URL;
const redisUrl = process.env.DRILL_REDIS_URL;
const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 600);
const MIXED_PLAYERS = Number(process.env.DRILL_MIXED_PLAYERS ?? 100);
const CONCURRENCY = 24;
const tls = { certificate: process.env.DRILL_TLS_CERT ?? '', certificateKey: process.env.DRILL_TLS_KEY ?? '' };
if (!adminUrl || !tls.certificate || !tls.certificateKey) {
  console.error(
    'Set DRILL_DATABASE_URL (a PostgreSQL URL the drill may create a database on) and DRILL_TLS_CERT / DRILL_TLS_KEY: scripts/drill.sh does it for you.',
  );
  process.exit(1);
}
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

interface RunOptions {
  instances: number;
  kill?: boolean;
  mixed?: boolean;
}

/** PostgreSQL's own count of deadlocks in a database, and the server log's "deadlock detected" lines. */
async function deadlockFigures(admin: pg.Client, name: string): Promise<{ stat: number; log: number }> {
  const { rows } = await admin.query<{ deadlocks: number }>(
    'select deadlocks from pg_stat_database where datname = $1',
    [name],
  );
  const logFile = process.env.DRILL_PG_LOG;
  const log =
    logFile && existsSync(logFile) ? (readFileSync(logFile, 'utf8').match(/deadlock detected/g) ?? []).length : NaN;
  return { stat: Number(rows[0]?.deadlocks ?? 0), log };
}

const percentile = (ms: number[], p: number) =>
  ms.length ? ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]!.toFixed(0) : '-';

async function run(label: string, options: RunOptions): Promise<void> {
  const name = `drill_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-drill-'));
  const nginxDir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-drill-nginx-'));
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
    // nginx connects from 127.0.0.1: its X-Forwarded-For is believed, nobody else's.
    TRUSTED_PROXIES: '127.0.0.1',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  const logCounts: LogCounts = { deadlocks: 0, serializationFailures: 0, errorLines: 0 };
  const instances: Instance[] = [];
  for (let i = 0; i < options.instances; i++)
    instances.push({
      port: await freePort(),
      dataDir: i === 0 ? dataDir : mkdtempSync(path.join(os.tmpdir(), 'cricspot-drill-')),
      child: null,
    });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 4 }) }),
  });
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    // The first instance migrates, seeds and writes the shared secret; then the others start.
    startInstance(instances[0]!, env, logCounts);
    await waitReady(instances[0]!.port);
    for (const instance of instances.slice(1))
      copyFileSync(path.join(dataDir, 'secret.key'), path.join(instance.dataDir, 'secret.key'));
    for (const instance of instances.slice(1)) startInstance(instance, env, logCounts);
    for (const instance of instances.slice(1)) await waitReady(instance.port);
    nginx = await startNginx({
      dir: nginxDir,
      httpPort: await freePort(),
      httpsPort: await freePort(),
      upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`),
      ...tls,
    });

    const now = Date.now();
    const contest = await db
      .selectFrom('contests')
      .select(['id'])
      .where('opens_at', '<=', now)
      .where('closes_at', '>', now)
      .executeTakeFirst();
    if (!contest) throw new Error('no open contest: the schedule job made none');
    const count = options.mixed ? MIXED_PLAYERS : PLAYERS;
    const players: Array<{ id: string; cookie: string; releases: boolean }> = [];
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      const row = activeUserRow(
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
      );
      await db.insertInto('users').values(row).execute();
      const { token } = await createSession(db, id, now, { userAgent: 'drill', ip: '127.0.0.1' });
      // Mixed: every other player cancels and fails orders while the rest buy.
      players.push({ id, cookie: `cs_session=${token}`, releases: options.mixed === true && i % 2 === 1 });
    }

    const drill: Drill = { base: nginx.base, instances, contestId: contest.id };
    const deadlocksBefore = await deadlockFigures(admin, name);
    const logDeadlocksBefore = logCounts.deadlocks;
    const outcomes: Array<Outcome & { releases: boolean }> = [];
    let started = 0;
    let killed = false;
    const t0 = performance.now();
    const worker = async () => {
      for (;;) {
        const i = started++;
        if (i >= players.length) return;
        if (options.kill && !killed && i >= Math.floor(players.length * 0.4)) {
          killed = true;
          const victim = instances[1]!;
          victim.child?.kill('SIGKILL');
          console.log(`  [${label}] kill -9 of the instance on port ${victim.port} after ${i} purchases began`);
          setTimeout(() => {
            startInstance(victim, env, logCounts);
            void waitReady(victim.port).then(() =>
              console.log(`  [${label}] the instance on port ${victim.port} is back`),
            );
          }, 1500);
        }
        const player = players[i]!;
        const point = { x: 10 + (i % 1000), y: 10 + Math.floor(i / 1000) };
        const outcome = player.releases
          ? await orderAndRelease(drill, player.cookie, point)
          : await buy(drill, player.cookie, point);
        outcomes.push({ ...outcome, releases: player.releases });
      }
    };
    // The mixed run has everyone at once (its point is contention); a rush, CONCURRENCY at a time.
    await Promise.all(Array.from({ length: options.mixed ? players.length : CONCURRENCY }, worker));
    const seconds = (performance.now() - t0) / 1000;
    for (const instance of instances) await waitReady(instance.port);
    // pg_stat_database is written when a backend's statistics are flushed (at most every second).
    await new Promise((r) => setTimeout(r, 1500));
    const deadlocksAfter = await deadlockFigures(admin, name);

    // What no webhook settled (an instance died between the gateway and us) is settled the way the
    // reconciliation job would, once its delay has passed.
    const pendingBeforeReconcile = await db
      .selectFrom('payments')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    const secret = loadOrCreateSecret(dataDir);
    const gateway = createSandboxGateway(db, secret, () => Date.now());
    // Numbered in the instances' series (their environment is this one's).
    const { invoices } = loadConfig({ ...env, DATA_DIR: dataDir });
    await reconcilePayments({ db, gateway, invoices, paidPlayDefault: true }, Date.now() + RECONCILE_AFTER_MS + 1000);

    const paidOrders = await db.selectFrom('sandbox_orders').select(['id']).where('status', '=', 'paid').execute();
    const payments = await db.selectFrom('payments').select(['gateway_order_id', 'status', 'refund_due']).execute();
    const byOrder = new Map(payments.map((p) => [p.gateway_order_id, p]));
    const paidNotConfirmed = paidOrders.filter((o) => byOrder.get(o.id)?.status !== 'success').length;
    const paidRefunded = paidOrders.filter((o) => byOrder.get(o.id)?.refund_due === 1).length;
    const tickets = await db
      .selectFrom('tickets')
      .select(['x', 'y', 'status'])
      .where('contest_id', '=', contest.id)
      .where('status', 'in', ['confirmed', 'reserved'])
      .execute();
    const confirmed = tickets.filter((t) => t.status === 'confirmed');
    // A cancelled or failed payment keeps its tickets for "Try again" until the hold runs out; then
    // the expiry job gives them back (a day on, past any RESERVATION_MINUTES, every hold has run out).
    const heldForRetry = tickets.length - confirmed.length;
    const expired = await expireReservations(db, Date.now() + 24 * 60 * 60_000 + 60_000);
    const heldAfterHold = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contest_id', '=', contest.id)
      .where('status', '=', 'reserved')
      .executeTakeFirstOrThrow();
    const perPoint = new Map<string, number>();
    for (const t of confirmed) perPoint.set(`${t.x},${t.y}`, (perPoint.get(`${t.x},${t.y}`) ?? 0) + 1);
    const soldTwice = [...perPoint.values()].filter((n) => n > 1).length;
    const byStatus = (status: string) => payments.filter((p) => p.status === status).length;
    const counters = await checkContest(db, contest.id);
    const fivexx = outcomes.reduce((n, o) => n + o.fivexx, 0);
    const cut = outcomes.reduce((n, o) => n + o.cut, 0);
    const pictureAnswers = await Promise.all(instances.map((instance) => servedPictureBytes(instance.port)));
    const picturesEverywhere = pictureAnswers.every((bytes) => bytes > 0 && bytes === pictureAnswers[0]);
    const deadlocks = {
      log: deadlocksAfter.log - deadlocksBefore.log,
      stat: deadlocksAfter.stat - deadlocksBefore.stat,
      errors: logCounts.deadlocks - logDeadlocksBefore,
    };
    const deadlockCount = Math.max(deadlocks.stat, deadlocks.errors, Number.isNaN(deadlocks.log) ? 0 : deadlocks.log);
    const common =
      picturesEverywhere &&
      paidNotConfirmed === 0 &&
      paidRefunded === 0 &&
      soldTwice === 0 &&
      confirmed.length === byStatus('success') &&
      counters.ok &&
      fivexx === 0;
    const buyers = outcomes.filter((o) => !o.releases);
    const releasers = outcomes.filter((o) => o.releases);
    const ok = options.mixed
      ? common &&
        deadlockCount === 0 &&
        pendingBeforeReconcile.length === 0 &&
        Number(heldAfterHold.n) === 0 &&
        releasers.every((o) => o.ok)
      : common;
    const verdict = ok ? 'OK    ' : 'FAILED';
    if (options.mixed)
      console.log(
        `${verdict} [${label}] ${buyers.length} players buying while ${releasers.length} cancel then fail an order each: ` +
          `${payments.length} orders; ${byStatus('success')} paid and confirmed, ${byStatus('cancelled')} cancelled, ${byStatus('failed')} failed, ` +
          `${pendingBeforeReconcile.length} left pending for reconciliation, ${heldForRetry} tickets held for Try again and ${Number(heldAfterHold.n)} once the hold ran out (${expired} reservations expired); ` +
          `counters equal tickets: ${counters.ok ? 'yes' : 'NO'}; points sold twice ${soldTwice}; ` +
          `deadlocks ${deadlockCount} (PostgreSQL log ${Number.isNaN(deadlocks.log) ? 'n/a' : deadlocks.log}, pg_stat_database ${deadlocks.stat}, 40P01 in the instances' logs ${deadlocks.errors}); ` +
          `serialization failures logged ${logCounts.serializationFailures}; 5xx ${fivexx}; cut ${cut}`,
      );
    else
      console.log(
        `${verdict} [${label}] ${players.length} players, ${buyers.filter((o) => o.ok).length} paid on the page, ${byStatus('success')} payments confirmed, ` +
          `${confirmed.length} tickets confirmed; paid but not confirmed ${paidNotConfirmed}, paid and refunded ${paidRefunded}, points sold twice ${soldTwice}, ` +
          `counters equal tickets: ${counters.ok ? 'yes' : 'NO'}, 5xx ${fivexx}, cut connections ${cut}, deadlocks ${deadlockCount}; contest picture served by every instance: ${picturesEverywhere ? 'yes' : `no (${pictureAnswers.join(', ')} bytes)`}`,
      );
    const ms = buyers.map((o) => o.ms).sort((a, b) => a - b);
    console.log(
      `       [${label}] ${(byStatus('success') / seconds).toFixed(1)} purchases/s over ${seconds.toFixed(1)} s; a whole purchase through nginx p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await nginx?.stop();
    for (const instance of instances) instance.child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
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
    rmSync(nginxDir, { recursive: true, force: true });
  }
}

console.log(
  `Many-instances drill behind nginx: ${PLAYERS} players per rush, ${CONCURRENCY} at once; mixed phase ${MIXED_PLAYERS} players at once; PostgreSQL${redisUrl ? ' and Redis' : ' (no Redis: per-instance rate limits)'}`,
);
await run('1 instance', { instances: 1 });
await run('3 instances, one killed', { instances: 3, kill: true });
await run('mixed: cancels and failures while others order, 3 instances', { instances: 3, mixed: true });
