import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langQuerySchema } from '../../domain/contests.ts';
import { claimRequestSchema, myClaimSchema, myEntriesSchema } from '../../domain/results.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { actorOf } from '../services/site/audit.service.ts';
import { claimKey } from '../services/judging/claim-crypto.ts';
import { myClaim, submitClaim } from '../services/judging/claim.service.ts';
import { myEntries } from '../services/judging/results.service.ts';
import { tellAfterAnswer } from '../services/judging/claim-messages.ts';
import { pageLanguage } from '../plugins/static-site.ts';

/** Claims are personal data: a few tries an hour are plenty for a form filled once. */
const CLAIM_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

/** The logged-in player's entries with their results, and the winner's prize claim. */
export async function claimsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);
  const key = claimKey(app.secret);

  app.get(
    '/account/entries',
    { schema: { querystring: langQuerySchema, response: { 200: envelope(myEntriesSchema) } } },
    async (request, reply) => {
      const { lang } = request.query;
      const user = currentUser(request);
      void reply.header('cache-control', 'no-store');
      const contests = await myEntries(app.db, app.pictures, {
        userId: user.id,
        now: app.clock.now(),
        lang,
        claimOf: (contest, tax) => myClaim(app.db, key, contest.id, user.id, tax),
      });
      return { data: { contests } };
    },
  );

  app.post(
    '/account/claims',
    {
      schema: { body: claimRequestSchema, response: { 200: envelope(myClaimSchema) } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: CLAIM_LIMIT },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      void reply.header('cache-control', 'no-store');
      const claim = await submitClaim(app.db, key, {
        userId: user.id,
        contestId: body.contestId,
        details: body.details,
        lang: body.lang ?? pageLanguage(request),
        actor: actorOf(user, request.ip),
        now: app.clock.now(),
      });
      // The winner is told the claim was received (once; the notices job retries a failed send).
      tellAfterAnswer(app, body.contestId);
      return { data: claim, message: 'Your prize claim has been received.' };
    },
  );
}
