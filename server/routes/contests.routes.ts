import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { currentContestsSchema, langQuerySchema } from '../../domain/contests.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { notFound } from '../errors.ts';
import { contestView, currentContests, currentPictureUrl, paidPlayView } from '../services/contest.service.ts';

/** How long anyone may keep the anonymous answer of GET /contests/current. */
export const ANONYMOUS_CACHE_CONTROL = 'public, max-age=5';

/** Public: the home page shows the contest to everyone; a logged-in caller also sees their own tickets. */
export async function contestsRoutes(app: FastifyInstance): Promise<void> {
  // The current contest's picture, for the pre-rendered home page's card (issue 13): a redirect to
  // its small variant (cached for good under that address), so the card finds it in the cache.
  app.get('/contests/current/picture', async (_request, reply) => {
    const url = await currentPictureUrl(app.db, app.pictures, app.clock.now());
    if (!url) throw notFound('No contest is running or coming up.');
    return reply.header('cache-control', 'no-cache').redirect(url, 302);
  });

  app.get('/contests/current', { schema: { querystring: langQuerySchema, response: { 200: envelope(currentContestsSchema) } } }, async (request, reply) => {
    const { lang } = request.query as z.output<typeof langQuerySchema>;
    const now = app.clock.now();
    const userId = request.user?.id;
    const { current, next } = await currentContests(app.db, now);
    const view = (row: typeof current) => (row ? contestView(app.db, app.pictures, row, { now, lang, userId }) : Promise.resolve(null));
    const [currentView, nextView, paidPlay] = await Promise.all([view(current), view(next), paidPlayView(app.db, app.config.paidPlayDefault)]);
    // A visitor without a session cookie gets the same answer as every other such visitor: the
    // browser and any shared cache in front of us may keep it a few seconds (the home page's
    // crowd then costs one request per cache per 5 s). An answer to a session cookie carries the
    // player's own tickets (or clears a dead cookie) and is never stored. Vary: Cookie keeps a
    // cache from handing the anonymous copy to a logged-in request.
    const anonymous = userId === undefined && request.cookies[SESSION_COOKIE] === undefined;
    void reply.header('cache-control', anonymous ? ANONYMOUS_CACHE_CONTROL : 'private, no-store').header('vary', 'Cookie');
    return { data: { current: currentView, next: nextView, paidPlay } };
  });
}
