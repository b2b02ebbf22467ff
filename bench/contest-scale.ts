// Contest scale bench (issue 14): what one request costs when the open contest holds 5, 100k or
// 1M tickets. For each size and database (SQLite always; PostgreSQL when BENCH_DATABASE_URL, or
// else TEST_DATABASE_URL, names a server we may create a database on), the tickets are written
// straight into one open, free-entry contest (not timed), the contest's counters are recounted
// from them, and the real server is started as in production (node server/main.ts,
// NODE_ENV=production, a fresh data directory, listening on 127.0.0.1 only). Then, with a fixed
// number of requests over a fixed number of connections, each run stopped after a time limit:
//   GET /api/v1/contests/current without a session, and as a player holding tickets in it;
//   POST /api/v1/cart/items, one ticket, each request a different player;
//   POST /api/v1/cart/checkout-free, one ticket each: free-entry confirmations per second, the
//   median of 3 passes.
// Before the server starts it also times the two queries every one of those requests used to
// run (a COUNT over the contest's live tickets, a player's points read with status IN (...))
// against what they run now (the counter row, the points off the partial unique index).
// Afterwards the contest's counters must equal its tickets. Prints figures; asserts no timing.
//
//   node bench/contest-scale.ts                   5, 100,000 and 1,000,000 tickets
//   node bench/contest-scale.ts 20000             one size (or BENCH_CONTEST_SIZES=5,20000)
//   BENCH_REQUESTS=200 node bench/contest-scale.ts 5      fewer requests per measurement
import { rmSync } from 'node:fs';
import { type Kysely, sql, type Transaction } from 'kysely';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Database } from '../server/db/schema.ts';
import { checkContest, recountContest, takenCount } from '../server/services/contests/contest-counters.service.ts';
import { heldPoints } from '../server/services/contests/contest.service.ts';
import { createSession } from '../server/services/accounts/session.service.ts';
import { type Fired, fire, locateSessions, perSecond, serverPlace, spawnServer, waitForServer } from './server-load.ts';
import { storeContestPicture } from './support/contest-picture.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { activeUserRow } from '../server/db/user-rows.ts';

const SIZES = (process.argv[2] ?? process.env.BENCH_CONTEST_SIZES ?? '5,100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isSafeInteger(n) && n > 0);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONFIRMATIONS = Math.max(1, Math.floor(REQUESTS / 4));
const PASSES = 3;
const CONNECTIONS = 10;
const MAX_SECONDS = 60;
const WIDTH = 1600;
const HEIGHT = 1000;
/** The tickets are spread over this many players (50 each at a million). */
const HOLDERS = 20_000;
const XHR = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

if (SIZES.length === 0) throw new Error('no contest size given: pass e.g. 100000, or BENCH_CONTEST_SIZES=5,100000');

interface Row {
  size: number;
  dialect: string;
  fill: string;
  queries: string;
  anonymous: string;
  loggedIn: string;
  addToCart: string;
  confirmations: string;
  check: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cut = (f: Fired) =>
  f.result.requests.total < f.requested
    ? `; stopped after ${MAX_SECONDS} s at ${f.result.requests.total} of ${f.requested}`
    : '';
const figure = (f: Fired) =>
  `${perSecond(f).toFixed(0)}/s, p50 ${f.result.latency.p50} ms, p99 ${f.result.latency.p99} ms${f.result.non2xx || f.result.errors || f.result.timeouts ? ` (${f.result.non2xx} non-2xx, ${f.result.errors} errors, ${f.result.timeouts} timeouts)` : ''}${cut(f)}`;

function makeUsers(count: number, now: number, tag: string) {
  return Array.from({ length: count }, (_, i) =>
    activeUserRow(
      {
        firstName: 'Bench',
        lastName: 'Player',
        email: `bench.${tag}.${i}@example.invalid`,
        phone: `+91${tag === 'h' ? 8 : 7}${String(i).padStart(9, '0')}`,
      },
      now,
    ),
  );
}

async function insertUsers(db: Kysely<Database>, users: ReturnType<typeof makeUsers>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < users.length; i += 1000)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 1000))
        .execute();
  });
}

/** n confirmed tickets of HOLDERS players on distinct points (x = i mod width, y = i div width). */
async function fillTickets(
  trx: Transaction<Database>,
  contestId: string,
  holders: string[],
  n: number,
  batch: number,
  now: number,
): Promise<void> {
  for (let start = 0; start < n; start += batch) {
    const rows = Array.from({ length: Math.min(batch, n - start) }, (_, k) => {
      const i = start + k;
      const at = now - 86_400_000 + i;
      return {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: holders[i % holders.length]!,
        x: i % WIDTH,
        y: Math.floor(i / WIDTH) % HEIGHT,
        status: 'confirmed' as const,
        reservation_id: null,
        created_at: at,
        confirmed_at: at,
      };
    });
    await trx.insertInto('tickets').values(rows).execute();
  }
}

