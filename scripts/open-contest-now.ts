// For the Playwright and bench servers only, never a live one: between two contest windows (IST
// Thursday and Monday, midnight to noon) no contest takes entries, so the journeys that mark and
// buy tickets could not run at night. Like tests/e2e/site/workweek.spec.ts, only the clock is
// cheated, in the database: the next contest opens a minute ago instead of at noon.
import SQLite from 'better-sqlite3';

/** Opens the next contest now if none takes entries; its id, or null when one was open already. */
export function openContestNow(sqlitePath: string, now = Date.now()): string | null {
  const db = new SQLite(sqlitePath);
  db.pragma('busy_timeout = 5000');
  try {
    const open = db
      .prepare("SELECT id FROM contests WHERE state = 'upcoming' AND opens_at <= ? AND closes_at >= ?")
      .get(now, now);
    if (open) return null;
    const next = db
      .prepare("SELECT id FROM contests WHERE state = 'upcoming' AND opens_at > ? ORDER BY opens_at LIMIT 1")
      .get(now) as { id: string } | undefined;
    if (!next) throw new Error('no upcoming contest to open');
    db.prepare('UPDATE contests SET opens_at = ? WHERE id = ?').run(now - 60_000, next.id);
    return next.id;
  } finally {
    db.close();
  }
}
