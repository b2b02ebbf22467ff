import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentContestsSchema, isPaidPlaySuspended, langQuerySchema } from '../../domain/contests.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { envelope, pictureAnswers } from '../plugins/zod-schemas.ts';
import { notFound } from '../errors.ts';
import { phoneCopyQuerySchema, sendPicture } from './pictures.routes.ts';
import {
  confirmedTicketCount,
  contestView,
  currentContests,
  currentPictureFile,
  paidPlayView,
} from '../services/contests/contest.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

/** How long anyone may keep the anonymous answer of GET /contests/current. */
export const ANONYMOUS_CACHE_CONTROL = 'public, max-age=5';

/** Public: the home page shows the contest to everyone; a logged-in caller also sees their own tickets. */
export async function contestsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The current contest's picture (its small copy), for the home page's card from the first
  // paint (issue 13): one stable address the server also preloads with the page, answered with
  // the bytes (no redirect: a phone saves a round trip), revalidated on each visit by its ETag;
  // `?w=640` gives the phone copy.
  app.get(
    '/contests/current/picture',
    { schema: { querystring: phoneCopyQuerySchema, response: pictureAnswers } },
    async (request, reply) => {
      const file = await currentPictureFile(app.db, app.pictures, app.clock.now());
      if (!file) throw notFound(SERVER_ERROR_MESSAGES.noContestComingUp);
      const { w } = request.query;
      return sendPicture(request, reply, file, 'no-cache', w !== undefined);
    },
  );

  app.get(
    '/contests/current',
    { schema: { querystring: langQuerySchema, response: { 200: envelope(currentContestsSchema) } } },
    async (request, reply) => {
      const { lang } = request.query;
      const now = app.clock.now();
      const userId = request.user?.id;
      const [{ current, next, cancelled, awaitingShow }, paidPlay] = await Promise.all([
        currentContests(app.db, now),
        paidPlayView(app.db, app.config.paidPlayDefault, app.payments !== null),
      ]);
      // While the switch is off every contest is free to enter, so no price goes out (issue 26).
      const entry = { fees: app.config.billing, paidPlayOn: !isPaidPlaySuspended(paidPlay) };
      const view = (row: typeof current) =>
        row ? contestView(app.db, app.pictures, row, { now, lang, userId, entry }) : Promise.resolve(null);
      const [currentView, nextView] = await Promise.all([view(current), view(next)]);
      // A visitor without a session cookie gets the same answer as every other such visitor: the
      // browser and any shared cache in front of us may keep it a few seconds (the home page's
      // crowd then costs one request per cache per 5 s). An answer to a session cookie carries the
      // player's own tickets (or clears a dead cookie) and is never stored. Vary: Cookie keeps a
      // cache from handing the anonymous copy to a logged-in request.
      const anonymous = userId === undefined && request.cookies[SESSION_COOKIE] === undefined;
      void reply
        .header('cache-control', anonymous ? ANONYMOUS_CACHE_CONTROL : 'private, no-store')
        .header('vary', 'Cookie');
      const note = cancelled
        ? {
            cancelled: {
              slot: cancelled.slot,
              reason: cancelled.cancel_reason,
              cancelledAt: new Date(Number(cancelled.cancelled_at)).toISOString(),
            },
          }
        : {};
      const waiting = awaitingShow
        ? {
            awaitingShow: {
              slot: awaitingShow.slot,
              showAt: new Date(Number(awaitingShow.show_at)).toISOString(),
              myTickets: userId === undefined ? 0 : await confirmedTicketCount(app.db, awaitingShow.id, userId),
            },
          }
        : {};
      return { data: { current: currentView, next: nextView, paidPlay, ...note, ...waiting } };
    },
  );
}
