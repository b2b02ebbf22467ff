import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminClaimDetailSchema,
  adminClaimRowSchema,
  adminClaimsPageSchema,
  adminClaimsQuerySchema,
  claimIdParamsSchema,
  claimStatusChangeSchema,
  tdsSettingsSchema,
  unclaimedWinnersSchema,
} from '../../../domain/results.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { currentUser } from '../../plugins/session.ts';
import { actorOf } from '../../services/site/audit.service.ts';
import { claimKey } from '../../services/judging/claim-crypto.ts';
import {
  changeClaimStatus,
  listClaims,
  listUnclaimedWinners,
  viewClaim,
} from '../../services/judging/claim.service.ts';
import { setTdsSettings, tdsSettings } from '../../services/judging/results.service.ts';
import { tellAfterAnswer } from '../../services/judging/claim-messages.ts';

/** Prize claims: the list, the decrypted details (every read audited) and the status until the prize is sent. */
export async function claimsAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const key = claimKey(app.secret);

  app.get(
    '/claims',
    { schema: { querystring: adminClaimsQuerySchema, response: { 200: envelope(adminClaimsPageSchema) } } },
    async (request) => {
      return { data: await listClaims(app.db, request.query) };
    },
  );

  // The winners of public results who have not claimed yet (no personal detail beyond the first name).
  app.get('/claims/unclaimed', { schema: { response: { 200: envelope(unclaimedWinnersSchema) } } }, async () => {
    return { data: await listUnclaimedWinners(app.db, app.clock.now()) };
  });

  app.get(
    '/claims/:id',
    { schema: { params: claimIdParamsSchema, response: { 200: envelope(adminClaimDetailSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      void reply.header('cache-control', 'no-store');
      return { data: await viewClaim(app.db, key, id, actorOf(currentUser(request), request.ip), app.clock.now()) };
    },
  );

  app.post(
    '/claims/:id/status',
    {
      schema: {
        params: claimIdParamsSchema,
        body: claimStatusChangeSchema,
        response: { 200: envelope(adminClaimRowSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const claim = await changeClaimStatus(
        app.db,
        id,
        request.body,
        actorOf(currentUser(request), request.ip),
        app.clock.now(),
      );
      // The winner is told of a new status (verified, sent) in their language, once.
      tellAfterAnswer(app, claim.contestId);
      return { data: claim, message: 'The claim has been updated.' };
    },
  );

  app.get('/claims/tds', { schema: { response: { 200: envelope(tdsSettingsSchema) } } }, async () => {
    return { data: await tdsSettings(app.db) };
  });

  app.post(
    '/claims/tds',
    { schema: { body: tdsSettingsSchema, response: { 200: envelope(tdsSettingsSchema) } } },
    async (request) => {
      const data = await setTdsSettings(
        app.db,
        request.body,
        actorOf(currentUser(request), request.ip),
        app.clock.now(),
      );
      return { data, message: 'The TDS rule has been saved.' };
    },
  );
}
