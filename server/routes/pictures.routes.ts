import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHONE_PICTURE_WIDTH } from '../../domain/site-paths.ts';
import { notFound } from '../errors.ts';
import { pictureAnswers } from '../plugins/zod-schemas.ts';
import { findServableVariant, phoneCopyOf, type ServableFile } from '../services/pictures/serving.ts';

/** Any id and variant is a fair question; what is not a served display copy is simply not found. */
const paramsSchema = z.object({ id: z.string(), variant: z.string() });

/** A picture id never changes content, so browsers and CDNs may keep a copy for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `?w=800`: the phone copy of a page's first picture (the stable addresses of issue 13). */
const PHONE_WIDTH = String(PHONE_PICTURE_WIDTH);
export const phoneCopyQuerySchema = z.object({
  w: z.enum([PHONE_WIDTH], { message: `w may only be ${PHONE_WIDTH}` }).optional(),
});

/** Sends a picture with its ETag (304 when the browser has it), as the phone copy when asked. */
export async function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  found: ServableFile,
  cacheControl: string,
  phoneCopy = false,
) {
  const file = phoneCopy ? await phoneCopyOf(found) : found;
  void reply.header('etag', file.etag).header('cache-control', cacheControl);
  if (file.url) void reply.header('content-location', file.url);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*')) {
    if (!Buffer.isBuffer(file.body)) file.body.destroy();
    return reply.status(304).send();
  }
  return reply.type(file.mime).header('content-length', file.bytes).send(file.body);
}

export async function picturesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/pictures/:id/:variant',
    { schema: { params: paramsSchema, querystring: phoneCopyQuerySchema, response: pictureAnswers } },
    async (request, reply) => {
      const { id, variant } = request.params;
      const file = await findServableVariant(app.db, app.pictures, id, variant);
      if (!file) throw notFound('Picture not found');
      // `?w=800`: the phone copy of the winners' pages' first picture (domain/site-paths.ts resultPicture).
      return sendPicture(request, reply, file, IMMUTABLE, request.query.w !== undefined);
    },
  );
}
