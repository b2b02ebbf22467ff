import type { ApiErrorBody } from '../../domain/api-errors.ts';
import { ApiError, answeredError, dataOf, InvalidResponseError, reportFailedAnswer } from './api-error.ts';

/** A query's values, written into the address as text (axios's way with a number). */
export type Params = Record<string, string | number>;

interface LoadedClient {
  get: <T>(url: string, params?: Params, signal?: AbortSignal) => Promise<T>;
}

let loaded: LoadedClient | null = null;

/** http.ts, once loaded, takes the first paint's GETs too: one client from then on. */
export function registerLoadedClient(client: LoadedClient): void {
  loaded = client;
}

/**
 * A GET a public page makes on its first paint (the current contests, the country check, the
 * results, the site's settings, the press), under /api/v1, answering `{ data }` or an ApiError as
 * apiCall (http.ts) does. By the axios instance once a screen has loaded it; before that by fetch
 * with the same header, cookies, timeout and reading of failures, so that a public page needs no
 * axios before it settles (issue 29).
 */
export function firstGet<T>(url: string, params?: Params, signal?: AbortSignal): Promise<T> {
  return loaded ? loaded.get<T>(url, params, signal) : fetchGet<T>(url, params, signal);
}

const TIMEOUT_MS = 30_000;

/** firstGet's way without axios (exported for its test). */
export async function fetchGet<T>(url: string, params?: Params, signal?: AbortSignal): Promise<T> {
  const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined;
  const signals = [timeout, signal].filter((one): one is AbortSignal => one !== undefined);
  const ended = signals.length > 1 && typeof AbortSignal.any === 'function' ? AbortSignal.any(signals) : signals[0];
  // A record's values are read as text (WebIDL's record<USVString, USVString>): page 2 is 'page=2'.
  const query = params ? `?${new URLSearchParams(params as Record<string, string>).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(`/api/v1${url}${query}`, {
      headers: { Accept: 'application/json, text/plain, */*', 'X-Requested-With': 'XMLHttpRequest' },
      // As the axios instance's withCredentials: the same request, so the server's preload of a
      // page's first answer (static-site.ts, crossorigin=use-credentials) serves either.
      credentials: 'include',
      ...(ended ? { signal: ended } : {}),
    });
  } catch (error) {
    throw new ApiError('NETWORK', error instanceof Error ? error.message : String(error), null);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text as it came, as axios keeps it.
  }
  if (!response.ok) {
    const answer = typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : undefined;
    reportFailedAnswer(response.status, answer?.code);
    throw answeredError(response.status, answer);
  }
  try {
    return dataOf<T>(body);
  } catch (error) {
    if (error instanceof InvalidResponseError) throw new ApiError('INVALID_RESPONSE', error.message, null);
    throw error;
  }
}
