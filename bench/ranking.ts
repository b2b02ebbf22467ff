// Ranking a judged contest: how long domain/judging.ts rankTickets takes, and the whole
// rank-and-store (server/services/judging.service.ts rankContest: read the confirmed tickets,
// rank them, write contest_ranks in one transaction), at 100k and 1M confirmed tickets. SQLite
// always; PostgreSQL when BENCH_DATABASE_URL points at a server we may create databases on.
// Tickets are spread over 20,000 players on a 4000x3000 picture with many exact ties (whole
// pixels, a few distinct confirmation times), judged by three judges (a mean of thirds).
// BENCH_RANK_SIZES=100000,1000000 changes the sizes. Prints figures; asserts no timing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { judgedMean, rankTickets, usesFastKeys } from '../domain/judging.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Database } from '../server/db/schema.ts';
import { rankContest } from '../server/services/judging.service.ts';

const SIZES = (process.env.BENCH_RANK_SIZES ?? '100000,1000000').split(',').map(Number);
/** 50 tickets each at 1M (the contest limit is 75). */
const PLAYERS = 20_000;
const WIDTH = 4000;
const HEIGHT = 3000;
const MARKS = [
  { x: 2101, y: 1402 },
  { x: 2099, y: 1400 },
  { x: 2100, y: 1399 },
];
const INSERT_BATCH = 5000;

/** A small deterministic generator, so every run ranks the same tickets. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;

async function seed(db: Kysely<Database>, postgres: boolean, size: number): Promise<string> {
  const now = Date.UTC(2026, 10, 23, 18, 0);
  const pictureId = crypto.randomUUID();
  await db.insertInto('pictures').values({ id: pictureId, kind: 'contest', width: WIDTH, height: HEIGHT, mime: 'image/jpeg', bytes: 1, created_at: now }).execute();
  const contestId = crypto.randomUUID();
  await db
    .insertInto('contests')
    .values({
      id: contestId,
      window_key: `bench-${contestId.slice(0, 8)}`,
      slot: 'A',
      opens_at: now - 86_400_000,
      closes_at: now,
      show_at: now + 3_600_000,
      picture_id: pictureId,
      prize_kind: 'cash',
      prize_title_en: 'Bench prize',
      prize_title_hi: 'Bench prize',
      prize_value_paise: 100,
      ticket_price_paise: 0,
      max_tickets_per_person: 75,
      total_tickets: size,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const users = Array.from({ length: PLAYERS }, () => crypto.randomUUID());
  for (let i = 0; i < users.length; i += 1000) {
    await db
      .insertInto('users')
      .values(
        users.slice(i, i + 1000).map((id, j) => ({
          id,
          first_name: 'Bench',
          last_name: 'Player',
          email: `${id}@bench.invalid`,
          phone: `+9190${String(i + j).padStart(8, '0')}`,
          password_hash: null,
          status: 'active' as const,
          avatar_picture_id: null,
          signup_method: 'password' as const,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .execute();
  }
  const random = lcg(size);
  for (let start = 0; start < size; start += INSERT_BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(size, start + INSERT_BATCH); i++) {
      const confirmed = now - 60_000 + Math.floor(random() * 50);
      // A player's n-th ticket has x = n (mod 50), so no player holds one point twice (unique in tickets).
      const x = Math.floor(random() * (WIDTH / 50)) * 50 + (Math.floor(i / PLAYERS) % 50);
      rows.push([crypto.randomUUID(), users[i % PLAYERS]!, x, Math.floor(random() * HEIGHT), confirmed]);
    }
    const json = JSON.stringify(rows);
    if (postgres) {
      await sql`INSERT INTO tickets (id, contest_id, user_id, x, y, status, reservation_id, created_at, confirmed_at)
        SELECT r->>0, ${contestId}, r->>1, (r->>2)::int, (r->>3)::int, 'confirmed', NULL, (r->>4)::bigint, (r->>4)::bigint
        FROM jsonb_array_elements(${json}::jsonb) AS r`.execute(db);
    } else {
      await sql`INSERT INTO tickets (id, contest_id, user_id, x, y, status, reservation_id, created_at, confirmed_at)
        SELECT json_extract(j.value, '$[0]'), ${contestId}, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), 'confirmed', NULL, json_extract(j.value, '$[4]'), json_extract(j.value, '$[4]')
        FROM json_each(${json}) AS j`.execute(db);
    }
  }
  return contestId;
}

async function runOn(label: 'sqlite' | 'postgres', size: number, databaseUrl: string | undefined): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-bench-rank-'));
  const { db } = openDatabase({ databaseUrl, sqlitePath: path.join(dir, 'bench.sqlite') });
  try {
    await migrateToLatest(db);
    let start = performance.now();
    const contestId = await seed(db, label === 'postgres', size);
    const seeded = ms(start);

    const mean = judgedMean(MARKS);
    start = performance.now();
    const rows = await db.selectFrom('tickets').select(['id', 'x', 'y', 'confirmed_at']).where('contest_id', '=', contestId).where('status', '=', 'confirmed').execute();
    const tickets = rows.map((r) => ({ id: r.id, point: { x: r.x, y: r.y }, confirmedAt: new Date(r.confirmed_at ?? 0) }));
    const read = ms(start);
    const fast = usesFastKeys(
      tickets.map((t) => t.point),
      mean,
    );
    start = performance.now();
    const ranked = rankTickets(tickets, mean);
    const rankOnly = ms(start);
    if (ranked.length !== size) throw new Error(`ranked ${ranked.length} of ${size}`);

    start = performance.now();
    const stored = await db.transaction().execute((trx) => rankContest(trx, contestId, mean));
    const whole = ms(start);
    const check = await db
      .selectFrom('contest_ranks')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('rank').as('top')])
      .where('contest_id', '=', contestId)
      .executeTakeFirstOrThrow();
    if (stored !== size || Number(check.n) !== size || Number(check.top) !== size) throw new Error(`stored ${String(check.n)} ranks, expected ${size}`);
    console.log(
      `[${label}] ${size.toLocaleString('en-IN')} tickets: rankTickets ${rankOnly} (${fast ? 'exact double keys' : 'BigInt keys'}); rank-and-store (read, rank, write contest_ranks in one transaction) ${whole}, of which reading the tickets alone ${read}; seeding took ${seeded}`,
    );
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
  } finally {
    await client.end();
  }
}

for (const size of SIZES) await runOn('sqlite', size, undefined);

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log('[postgres] skipped: set BENCH_DATABASE_URL (a PostgreSQL URL we may CREATE DATABASE on) to run it');
} else {
  for (const size of SIZES) {
    const name = `bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await runOn('postgres', size, url.toString());
    } finally {
      await dropDatabase(adminUrl, name);
    }
  }
}
