// Ranking bench: how long judging takes at contest sizes of 100k and 1M confirmed tickets.
//   rankTickets:   domain/judging.ts alone (exact ranking against a three-judge mean, in memory);
//   rank + store:  server/services/judging/judging.service.ts rankContest (read the confirmed tickets,
//                  rank, write contest_ranks in batches) in one transaction, on SQLite, and on
//                  PostgreSQL when BENCH_DATABASE_URL names a server we may create a database on.
// The data is made straight in the database (not timed). Prints figures; asserts no timing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { judgedMean, rankTickets, type RankableTicket } from '../domain/judging.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Database } from '../server/db/schema.ts';
import { recountContest } from '../server/services/contests/contest-counters.service.ts';
import { rankContest } from '../server/services/judging/judging.service.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { activeUserRow } from '../server/db/user-rows.ts';

const SIZES = (process.env.BENCH_RANKING_SIZES ?? '100000,1000000').split(',').map(Number);
const WIDTH = 4000;
const HEIGHT = 3000;
const MARKS = [
  { x: 1800, y: 1200 },
  { x: 1803, y: 1201 },
  { x: 1801, y: 1205 },
];
const PLAYERS = 20_000;

/** n tickets on distinct points of players 0..PLAYERS-1, confirmed one ms apart (some on equal distances). */
function makeTickets(n: number): Array<{ id: string; user: number; x: number; y: number; at: number }> {
  const start = Date.UTC(2026, 10, 23, 6, 30);
  return Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    user: i % PLAYERS,
    x: (i * 7919) % WIDTH,
    y: Math.floor(i / WIDTH) % HEIGHT,
    at: start + i,
  }));
}

const ms = (from: number) => `${(performance.now() - from).toFixed(0)} ms`;

console.log('| tickets | rankTickets | rank + store (sqlite) | rank + store (postgres) |');
console.log('|---|---|---|---|');

const rows: string[][] = [];
for (const n of SIZES) {
  const tickets = makeTickets(n);
  const rankable: RankableTicket[] = tickets.map((t) => ({
    id: t.id,
    point: { x: t.x, y: t.y },
    confirmedAt: new Date(t.at),
  }));
  const mean = judgedMean(MARKS);
  rankTickets(rankable.slice(0, 1000), mean); // warm the code path
  const t0 = performance.now();
  const ranked = rankTickets(rankable, mean);
  const inMemory = ms(t0);
  if (ranked.length !== n || ranked[0]!.rank !== 1) throw new Error('ranking lost tickets');

  const sqliteFigure = await onSqlite(tickets, mean);
  const pgFigure = await onPostgres(tickets, mean);
  rows.push([n.toLocaleString('en-IN'), inMemory, sqliteFigure, pgFigure]);
  console.log(`| ${rows.at(-1)!.join(' | ')} |`);
}

async function fill(
  db: Transaction<Database>,
  tickets: ReturnType<typeof makeTickets>,
  batch: number,
): Promise<string> {
  const now = Date.now();
  const pictureId = crypto.randomUUID();
  await db
    .insertInto('pictures')
    .values({
      id: pictureId,
      kind: 'contest',
      width: WIDTH,
      height: HEIGHT,
      mime: 'image/jpeg',
      bytes: 1,
      created_at: now,
    })
    .execute();
  const contestId = crypto.randomUUID();
  await db
    .insertInto('contests')
    .values({
      id: contestId,
      window_key: `bench-${contestId.slice(0, 8)}`,
      slot: 'A',
      opens_at: now - 3 * 86_400_000,
      closes_at: now - 3_600_000,
      show_at: now + 86_400_000,
      picture_id: pictureId,
      prize_kind: 'cash',
      prize_title_en: 'Bench',
      prize_title_hi: 'Bench',
      prize_value_paise: 100,
      ticket_price_paise: 0,
      max_tickets_per_person: 1000,
      total_tickets: tickets.length,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const userIds = Array.from({ length: PLAYERS }, () => crypto.randomUUID());
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .insertInto('users')
      .values(
        userIds.slice(i, i + 500).map((id, j) =>
          activeUserRow(
            {
              id,
              firstName: 'Bench',
              lastName: 'Player',
              email: `bench${i + j}@example.invalid`,
              phone: `+9190000${String(i + j).padStart(5, '0')}`,
            },
            now,
          ),
        ),
      )
      .execute();
  }
  for (let i = 0; i < tickets.length; i += batch) {
    await db
      .insertInto('tickets')
      .values(
        tickets.slice(i, i + batch).map((t) => ({
          id: t.id,
          contest_id: contestId,
          user_id: userIds[t.user]!,
          x: t.x,
          y: t.y,
          status: 'confirmed' as const,
          reservation_id: null,
          created_at: t.at,
          confirmed_at: t.at,
        })),
      )
      .execute();
  }
  // Written straight in, so counted once like the console's repair does (not timed).
  await recountContest(db, contestId);
  return contestId;
}

async function timeRankContest(
  db: Kysely<Database>,
  contestId: string,
  mean: ReturnType<typeof judgedMean>,
  n: number,
): Promise<string> {
  const t0 = performance.now();
  const count = await db.transaction().execute((trx) => rankContest(trx, contestId, mean));
  const figure = ms(t0);
  if (count !== n) throw new Error(`ranked ${count} of ${n}`);
  return figure;
}

async function onSqlite(tickets: ReturnType<typeof makeTickets>, mean: ReturnType<typeof judgedMean>): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-rank-'));
  const sqlite = new SQLite(path.join(dir, 'bench.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('cache_size = -131072');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
    const contestId = await db.transaction().execute((trx) => fill(trx, tickets, 3000));
    return await timeRankContest(db, contestId, mean, tickets.length);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(
  tickets: ReturnType<typeof makeTickets>,
  mean: ReturnType<typeof judgedMean>,
): Promise<string> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return 'skipped (set BENCH_DATABASE_URL)';
  return withScratchDatabase(adminUrl, async (url) => {
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
    });
    try {
      await migrateToLatest(db);
      const contestId = await db.transaction().execute((trx) => fill(trx, tickets, 5000));
      return await timeRankContest(db, contestId, mean, tickets.length);
    } finally {
      await db.destroy();
    }
  });
}
