// Ticket confirmations per second and latency at contest close, against the real server on
// 127.0.0.1 (node server/main.ts, a fresh data directory, the sandbox gateway). For each database
// (SQLite always; PostgreSQL when BENCH_DATABASE_URL points at a server we may create databases
// on), N players each hold one cart ticket, prepared straight in the database through the
// server's own services; then autocannon fires the confirmations a close sees, a fixed number
// of requests over a bounded number of connections:
//   free entry: POST /api/v1/cart/checkout-free, one per player;
//   paid:       POST /api/v1/payments/webhook/sandbox, a signed 'payment.captured' per pending order.
// Afterwards every ticket must be confirmed exactly once. Prints figures; asserts no timing.
import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import type { Database } from '../server/db/schema.ts';
import {
  createSandboxGateway,
  decideSandboxOrder,
  sandboxSecrets,
  sandboxWebhook,
} from '../server/integrations/payments/sandbox.ts';
import { loadOrCreateSecret } from '../server/secret.ts';
import { addCartItems } from '../server/services/cart/cart.service.ts';
import { insertContest } from '../server/services/contests/contest.service.ts';
import { createPaymentOrder } from '../server/services/payments/payment.service.ts';
import { createSession } from '../server/services/accounts/session.service.ts';
import {
  type Fired,
  fire as fireLoad,
  locateSessions,
  serverPlace,
  spawnServer,
  waitForServer,
} from './server-load.ts';
import { storeContestPicture } from './support/contest-picture.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { activeUserRow } from '../server/db/user-rows.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const CONNECTIONS = 25;

interface Player {
  id: string;
  cookie: string;
}

let phoneCounter = 0;
/** The state the bench's players gave at their first purchase (Maharashtra; the seller is in Karnataka: IGST). */
const BENCH_SUPPLY_STATE = '27';
async function insertPlayers(db: Kysely<Database>, count: number, now: number): Promise<Player[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  const users = Array.from({ length: count }, (_, i) => ({
    ...activeUserRow(
      {
        firstName: 'Bench',
        lastName: 'Player',
        email: `bench.${tag}.${i}@example.com`,
        phone: `+919${String(100_000_000 + phoneCounter++).slice(-9)}`,
        supplyState: BENCH_SUPPLY_STATE,
      },
      now,
    ),
    role: 'player' as const,
  }));
  for (let i = 0; i < users.length; i += 100)
    await db
      .insertInto('users')
      .values(users.slice(i, i + 100))
      .execute();
  const players: Player[] = [];
  for (const user of users) {
    const { token } = await createSession(db, user.id, now, { userAgent: 'bench', ip: '127.0.0.1' });
    players.push({ id: user.id, cookie: `cs_session=${token}` });
  }
  return players;
}

const fire = (
  label: string,
  base: string,
  count: number,
  build: (i: number) => { path: string; headers: Record<string, string>; body: string },
) => fireLoad(label, base, count, build, { connections: CONNECTIONS });

function report({ label, result, seconds }: Fired): void {
  const non2xx = result.non2xx;
  // autocannon's own req/s is sampled per whole second, too coarse for a run of a second or two.
  console.log(
    `${label.padEnd(36)} ${String(result.requests.total).padStart(5)} req  ${(result.requests.total / seconds).toFixed(0).padStart(6)} req/s  ` +
      `p50 ${String(result.latency.p50).padStart(5)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  max ${String(result.latency.max).padStart(5)} ms  ` +
      `errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${non2xx}  (${seconds.toFixed(2)} s)`,
  );
}

/** Every prepared player holds exactly one confirmed ticket in the contest, none left in the cart. */
async function checkConfirmed(db: Kysely<Database>, contestId: string, players: Player[]): Promise<string> {
  const tickets = await db
    .selectFrom('tickets')
    .select(['user_id', 'status'])
    .where('contest_id', '=', contestId)
    .execute();
  const confirmed = new Map<string, number>();
  for (const t of tickets) if (t.status === 'confirmed') confirmed.set(t.user_id, (confirmed.get(t.user_id) ?? 0) + 1);
  const missing = players.filter((p) => !confirmed.has(p.id)).length;
  const twice = [...confirmed.values()].filter((n) => n > 1).length;
  const other = tickets.filter((t) => t.status !== 'confirmed').length;
  const ok = missing === 0 && twice === 0 && tickets.length === players.length;
  return `${ok ? 'OK' : 'FAILED'}: ${confirmed.size}/${players.length} players hold a confirmed ticket, ${twice} more than one, ${missing} none, ${other} tickets not confirmed, ${tickets.length} tickets in all`;
}

