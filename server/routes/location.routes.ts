import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { locationClaimBodySchema, locationStatusSchema } from '../../domain/location.ts';
import { perUserLimit } from '../plugins/rate-limits.ts';
import { requireUser } from '../plugins/session.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { checkDeviceLocation, locationStatus } from '../services/contests/location.service.ts';

/** At most this many location checks per player in ten minutes (a page asks once per visit). */
export const LOCATION_CHECK_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** Where play is allowed: the page's view of the gate, and the device's location check. */
export async function locationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const context = () => ({ db: app.db, config: app.config.location, secret: app.secret, now: app.clock.now() });

  app.get('/location', { schema: { response: { 200: envelope(locationStatusSchema) } } }, async (request) => {
    return { data: await locationStatus(context(), request.ip, request.sessionIdHash) };
  });

  app.post(
    '/location',
    {
      preHandler: requireUser,
      bodyLimit: 4 * 1024,
      config: { rateLimit: perUserLimit('location', LOCATION_CHECK_LIMIT) },
      schema: { body: locationClaimBodySchema, response: { 200: envelope(locationStatusSchema) } },
    },
    async (request) => {
      const { latitude, longitude } = request.body;
      return { data: await checkDeviceLocation(context(), request.ip, request.sessionIdHash!, latitude, longitude) };
    },
  );
}
