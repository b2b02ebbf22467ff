import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../domain/api-errors.ts';
import { AppError } from '../errors.ts';
import { messageFor } from '../validation-messages.ts';

/** Turns zod issues into one message per field, in the spec's words. */
function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= messageFor(issue.message);
  }
  return fields;
}

/**
 * The one place that decides what an error looks like on the wire. 4xx errors carry their
 * message; a 5xx never shows its internals, only a generic sentence and the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    const validation = (error as FastifyError).validation;
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details !== undefined ? { details: error.details } : {}),
      };
    } else if (error instanceof ZodError || cause instanceof ZodError || validation) {
      const zodError = error instanceof ZodError ? error : cause instanceof ZodError ? cause : undefined;
      const fields = zodError
        ? fieldsOf(zodError)
        : Object.fromEntries(
            (validation ?? []).map((v) => [
              v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_',
              v.message ?? 'Invalid value',
            ]),
          );
      status = 400;
      body = {
        message: Object.values(fields)[0] ?? 'Please check the form and try again.',
        code: 'VALIDATION_FAILED',
        fields,
      };
    } else if (typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500) {
      status = (error as FastifyError).statusCode!;
      // The framework's own refusals (a body too large, a wrong content type): its words, our code.
      body = { message: error.message, code: 'BAD_REQUEST' };
    } else {
      status = 500;
      request.log.error({ err: error }, 'request failed');
      body = { message: `Something went wrong on our side. Please try again. (ref ${request.id})`, code: 'INTERNAL' };
    }
    if (status >= 500 && error instanceof AppError) request.log.error({ err: error }, 'request failed');
    if (body.code === 'RATE_LIMITED')
      app.metrics.rateLimitRefusals.inc({ route: request.routeOptions.url ?? 'unmatched' });
    void reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
