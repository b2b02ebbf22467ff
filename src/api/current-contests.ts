import type { ContestView, CurrentContests } from '../../domain/contests.ts';
import { firstGet } from './first-get.ts';

/* The current contests as the home page reads them on its first paint, without axios (issue 29); contests.ts re-exports them. */

/** In the language the site shows ('en' or 'hi'); the server refuses a browser's tag such as en-IN. */
export const fetchCurrentContests = (lang: 'en' | 'hi') => firstGet<CurrentContests>('/contests/current', { lang });

/** Where a contest stands now: its own state, with the clock as the tie-breaker at the edges. */
export function contestPhase(contest: ContestView, now: Date): 'upcoming' | 'open' | 'closed' {
  if (contest.state === 'upcoming') return now.getTime() >= Date.parse(contest.opensAt) ? 'open' : 'upcoming';
  if (contest.state === 'open') return now.getTime() >= Date.parse(contest.closesAt) ? 'closed' : 'open';
  return 'closed';
}
