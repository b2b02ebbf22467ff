/*
 * The winners' circle and the live show as the public pages read them on their first paint:
 * by firstGet, so a visitor's page needs no axios before it settles (issue 29); results.ts
 * re-exports them.
 */
import type { LiveShow, WinnersPage } from '../../domain/results.ts';
import { checked } from './checked.ts';
import { firstGet } from './first-get.ts';

export async function fetchLiveShow(lang: 'en' | 'hi', signal?: AbortSignal): Promise<LiveShow> {
  return checked('liveShow', await firstGet('/results/live', { lang }, signal));
}

export async function fetchWinners(
  lang: 'en' | 'hi',
  cursor: string | null,
  signal?: AbortSignal,
): Promise<WinnersPage> {
  return checked('winners', await firstGet('/results/winners', { lang, ...(cursor ? { cursor } : {}) }, signal));
}
