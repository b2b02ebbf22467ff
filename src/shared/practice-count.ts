import { istParts } from '../../domain/schedule.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The IST calendar day of an instant, e.g. '2026-11-25': the practice limit is per day in India. */
export function practiceDay(now: Date): string {
  const { year, month, day } = istParts(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Practice games this browser started on the IST day of `now`; 0 on another day or when nothing is stored. */
export function readPracticeGames(now: Date): number {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.practiceGames) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return 0;
    const { day, games } = stored as { day?: unknown; games?: unknown };
    return day === practiceDay(now) && typeof games === 'number' && Number.isSafeInteger(games) && games > 0
      ? games
      : 0;
  } catch {
    return 0;
  }
}

export function savePracticeGames(games: number, now: Date): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.practiceGames, JSON.stringify({ day: practiceDay(now), games }));
  } catch {
    // Storage blocked: the count lasts as long as the page.
  }
}
