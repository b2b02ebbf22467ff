/** The winners' pages, a player's own entries and the prize claim (server/routes/results.routes.ts, claims.routes.ts). */
import type { ClaimRequest, MyClaim, MyEntries } from '../../domain/results.ts';
import { dataAs, http } from './http.ts';

// The public winners' pages read without axios (issue 29).
export { fetchLiveShow, fetchWinners } from './public-results.ts';

export async function fetchMyEntries(lang: 'en' | 'hi', signal?: AbortSignal): Promise<MyEntries> {
  return await dataAs('myEntries', (await http.get('/account/entries', { params: { lang }, signal })).data);
}

export async function submitClaim(request: ClaimRequest): Promise<MyClaim> {
  return await dataAs('myClaim', (await http.post('/account/claims', request)).data);
}
