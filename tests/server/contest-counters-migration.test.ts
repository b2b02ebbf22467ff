import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { checkContest } from '../../server/services/contests/contest-counters.service.ts';
import { createPostgresDatabase, testDialects } from '../support/server-harness.ts';

/** A database with every migration before the counters, for the backfill. */
async function openEmpty(
  dialect: 'sqlite' | 'postgres',
): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-migrate-'));
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(path.join(dir, 'test.sqlite')) }),
    });
    return {
      db,
      close: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const created = await createPostgresDatabase();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: created.url, max: 2 }) }),
  });
  return {
    db,
    close: async () => {
      await db.destroy();
      await created.drop();
    },
  };
}

describe('the counters migration', () => {
  for (const dialect of testDialects) {
    it(`fills the counters from the tickets already sold [${dialect}]`, async () => {
      const { db, close } = await openEmpty(dialect);
      try {
        const before = Object.fromEntries(
          Object.entries(migrations).filter(([name]) => name !== '2026-11-25-070-contest-counters'),
        );
        const { error } = await new Migrator({
          db,
          provider: { getMigrations: async () => before },
          allowUnorderedMigrations: true,
        }).migrateToLatest();
        expect(error).toBeUndefined();
        const now = Date.UTC(2026, 10, 21);
        await db
          .insertInto('pictures')
          .values({ id: 'p1', kind: 'contest', width: 100, height: 100, mime: 'image/jpeg', bytes: 1, created_at: now })
          .execute();
        const contest = (id: string) => ({
          id,
          window_key: id,
          slot: 'A' as const,
          opens_at: now,
          closes_at: now + 1,
          show_at: now + 2,
          picture_id: 'p1',
          prize_kind: 'cash' as const,
          prize_title_en: 'Prize',
          prize_title_hi: 'इनाम',
          prize_value_paise: 1,
          ticket_price_paise: 0,
          max_tickets_per_person: 10,
          total_tickets: 100,
          created_at: now,
          updated_at: now,
        });
        await db
          .insertInto('contests')
          .values([contest('c1'), contest('c2'), contest('c3')])
          .execute();
        const user = (id: string, i: number) => ({
          id,
          first_name: 'A',
          last_name: 'B',
          email: `${id}@example.com`,
          phone: `+91900000000${i}`,
          password_hash: null,
          status: 'active' as const,
          avatar_picture_id: null,
          signup_method: 'password' as const,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        });
        await db
          .insertInto('users')
          .values([user('u1', 1), user('u2', 2)])
          .execute();
        const ticket = (
          contestId: string,
          userId: string,
          x: number,
          status: 'reserved' | 'confirmed' | 'released',
        ) => ({
          id: crypto.randomUUID(),
          contest_id: contestId,
          user_id: userId,
          x,
          y: 0,
          status,
          reservation_id: null,
          created_at: now,
          confirmed_at: null,
        });
        await db
          .insertInto('tickets')
          .values([
            ticket('c1', 'u1', 1, 'confirmed'),
            ticket('c1', 'u1', 2, 'reserved'),
            ticket('c1', 'u1', 3, 'released'),
            ticket('c1', 'u2', 1, 'confirmed'),
            ticket('c2', 'u2', 1, 'released'),
          ])
          .execute();

        expect(await migrateToLatest(db)).toEqual(['2026-11-25-070-contest-counters']);
        const counters = await db
          .selectFrom('contest_counters')
          .select(['contest_id', 'taken'])
          .orderBy('contest_id')
          .execute();
        expect(counters).toEqual([
          { contest_id: 'c1', taken: 3 },
          { contest_id: 'c2', taken: 0 },
          { contest_id: 'c3', taken: 0 },
        ]);
        const players = await db
          .selectFrom('contest_player_counts')
          .select(['contest_id', 'user_id', 'held'])
          .orderBy('contest_id')
          .orderBy('user_id')
          .execute();
        expect(players).toEqual([
          { contest_id: 'c1', user_id: 'u1', held: 2 },
          { contest_id: 'c1', user_id: 'u2', held: 1 },
        ]);
        for (const id of ['c1', 'c2', 'c3']) expect((await checkContest(db, id)).ok).toBe(true);
      } finally {
        await close();
      }
    });
  }
});
