import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { currentContestsSchema, langQuerySchema } from '../../domain/contests.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { contestView, currentContests, paidPlayView } from '../services/contest.service.ts';

/** Public: the home page shows the contest to everyone; a logged-in caller also sees their own tickets. */
export async function contestsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/contests/current', { schema: { querystring: langQuerySchema, response: { 200: envelope(currentContestsSchema) } } }, async (request, reply) => {
    const { lang } = request.query as z.output<typeof langQuerySchema>;
    const now = app.clock.now();
    const userId = request.user?.id;
    const { current, next } = await currentContests(app.db, now);
    const view = (row: typeof current) => (row ? contestView(app.db, app.pictures, row, { now, lang, userId }) : Promise.resolve(null));
    const [currentView, nextView, paidPlay] = await Promise.all([view(current), view(next), paidPlayView(app.db, app.config.paidPlayDefault)]);
    void reply.header('cache-control', 'no-store');
    return { data: { current: currentView, next: nextView, paidPlay } };
  });
}
