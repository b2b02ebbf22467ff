import { AxiosError } from 'axios';
import type { PressArticle, PressLanguage, PressList, PressListQuery } from '../../domain/press.ts';
import { dataAs, http } from './http.ts';

export async function fetchPressList(query: PressListQuery, signal?: AbortSignal): Promise<PressList> {
  const res = await http.get('/press', { params: query, signal });
  return await dataAs('pressList', res.data);
}

export async function fetchPressArticle(id: string, lang: PressLanguage, signal?: AbortSignal): Promise<PressArticle> {
  const res = await http.get(`/press/${encodeURIComponent(id)}`, { params: { lang }, signal });
  return await dataAs('pressArticle', res.data);
}

/** The API's 'Article not found': the page shows its not-found screen instead of an error. */
export function isNotFound(error: unknown): boolean {
  return error instanceof AxiosError && error.response?.status === 404;
}
