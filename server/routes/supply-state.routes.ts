import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supplyStateAnswerSchema, supplyStateBodySchema } from '../../domain/india-states.ts';
import { perUserLimit } from '../plugins/rate-limits.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { recordSupplyState, supplyStateOf } from '../services/contests/supply-state.service.ts';

/** A person does not move state often: enough to fix a wrong pick a few times. */
export const SUPPLY_STATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

/**
 * The player's state for the tax invoice's place of supply: asked at the first purchase (the
 * checkout's state question) and changed in My Account.
 */
export async function supplyStateRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/account/supply-state',
    { preHandler: requireUser, schema: { response: { 200: envelope(supplyStateAnswerSchema) } } },
    async (request) => ({
      data: await supplyStateOf(app.db, currentUser(request).id, request.sessionIdHash, app.config.invoices.stateCode),
    }),
  );
  app.put(
    '/account/supply-state',
    {
      preHandler: requireUser,
      config: { rateLimit: perUserLimit('supply-state', SUPPLY_STATE_LIMIT) },
      schema: { body: supplyStateBodySchema, response: { 200: envelope(supplyStateAnswerSchema) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await recordSupplyState(app.db, userId, request.body.stateCode, app.clock.now());
      return { data: await supplyStateOf(app.db, userId, request.sessionIdHash, app.config.invoices.stateCode) };
    },
  );
}
