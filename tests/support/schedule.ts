import { type ContestWindow, istParts } from '../../domain/schedule.ts';

// Helpers for the tests of domain/schedule.ts.

export const iso = (d: Date) => d.toISOString();

/** A window as IST wall-clock strings, so expectations read like the spec. */
export function wall(w: ContestWindow) {
  const fmt = (d: Date) => {
    const p = istParts(d);
    const pad = (n: number, l = 2) => String(n).padStart(l, '0');
    return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${pad(p.ms, 3)}`;
  };
  return { slot: w.slot, opensAt: fmt(w.opensAt), closesAt: fmt(w.closesAt), showAt: fmt(w.showAt) };
}

// 2026-03-02 is a Monday.
export const MON = 2;
