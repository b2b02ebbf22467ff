import { type ApiErrorCode, SERVER_ERROR_MESSAGES } from '../domain/api-errors.ts';
import { TICKET_REASON_ERROR_CODES, type TicketRuleReason, ticketReasonMessage } from '../domain/tickets.ts';

/**
 * An error the client is meant to read: its status, a code of the catalogue (domain/api-errors.ts)
 * and a message in the spec's words. Anything else that reaches the error handler is an internal
 * failure and is answered without its details.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** More for the client to show: ERROR_DETAIL_KEYS's numbers, AREA_RESTRICTED's restriction. */
  readonly details: unknown;

  constructor(
    statusCode: number,
    code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
    details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export const notFound = (message: string = SERVER_ERROR_MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);

/** A broken ticket rule (cart or practice), with the count ONLY_N_AVAILABLE's sentence needs. */
export const ticketRefused = (reason: TicketRuleReason, status = 400) =>
  new AppError(
    status,
    TICKET_REASON_ERROR_CODES[reason.code],
    ticketReasonMessage(reason),
    undefined,
    reason.code === 'onlyNAvailable' ? { available: reason.available } : undefined,
  );

/** Too many requests from one client or for one key: the seconds to wait go in `details` too. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', SERVER_ERROR_MESSAGES.rateLimited({ retryAfterSeconds }), undefined, {
    retryAfterSeconds,
  });