async function runOn(dialect: 'sqlite' | 'postgres', databaseUrl: string | undefined): Promise<void> {
  const { base, dataDir, env } = await serverPlace('bench', 'test', {
    PAYMENT_GATEWAY: 'sandbox',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const server = spawnServer(env);
  const config = loadConfig(env);
  const handle = openDatabase({ databaseUrl, sqlitePath: config.sqlitePath });
  const db = handle.db;
  try {
    await waitForServer(base, server);
    const secret = loadOrCreateSecret(config.dataDir);
    const now = Date.now();
    const picture = await storeContestPicture(db, config, { width: 1600, height: 1000 });
    const newContest = async (ticketPricePaise: number) => {
      const id = crypto.randomUUID();
      await insertContest(db, {
        id,
        windowKey: `bench-${id.slice(0, 18)}`,
        window: {
          slot: 'A',
          opensAt: new Date(now - 3_600_000),
          closesAt: new Date(now + 3_600_000),
          showAt: new Date(now + 7_200_000),
        },
        pictureId: picture.id,
        defaults: { ...config.contestDefaults, ticketPricePaise, maxTicketsPerPerson: 10, totalTickets: 100_000 },
        now,
      });
      return id;
    };
    const xhr = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

    // Free entry: each player's one cart ticket confirmed by checkout-free.
    const prepStarted = Date.now();
    const freeContest = await newContest(0);
    const freePlayers = await insertPlayers(db, PLAYERS, now);
    for (const [i, p] of freePlayers.entries())
      await addCartItems(db, p.id, freeContest, [{ x: 100 + (i % 1000), y: 100 + Math.floor(i / 1000) }], now);

    // Paid: each player's ticket reserved with a pending sandbox order, paid on the hosted page;
    // the webhook that then arrives is what we fire.
    const paidContest = await newContest(4900);
    const paidPlayers = await insertPlayers(db, PLAYERS, now);
    const gateway = createSandboxGateway(db, secret, () => Date.now());
    const secrets = sandboxSecrets(secret);
    const webhooks: Array<{ body: string; headers: Record<string, string> }> = [];
    for (const [i, p] of paidPlayers.entries()) {
      await addCartItems(db, p.id, paidContest, [{ x: 100 + (i % 1000), y: 100 + Math.floor(i / 1000) }], now);
      const order = await createPaymentOrder(
        { db, gateway, invoices: config.invoices, paidPlayDefault: true },
        p.id,
        paidContest,
        now,
        {
          billing: config.billing,
          reservationMinutes: config.reservationMinutes,
          paidPlayDefault: true,
          language: 'en',
        },
      );
      const decided = await decideSandboxOrder(db, order.orderId, 'success');
      const hook = sandboxWebhook(secrets, decided!, Date.now());
      webhooks.push(hook!);
    }
    await locateSessions(
      base,
      freePlayers.map((p) => p.cookie),
    );
    console.log(
      `[${dialect}] prepared ${PLAYERS} free-entry and ${PLAYERS} paid players in ${((Date.now() - prepStarted) / 1000).toFixed(1)} s`,
    );

    const free = await fire(`[${dialect}] checkout-free`, base, PLAYERS, (i) => ({
      path: '/api/v1/cart/checkout-free',
      headers: { ...xhr, cookie: freePlayers[i]!.cookie },
      body: JSON.stringify({ contestId: freeContest }),
    }));
    report(free);
    console.log(`  ${await checkConfirmed(db, freeContest, freePlayers)}`);

    const paid = await fire(`[${dialect}] webhook payment.captured`, base, PLAYERS, (i) => ({
      path: '/api/v1/payments/webhook/sandbox',
      headers: webhooks[i]!.headers,
      body: webhooks[i]!.body,
    }));
    report(paid);
    const statuses = await db.selectFrom('payments').select(['status']).where('contest_id', '=', paidContest).execute();
    const success = statuses.filter((s) => s.status === 'success').length;
    console.log(
      `  ${await checkConfirmed(db, paidContest, paidPlayers)}; payments success ${success}/${statuses.length}`,
    );

    // The gateway retries: the same events again are acknowledged as duplicates, nothing changes.
    const replay = await fire(`[${dialect}] webhook replay (duplicates)`, base, PLAYERS, (i) => ({
      path: '/api/v1/payments/webhook/sandbox',
      headers: webhooks[i]!.headers,
      body: webhooks[i]!.body,
    }));
    report(replay);
    console.log(`  after replay: ${await checkConfirmed(db, paidContest, paidPlayers)}`);
  } finally {
    await db.destroy();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Ticket confirmations at contest close: ${PLAYERS} players, one ticket each, ${CONNECTIONS} connections, real server on 127.0.0.1`,
);
await runOn('sqlite', undefined);

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log('[postgres] skipped: set BENCH_DATABASE_URL (a PostgreSQL URL we may CREATE DATABASE on) to run it');
} else {
  await withScratchDatabase(adminUrl, (url) => runOn('postgres', url));
}
