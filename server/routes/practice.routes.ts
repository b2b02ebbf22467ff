import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  practiceNextQuerySchema,
  practicePairParamsSchema,
  practicePairSchema,
  practiceResultSchema,
  practiceSubmitSchema,
} from '../../domain/practice.ts';
import { notFound } from '../errors.ts';
import { phoneCopyQuerySchema, sendPicture } from './pictures.routes.ts';
import { emptyAnswer, envelope, pictureAnswers } from '../plugins/zod-schemas.ts';
import { findServableVariant, variantUrl } from '../services/pictures/serving.ts';
import { firstPracticePictureId, nextPracticePair, submitPractice } from '../services/contests/practice.service.ts';

/** A practice game is free and quick; this only stops a script from hammering the judge. */
export const PRACTICE_SUBMIT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export async function practiceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/practice/pairs/next',
    { schema: { querystring: practiceNextQuerySchema, response: { 200: envelope(practicePairSchema) } } },
    async (request, reply) => {
      const { after } = request.query;
      void reply.header('cache-control', 'no-store');
      return { data: await nextPracticePair(app.db, app.pictures, after) };
    },
  );

  // The first game's picture (what /practice/pairs/next answers without `after`), by a redirect to
  // its small variant, cached for good under that address: the practice screen's HTML names it
  // in a preload header (static-site.ts), so the stage finds it in the browser's cache.
  app.get(
    '/practice/pairs/first/picture',
    {
      schema: {
        querystring: phoneCopyQuerySchema,
        response: { ...pictureAnswers, 302: emptyAnswer('Found: the small copy of the first practice picture') },
      },
    },
    async (request, reply) => {
      const pictureId = await firstPracticePictureId(app.db);
      // The phone copy (`?w=800`) is sent as it is; the small copy by a redirect to its address.
      const { w } = request.query;
      if (!w) return reply.header('cache-control', 'no-cache').redirect(variantUrl(pictureId, 'small'), 302);
      const file = await findServableVariant(app.db, app.pictures, pictureId, 'small');
      if (!file) throw notFound('The practice picture has no display copy.');
      return sendPicture(request, reply, file, 'no-cache', true);
    },
  );

  app.post(
    '/practice/pairs/:pairId/submit',
    {
      schema: {
        params: practicePairParamsSchema,
        body: practiceSubmitSchema,
        response: { 200: envelope(practiceResultSchema) },
      },
      bodyLimit: 16 * 1024,
      config: { rateLimit: PRACTICE_SUBMIT_RATE_LIMIT },
    },
    async (request, reply) => {
      const { pairId } = request.params;
      const { tickets } = request.body;
      void reply.header('cache-control', 'no-store');
      return { data: await submitPractice(app.db, app.pictures, pairId, tickets) };
    },
  );
}
