import type { PressArticle, PressLanguage, PressList, PressListQuery } from '../../domain/press.ts';
import { ApiError } from './api-error.ts';
import { checked } from './checked.ts';
import { firstGet } from './first-get.ts';

/*
 * The press pages' answers, by firstGet: a visitor's press page needs no axios before it settles
 * (issue 29). The list's address is written as the server's preload of it writes it
 * (domain/site-paths.ts firstAnswerUrls: lang, then page).
 */

export async function fetchPressList(query: PressListQuery, signal?: AbortSignal): Promise<PressList> {
  return await checked('pressList', await firstGet('/press', { lang: query.lang, page: query.page }, signal));
}

export async function fetchPressArticle(id: string, lang: PressLanguage, signal?: AbortSignal): Promise<PressArticle> {
  return await checked('pressArticle', await firstGet(`/press/${encodeURIComponent(id)}`, { lang }, signal));
}

/** The API's 'Article not found': the page shows its not-found screen instead of an error. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
