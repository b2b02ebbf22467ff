// Without zod, so the live page's countdown does not load the schema library (issue 29);
// winners.ts re-exports it.

/** A show counts as on air from its start for this long: the page says 'live now' meanwhile. */
export const SHOW_ON_AIR_MS = 2 * 3_600_000;
