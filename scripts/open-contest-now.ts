// For the Playwright and bench servers only, never a live one: between two contest windows (IST
// Thursday and Monday, midnight to noon) no contest takes entries, so the journeys that mark and
// buy tickets could not run at night. Like tests/e2e/site/workweek.spec.ts, only the clock is
// cheated, in the database: the next contest opens a minute ago instead of at noon, and one about
// to close stays open for the run.
import SQLite from 'better-sqlite3';

/**
 * How long a run that opens the contest needs it open: the whole CI's Playwright run took 23-24
 * minutes, `npm run bench` about 40. A run that began shortly before a window's midnight close
 * (IST, 18:30 UTC) failed its last journeys on 'Contest A opens Monday…' instead of the stage.
 */
export const OPEN_FOR_MS = 2 * 60 * 60_000;

/**
 * Opens the next contest now if none takes entries, or keeps the one open taking entries for
 * OPEN_FOR_MS at least (its close moved later, never past the next contest's opening); the
 * contest opened, or null when one was open already.
 */
export function openContestNow(sqlitePath: string, now = Date.now()): string | null {
  const db = new SQLite(sqlitePath);
  db.pragma('busy_timeout = 5000');
  try {
    const open = db
      .prepare("SELECT id, closes_at FROM contests WHERE state = 'upcoming' AND opens_at <= ? AND closes_at >= ?")
      .get(now, now) as { id: string; closes_at: number } | undefined;
    const next = db
      .prepare("SELECT id, opens_at FROM contests WHERE state = 'upcoming' AND opens_at > ? ORDER BY opens_at LIMIT 1")
      .get(now) as { id: string; opens_at: number } | undefined;
    if (open) {
      const until = Math.min(now + OPEN_FOR_MS, next ? next.opens_at - 1 : Number.POSITIVE_INFINITY);
      if (open.closes_at < until) db.prepare('UPDATE contests SET closes_at = ? WHERE id = ?').run(until, open.id);
      return null;
    }
    if (!next) throw new Error('no upcoming contest to open');
    db.prepare('UPDATE contests SET opens_at = ? WHERE id = ?').run(now - 60_000, next.id);
    return next.id;
  } finally {
    db.close();
  }
}
