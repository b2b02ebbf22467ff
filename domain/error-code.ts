/**
 * Reading a failed call the way machines do: its API code, and the refusal a screen says in the
 * reader's language. Apart from api-errors.ts, whose catalogue imports every area's rules: a
 * machine that reads a code needs none of them (only the catalogue's type).
 */
import type { ApiErrorCode } from './api-errors.ts';

/**
 * The codes of what failed in the page itself, not on the server (src/api/http.ts ApiError): no
 * answer came, an answer came without its data, anything else. They are no API code.
 */
export const CLIENT_ERROR_CODES = ['NETWORK', 'INVALID_RESPONSE', 'UNKNOWN'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

const clientCodes: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

/**
 * The API's code of a failed call (the app's ApiError, or any error carrying a `code`); null when
 * there is none: an error without a code, or one of the page's own (CLIENT_ERROR_CODES).
 */
export function errorCodeOf(error: unknown): ApiErrorCode | null {
  const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code !== '' && !clientCodes.has(code) ? (code as ApiErrorCode) : null;
}

/**
 * A refusal the server answered with, as a machine keeps it: the screen says it in the reader's
 * language by its code (src/api/http.ts refusalText), the server's English words when it has none.
 */
export interface ApiRefusal {
  code: ApiErrorCode;
  /** The server's English text, in the spec's words where it has them. */
  message: string;
  /** The HTTP status of the answer. */
  status: number;
  /** The numbers the code's text needs (ERROR_DETAIL_KEYS), when it carries any. */
  details?: unknown;
}

/** The refusal behind a failed call: an answer with a status, a code and a message; else null (no answer). */
export function refusalOf(error: unknown): ApiRefusal | null {
  const code = errorCodeOf(error);
  if (code === null) return null;
  const { status, message, details } = error as { status?: unknown; message?: unknown; details?: unknown };
  if (typeof status !== 'number' || typeof message !== 'string' || message === '') return null;
  return details === undefined ? { code, message, status } : { code, message, status, details };
}
