/**
 * An error the client is meant to read: its status, a stable code and a message in the
 * spec's words. Anything else that reaches the error handler is an internal failure and is
 * answered without its details.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** More for the client to show (the restricted area of AREA_RESTRICTED). */
  readonly details: unknown;

  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string>, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
