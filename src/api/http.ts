import axios, { AxiosError } from 'axios';
import { getI18n } from 'react-i18next';
import { BRAND } from '../../domain/brand.ts';

/** The shape of every error body the API sends (server/plugins/error-handler.ts). */
export interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  /** Machine-readable detail of some codes, e.g. AREA_RESTRICTED's LocationRestriction. */
  details?: unknown;
}

/** The one axios instance. Cookies carry the session; nothing secret lives in the page. */
export const http = axios.create({
  baseURL: '/api/v1',
  withCredentials: true,
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

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Any 401 ends the session in the page. The interceptor only reports it; the session
 * machine decides what happens (clear the marker, go to /login), and the error still flows
 * back to whoever made the call.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Window event for a cart, ticket or payment call refused by the location gate
 * (LOCATION_REQUIRED: the session's check expired; AREA_RESTRICTED). The location gate on the
 * page listens and checks again; the error still goes back to the caller.
 */
export const LOCATION_NEEDED_EVENT = 'cricspot:location-needed';
export type LocationNeededDetail = { code: string };
// LOCATION_ERROR_CODES of domain/location.ts, spelled out: importing it would bring zod along.
const locationCodes = new Set<string>(['LOCATION_REQUIRED', 'AREA_RESTRICTED']);

http.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && !error.config?.quietUnauthorized) {
    for (const listener of unauthorizedListeners) listener();
  }
  const code =
    error instanceof AxiosError ? (error.response?.data as Partial<ApiErrorBody> | undefined)?.code : undefined;
  if (code && locationCodes.has(code) && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<LocationNeededDetail>(LOCATION_NEEDED_EVENT, { detail: { code } }));
  }
  return Promise.reject(error);
});

/** 'Invalid response format' (spec section 8): a success answer without its data. */
export class InvalidResponseError extends Error {
  constructor() {
    super('Invalid response format');
    this.name = 'InvalidResponseError';
  }
}

export function dataOf<T>(body: unknown): T {
  if (typeof body !== 'object' || body === null || !('data' in body) || (body as { data: unknown }).data === undefined)
    throw new InvalidResponseError();
  return (body as { data: T }).data;
}

/**
 * The server's message in the language the site shows: on the Hindi site, the translation of its
 * code (common.json `serverErrors`) when there is one. English is the server's own text, in the
 * spec's words, as it came.
 */
function shownMessage(code: string | undefined, message: string): string {
  // The instance the screens translate with (registered by initReactI18next).
  const i18next = getI18n() as ReturnType<typeof getI18n> | undefined;
  if (!code || !i18next?.isInitialized || (i18next.resolvedLanguage ?? i18next.language ?? 'en').startsWith('en'))
    return message;
  // Any code may come; the key is looked up before it is used, so its type is not the catalogue's.
  const key = `serverErrors.${code}` as 'serverErrors.LOGIN_FAILED';
  return i18next.exists(key, { ns: 'common' })
    ? String(i18next.t(key, { ns: 'common', email: BRAND.supportEmail }))
    : message;
}

/** The server's message (translated by its code), else the error's own, else the given fallback (spec section 8 order). */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body?.message) return shownMessage(body.code, body.message);
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's messages per field; one that repeats the answer's message is translated with it. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof AxiosError)) return {};
  const body = error.response?.data as Partial<ApiErrorBody> | undefined;
  return Object.fromEntries(
    Object.entries(body?.fields ?? {}).map(([name, message]) => [
      name,
      message === body?.message ? shownMessage(body.code, message) : message,
    ]),
  );
}
