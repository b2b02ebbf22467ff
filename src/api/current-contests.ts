import type { ContestView, CurrentContests } from '../../domain/contests.ts';
import { contestPhase as phaseOf } from '../../domain/schedule.ts';
import { checked } from './checked.ts';
import { firstGet } from './first-get.ts';

/* The current contests as the home page reads them on its first paint, without axios (issue 29); contests.ts re-exports them. */

/** In the language the site shows ('en' or 'hi'); the server refuses a browser's tag such as en-IN. */
export const fetchCurrentContests = async (lang: 'en' | 'hi'): Promise<CurrentContests> =>
  checked('currentContests', await firstGet<CurrentContests>('/contests/current', { lang }));

/** Where a contest stands now: the domain's one rule (open through closesAt, as the server takes entries). */
export function contestPhase(contest: ContestView, now: Date): 'upcoming' | 'open' | 'closed' {
  return phaseOf(contest, now);
}
