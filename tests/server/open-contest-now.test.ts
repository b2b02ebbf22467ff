import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_FOR_MS, openContestNow } from '../../scripts/open-contest-now.ts';

// The Playwright and bench servers' contest, opened for the run (scripts/open-contest-now.ts): a
// CI run that began 20 minutes before a window's midnight close failed its last journeys on the
// closed contest's page.

const HOUR = 60 * 60_000;
const now = Date.UTC(2026, 11, 6, 18, 10); // Sunday 23:40 IST: contest B closes at midnight IST
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function database(contests: Array<{ id: string; opens: number; closes: number; state?: string }>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'open-contest-'));
  dirs.push(dir);
  const file = path.join(dir, 'cricspot.sqlite');
  const db = new SQLite(file);
  db.exec(
    'CREATE TABLE contests (id TEXT PRIMARY KEY, state TEXT NOT NULL, opens_at BIGINT NOT NULL, closes_at BIGINT NOT NULL)',
  );
  for (const contest of contests)
    db.prepare('INSERT INTO contests VALUES (?, ?, ?, ?)').run(
      contest.id,
      contest.state ?? 'upcoming',
      contest.opens,
      contest.closes,
    );
  db.close();
  const read = () => {
    const again = new SQLite(file, { readonly: true });
    try {
      return again.prepare('SELECT id, opens_at, closes_at FROM contests ORDER BY id').all();
    } finally {
      again.close();
    }
  };
  return { file, read };
}

describe('openContestNow', () => {
  it('keeps an open contest that closes within the run open for the run', () => {
    const { file, read } = database([
      { id: 'B', opens: now - 80 * HOUR, closes: now + 20 * 60_000 },
      { id: 'A', opens: now + 12 * HOUR, closes: now + 96 * HOUR },
    ]);
    expect(openContestNow(file, now)).toBeNull();
    expect(read()).toEqual([
      { id: 'A', opens_at: now + 12 * HOUR, closes_at: now + 96 * HOUR },
      { id: 'B', opens_at: now - 80 * HOUR, closes_at: now + OPEN_FOR_MS },
    ]);
  });

  it("leaves an open contest alone that stays open long enough, and never moves a close past the next one's opening", () => {
    const later = database([{ id: 'B', opens: now - HOUR, closes: now + 50 * HOUR }]);
    expect(openContestNow(later.file, now)).toBeNull();
    expect(later.read()).toEqual([{ id: 'B', opens_at: now - HOUR, closes_at: now + 50 * HOUR }]);

    const close = database([
      { id: 'B', opens: now - HOUR, closes: now + 10 * 60_000 },
      { id: 'C', opens: now + 30 * 60_000, closes: now + 50 * HOUR },
    ]);
    expect(openContestNow(close.file, now)).toBeNull();
    expect(close.read()[0]).toEqual({ id: 'B', opens_at: now - HOUR, closes_at: now + 30 * 60_000 - 1 });
  });

  it('opens the next contest a minute ago when none takes entries, and says so', () => {
    const { file, read } = database([
      { id: 'B', opens: now - 90 * HOUR, closes: now - HOUR },
      { id: 'A', opens: now + 11 * HOUR, closes: now + 96 * HOUR },
    ]);
    expect(openContestNow(file, now)).toBe('A');
    expect(read()[0]).toEqual({ id: 'A', opens_at: now - 60_000, closes_at: now + 96 * HOUR });
    expect(() => openContestNow(database([]).file, now)).toThrow('no upcoming contest to open');
  });
});
