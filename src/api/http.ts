import axios, { AxiosError } from 'axios';
import { getI18n } from 'react-i18next';
import type { ApiErrorBody } from '../../domain/api-errors.ts';
import { BRAND } from '../../domain/brand.ts';
import type { ApiRefusal } from '../../domain/error-code.ts';
import { ApiError, dataOf, InvalidResponseError, reportFailedAnswer } from './api-error.ts';
import { type Params, registerLoadedClient } from './first-get.ts';
import { type AnswerName, type AnswerOf, checked } from './checked.ts';

export type { ApiErrorBody };
export {
  ApiError,
  type ClientErrorCode,
  dataOf,
  InvalidResponseError,
  LOCATION_NEEDED_EVENT,
  type LocationNeededDetail,
  onUnauthorized,
  validAnswer,
} from './api-error.ts';

/**
 * The one axios instance. Cookies carry the session; nothing secret lives in the page. The CSRF
 * check is the X-Requested-With header (server/plugins/session.ts), never a token cookie: axios's
 * own XSRF cookie read is off (withXSRFToken), since in a browser with the Cookie Store API it
 * holds every same-origin request back until cookieStore.get('XSRF-TOKEN') answers, a round trip
 * to the browser of 100-440 ms while a game screen loads at 4x (issue 29).
 */
export const http = axios.create({
  baseURL: '/api/v1',
  withCredentials: true,
  withXSRFToken: false,
  timeout: 30_000,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
});

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A call made in the background of a page (the header's cart count): its 401 goes back to
     * the caller alone, who ends the session quietly instead of sending the visitor to /login.
     */
    quietUnauthorized?: boolean;
  }
}

http.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response) {
    const code = (error.response.data as Partial<ApiErrorBody> | undefined)?.code;
    reportFailedAnswer(error.response.status, code, error.config?.quietUnauthorized);
  }
  return Promise.reject(error);
});

// The first paint's GETs (first-get.ts) go through this instance once it is here; their callers
// check the answers (checked.ts, or a plain guard as country.ts's).
registerLoadedClient({
  async get<T>(url: string, params?: Params, signal?: AbortSignal): Promise<T> {
    try {
      return dataOf<T>((await http.get(url, { params, signal })).data);
    } catch (error) {
      throw apiErrorOf(error);
    }
  },
});

/** The one reading of a failed call: an axios error's answer body, or what went wrong in the page. */
export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (!error.response) return new ApiError('NETWORK', error.message, null);
    return new ApiError(body?.code ?? 'UNKNOWN', body?.message || error.message, error.response.status, {
      fields: body?.fields,
      details: body?.details,
    });
  }
  if (error instanceof InvalidResponseError) return new ApiError('INVALID_RESPONSE', error.message, null);
  return new ApiError('UNKNOWN', error instanceof Error ? error.message : String(error), null);
}

/** A `{ data }` answer's data, checked against the domain schema of `answer` (checked.ts). */
export const dataAs = <K extends AnswerName>(answer: K, body: unknown): Promise<AnswerOf<K>> =>
  checked(answer, dataOf<unknown>(body));

/** A call whose answer is `{ data }` (checked as `answer`): the data, or an ApiError. */
export async function apiCall<K extends AnswerName>(
  answer: K,
  request: () => Promise<{ data: unknown }>,
): Promise<AnswerOf<K>> {
  try {
    return await dataAs(answer, (await request()).data);
  } catch (error) {
    throw apiErrorOf(error);
  }
}

/**
 * The server's message in the language the site shows: on the Hindi site, the translation of its
 * code (common.json `serverErrors`) when there is one. English is the server's own text, in the
 * spec's words, as it came.
 */
function shownMessage(code: string | undefined, message: string, details?: unknown): string {
  // The instance the screens translate with (registered by initReactI18next).
  const i18next = getI18n() as ReturnType<typeof getI18n> | undefined;
  if (!code || !i18next?.isInitialized || (i18next.resolvedLanguage ?? i18next.language ?? 'en').startsWith('en'))
    return message;
  // Any code may come; the key is looked up before it is used, so its type is not the catalogue's.
  const key = `serverErrors.${code}` as 'serverErrors.LOGIN_FAILED';
  if (!i18next.exists(key, { ns: 'common' })) return message;
  const shown = String(i18next.t(key, { ns: 'common', email: BRAND.supportEmail, ...numbersOf(details) }));
  // A count the answer did not carry would show as {{name}}: the server's own words say more.
  return shown.includes('{{') ? message : shown;
}

/** The counts of an answer's `details` (ERROR_DETAIL_KEYS), for the translation's placeholders. */
function numbersOf(details: unknown): Record<string, number> {
  if (typeof details !== 'object' || details === null) return {};
  return Object.fromEntries(Object.entries(details).filter(([, value]) => typeof value === 'number'));
}

/** The server's answer of a failed call (apiErrorOf's reading), or null when none came. */
function answerOf(error: unknown): ApiError | null {
  const failure = apiErrorOf(error);
  return failure.status === null ? null : failure;
}

/** The server's message (translated by its code), else the error's own, else the given fallback (spec section 8 order). */
export function errorMessageOf(error: unknown, fallback: string): string {
  const answer = answerOf(error);
  if (answer?.message) return shownMessage(answer.code, answer.message, answer.details);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A refusal a machine kept (domain/error-code.ts refusalOf), in the site's language as errorMessageOf says it. */
export function refusalText(refusal: ApiRefusal): string {
  return shownMessage(refusal.code, refusal.message, refusal.details);
}

/** The server's messages per field; one that repeats the answer's message is translated with it. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const answer = answerOf(error);
  if (!answer) return {};
  return Object.fromEntries(
    Object.entries(answer.fields).map(([name, message]) => [
      name,
      message === answer.message ? shownMessage(answer.code, message, answer.details) : message,
    ]),
  );
}
