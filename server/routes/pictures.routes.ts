import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { findServableVariant } from '../services/picture.service.ts';

/** Any id and variant is a fair question; what is not a served display copy is simply not found. */
const paramsSchema = z.object({ id: z.string(), variant: z.string() });

/** A picture id never changes content, so browsers and CDNs may keep a copy for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function picturesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/pictures/:id/:variant', { schema: { params: paramsSchema } }, async (request, reply) => {
    const { id, variant } = request.params as z.output<typeof paramsSchema>;
    const file = await findServableVariant(app.db, app.pictures, id, variant);
    if (!file) throw notFound('Picture not found');
    void reply.header('etag', file.etag).header('cache-control', IMMUTABLE);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*')) {
      return reply.status(304).send();
    }
    return reply.type(file.mime).header('content-length', file.bytes).send(file.body);
  });
}