/** Median milliseconds of `runs` runs of `query` (after one to warm the cache). */
async function time(runs: number, query: () => Promise<unknown>): Promise<number> {
  await query();
  const ms: number[] = [];
  for (let r = 0; r < runs; r += 1) {
    const t0 = performance.now();
    await query();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

/** The two per-request queries as they were before the counters, and as they are now. */
async function timeQueries(db: Kysely<Database>, contestId: string, userId: string): Promise<string> {
  const countBefore = await time(11, () =>
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('contest_id', '=', contestId)
      .where('status', 'in', ['reserved', 'confirmed'])
      .executeTakeFirstOrThrow(),
  );
  const countNow = await time(11, () => takenCount(db, contestId));
  const heldBefore = await time(11, () =>
    db
      .selectFrom('tickets')
      .select(['x', 'y'])
      .where('contest_id', '=', contestId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['reserved', 'confirmed'])
      .orderBy('created_at')
      .orderBy('x')
      .orderBy('y')
      .execute(),
  );
  const heldNow = await time(11, () => heldPoints(db, contestId, userId));
  const ms = (v: number) => (v < 1 ? v.toFixed(2) : v.toFixed(0));
  return `taken: COUNT ${ms(countBefore)} ms → counter ${ms(countNow)} ms; points: IN ${ms(heldBefore)} ms → index ${ms(heldNow)} ms`;
}

async function runOn(dialect: 'sqlite' | 'postgres', size: number, databaseUrl: string | undefined): Promise<Row> {
  const { base, dataDir, env } = await serverPlace(
    'scale',
    'production',
    databaseUrl ? { DATABASE_URL: databaseUrl } : {},
  );
  const config = loadConfig(env);
  const { db } = openDatabase({ databaseUrl, sqlitePath: config.sqlitePath });
  let server: ReturnType<typeof spawnServer> | undefined;
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const fillStarted = performance.now();
    const picture = await storeContestPicture(db, config, { width: WIDTH, height: HEIGHT });
    const holders = makeUsers(Math.min(HOLDERS, size), now, 'h');
    const buyers = makeUsers(REQUESTS + PASSES * CONFIRMATIONS, now, 'b');
    await insertUsers(db, holders);
    await insertUsers(db, buyers);
    const contestId = crypto.randomUUID();
    // Opened long ago and closing long after: the earliest-opening contest still open, so
    // /contests/current answers with it whatever the weekly schedule makes beside it.
    await db
      .insertInto('contests')
      .values({
        id: contestId,
        window_key: `bench-${contestId.slice(0, 18)}`,
        slot: 'A',
        opens_at: now - 30 * 86_400_000,
        closes_at: now + 30 * 86_400_000,
        show_at: now + 31 * 86_400_000,
        picture_id: picture.id,
        prize_kind: 'merchandise',
        prize_title_en: 'Signed cricket bat',
        prize_title_hi: 'हस्ताक्षरित क्रिकेट बल्ला',
        prize_value_paise: 1_500_000,
        ticket_price_paise: 0,
        max_tickets_per_person: 100,
        total_tickets: size + 1_000_000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const recountMs = await db.transaction().execute(async (trx) => {
      await fillTickets(
        trx,
        contestId,
        holders.map((h) => h.id),
        size,
        dialect === 'sqlite' ? 3000 : 5000,
        now,
      );
      const t0 = performance.now();
      await recountContest(trx, contestId);
      return performance.now() - t0;
    });
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
    const fill = `${((performance.now() - fillStarted) / 1000).toFixed(1)} s (recount ${recountMs.toFixed(0)} ms)`;
    const holder = holders[0]!;
    const queries = await timeQueries(db, contestId, holder.id);

    // Sessions last: the server ends one unused for 30 minutes.
    const sessionNow = Date.now();
    const cookieOf = async (userId: string) =>
      `cs_session=${(await createSession(db, userId, sessionNow, { userAgent: 'bench', ip: '127.0.0.1' })).token}`;
    const holderCookie = await cookieOf(holder.id);
    const buyerCookies: string[] = [];
    for (const b of buyers) buyerCookies.push(await cookieOf(b.id));

    server = spawnServer(env);
    await waitForServer(base, server);
    const load = { connections: CONNECTIONS, maxSeconds: MAX_SECONDS };
    const tag = `[${dialect} ${size.toLocaleString('en-IN')}]`;

    const current = await (await fetch(`${base}/api/v1/contests/current`)).json();
    if (current?.data?.current?.id !== contestId)
      throw new Error(`${tag} /contests/current does not show the bench contest`);
    const mine = await (await fetch(`${base}/api/v1/contests/current`, { headers: { cookie: holderCookie } })).json();
    const myTickets = Number(mine?.data?.current?.myTickets ?? -1);
    if (myTickets !== Math.ceil(size / holders.length) && myTickets !== Math.floor(size / holders.length))
      throw new Error(`${tag} the logged-in answer shows ${myTickets} tickets`);

    await locateSessions(base, buyerCookies);
    const anonymous = await fire(
      `${tag} GET current (anonymous)`,
      base,
      REQUESTS,
      () => ({ method: 'GET', path: '/api/v1/contests/current?lang=en', headers: {} }),
      load,
    );
    const loggedIn = await fire(
      `${tag} GET current (logged in)`,
      base,
      REQUESTS,
      () => ({ method: 'GET', path: '/api/v1/contests/current?lang=en', headers: { cookie: holderCookie } }),
      load,
    );
    // Each add-to-cart request is a different player's, one ticket on a point of its own.
    const add = await fire(
      `${tag} add 1 ticket to cart`,
      base,
      REQUESTS,
      (i) => ({
        path: '/api/v1/cart/items',
        headers: { ...XHR, cookie: buyerCookies[i]! },
        body: JSON.stringify({ contestId, tickets: [{ x: (i * 7) % WIDTH, y: (i * 13) % HEIGHT }] }),
      }),
      load,
    );
    // Free entry: each pass a new set of players, each with one ticket in the cart (written in
    // directly, not timed), confirms it with checkout-free.
    const passes: number[] = [];
    let confirmFailures = 0;
    let cutShort = 0;
    for (let pass = 0; pass < PASSES; pass += 1) {
      const first = REQUESTS + pass * CONFIRMATIONS;
      const items = Array.from({ length: CONFIRMATIONS }, (_, k) => ({
        id: crypto.randomUUID(),
        user_id: buyers[first + k]!.id,
        contest_id: contestId,
        x: 1 + k,
        y: 1 + pass,
        created_at: Date.now(),
      }));
      for (let i = 0; i < items.length; i += 1000)
        await db
          .insertInto('cart_items')
          .values(items.slice(i, i + 1000))
          .execute();
      const fired = await fire(
        `${tag} checkout-free pass ${pass + 1}`,
        base,
        CONFIRMATIONS,
        (k) => ({
          path: '/api/v1/cart/checkout-free',
          headers: { ...XHR, cookie: buyerCookies[first + k]! },
          body: JSON.stringify({ contestId }),
        }),
        load,
      );
      confirmFailures += fired.result.non2xx + fired.result.errors + fired.result.timeouts;
      if (fired.result.requests.total < fired.requested) cutShort += 1;
      passes.push(perSecond(fired));
    }
    // Requests still running on the server when a run was stopped by its time limit finish now.
    await new Promise((resolve) => setTimeout(resolve, cutShort > 0 ? 10_000 : 0));
    const checkStarted = performance.now();
    const check = await checkContest(db, contestId);
    const checkMs = performance.now() - checkStarted;
    const row: Row = {
      size,
      dialect,
      fill,
      queries,
      anonymous: figure(anonymous),
      loggedIn: figure(loggedIn),
      addToCart: figure(add),
      confirmations: `${median(passes).toFixed(0)}/s (passes ${passes.map((p) => p.toFixed(0)).join(', ')}${confirmFailures ? `; ${confirmFailures} failed` : ''}${cutShort ? `; ${cutShort} stopped after ${MAX_SECONDS} s` : ''})`,
      // The adds only fill carts; each confirmation takes one ticket from the contest.
      check: `${check.ok && check.takenActual >= size ? 'OK' : 'FAILED'}: counter ${check.takenCounter}, tickets ${check.takenActual} (${size} written in + ${check.takenActual - size} confirmed); the check took ${checkMs.toFixed(0)} ms`,
    };
    console.log(`${tag} fill ${row.fill}; ${row.queries}`);
    console.log(
      `${tag} anonymous ${row.anonymous}; logged in ${row.loggedIn}; add ${row.addToCart}; confirmations ${row.confirmations}; ${row.check}`,
    );
    return row;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Contest scale: one open free-entry contest of ${SIZES.map((s) => s.toLocaleString('en-IN')).join(' / ')} tickets; ${REQUESTS} requests per GET and add-to-cart run, ` +
    `${PASSES} × ${CONFIRMATIONS} free-entry confirmations; ${CONNECTIONS} connections; each run stopped after ${MAX_SECONDS} s; real server (NODE_ENV=production) on 127.0.0.1`,
);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const rows: Row[] = [];
for (const size of SIZES) {
  rows.push(await runOn('sqlite', size, undefined));
  if (adminUrl) rows.push(await withScratchDatabase(adminUrl, (url) => runOn('postgres', size, url)));
}
if (!adminUrl)
  console.log(
    '[postgres] skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), a PostgreSQL URL we may CREATE DATABASE on, to run it',
  );

console.log(
  '\n| tickets | db | prepare (untimed in the runs) | per-request queries, before → now | GET /contests/current anonymous | GET /contests/current logged in | add 1 ticket to cart | free-entry confirmations (median of 3) | counters |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.size.toLocaleString('en-IN')} | ${r.dialect} | ${r.fill} | ${r.queries} | ${r.anonymous} | ${r.loggedIn} | ${r.addToCart} | ${r.confirmations} | ${r.check} |`,
  );
