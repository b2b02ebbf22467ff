/** The winners' pages, a player's own entries and the prize claim (server/routes/results.routes.ts, claims.routes.ts). */
import type { ClaimRequest, LiveShow, MyClaim, MyEntries, WinnersPage } from '../../domain/results.ts';
import { dataAs, http } from './http.ts';

export async function fetchLiveShow(lang: 'en' | 'hi', signal?: AbortSignal): Promise<LiveShow> {
  return await dataAs('liveShow', (await http.get('/results/live', { params: { lang }, signal })).data);
}

export async function fetchWinners(
  lang: 'en' | 'hi',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<WinnersPage> {
  return await dataAs(
    'winners',
    (await http.get('/results/winners', { params: { lang, ...(cursor ? { cursor } : {}) }, signal })).data,
  );
}

export async function fetchMyEntries(lang: 'en' | 'hi', signal?: AbortSignal): Promise<MyEntries> {
  return await dataAs('myEntries', (await http.get('/account/entries', { params: { lang }, signal })).data);
}

export async function submitClaim(request: ClaimRequest): Promise<MyClaim> {
  return await dataAs('myClaim', (await http.post('/account/claims', request)).data);
}
