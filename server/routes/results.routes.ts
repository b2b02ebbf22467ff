import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langQuerySchema } from '../../domain/contests.ts';
import { liveShowSchema, winnersPageSchema, winnersQuerySchema } from '../../domain/results.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { listWinners, liveShow } from '../services/judging/results.service.ts';

/** Public: the next live show and the published results (/live_weekly_winner, /the_winners_circle). */
export async function resultsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/results/live',
    { schema: { querystring: langQuerySchema, response: { 200: envelope(liveShowSchema) } } },
    async (request, reply) => {
      const { lang } = request.query;
      void reply.header('cache-control', 'no-store');
      return { data: await liveShow(app.db, app.pictures, app.clock.now(), lang) };
    },
  );

  app.get(
    '/results/winners',
    { schema: { querystring: winnersQuerySchema, response: { 200: envelope(winnersPageSchema) } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await listWinners(app.db, app.pictures, request.query, app.clock.now()) };
    },
  );
}
