import type { ApiErrorBody } from '../../domain/api-errors.ts';
import type { ApiErrorCode } from '../../domain/api-errors.ts';
import type { ClientErrorCode } from '../../domain/error-code.ts';
import { LOCATION_ERROR_CODES } from '../../domain/location-answers.ts';

/*
 * What a failed API call is, and what any failed call tells the page, without axios (issue 29):
 * http.ts (the axios instance) and first-get.ts (the first paint's GETs) share it, and http.ts
 * re-exports all of it.
 */

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
const locationCodes = new Set<string>(Object.values(LOCATION_ERROR_CODES));

/**
 * What every failed answer tells the page, whichever client got it: a 401 (unless the caller
 * handles it quietly) to the unauthorized listeners, a location refusal to the location gate.
 */
export function reportFailedAnswer(status: number, code: string | undefined, quietUnauthorized = false): void {
  if (status === 401 && !quietUnauthorized) {
    for (const listener of unauthorizedListeners) listener();
  }
  if (code && locationCodes.has(code) && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<LocationNeededDetail>(LOCATION_NEEDED_EVENT, { detail: { code } }));
  }
}

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

/** An answer's value when `check` (a shape's plain check, without zod) accepts it; else 'Invalid response format'. */
export function validAnswer<T>(value: unknown, check: (value: unknown) => value is T): T {
  if (!check(value)) throw new InvalidResponseError();
  return value;
}

/** What failed in the page itself (domain/error-code.ts): no answer, an answer without data, anything else. */
export type { ClientErrorCode };

/**
 * A failed API call as the screens and machines read it: the catalogue's code (or the client's
 * own), the HTTP status (null: no answer), the server's English message and its fields and details.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode | ClientErrorCode;
  readonly status: number | null;
  readonly fields: Record<string, string>;
  readonly details: unknown;
  constructor(
    code: ApiErrorCode | ClientErrorCode,
    message: string,
    status: number | null,
    extra: { fields?: Record<string, string>; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = extra.fields ?? {};
    this.details = extra.details;
  }
}

/** The ApiError of an answer with an error status, read as apiErrorOf (http.ts) reads axios's. */
export function answeredError(status: number, body: Partial<ApiErrorBody> | undefined): ApiError {
  return new ApiError(body?.code ?? 'UNKNOWN', body?.message || `Request failed with status code ${status}`, status, {
    fields: body?.fields,
    details: body?.details,
  });
}
