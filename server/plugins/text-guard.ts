import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000). Remove it and try again.';

/** True when a string anywhere inside (object values, array items, keys) holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // Raw bodies (a picture upload as a Buffer or a stream) are bytes, not text.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function')
    return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store U+0000 in text and answers with an error that became a 500; SQLite
 * stores it and truncates it later. No form of the site needs it, so every text input (query,
 * route parameters, JSON body) is refused with a 400 at the edge, before validation and before
 * any query, on both databases alike.
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new AppError(400, 'NUL_IN_TEXT', NUL_MESSAGE);
    }
  });
}
