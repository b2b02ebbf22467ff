import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../domain/push.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { subscribe, subscriptionCount, unsubscribe } from '../services/accounts/push.service.ts';

const stateSchema = envelope(z.object({ subscriptions: z.number().int() }));
/** A browser subscribes once; a few tries an hour cover every retry. */
const SUBSCRIBE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

/** Web Push: the public key browsers subscribe with, and a player's subscriptions. */
export async function pushRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/push/key', { schema: { response: { 200: envelope(pushKeySchema) } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=3600');
    return { data: { publicKey: app.push.publicKey } };
  });

  app.register(async (scope) => {
    const mine = scope.withTypeProvider<ZodTypeProvider>();
    mine.addHook('onRequest', requireUser);
    mine.post(
      '/push/subscriptions',
      {
        schema: { body: pushSubscriptionSchema, response: { 200: stateSchema } },
        bodyLimit: 8 * 1024,
        config: { rateLimit: SUBSCRIBE_LIMIT },
      },
      async (request) => {
        const body = request.body;
        const user = currentUser(request);
        await subscribe(app.db, {
          userId: user.id,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          lang: body.lang,
          now: app.clock.now(),
          isProduction: app.config.isProduction,
        });
        return { data: { subscriptions: await subscriptionCount(app.db, user.id) }, message: 'Notifications are on.' };
      },
    );
    mine.delete(
      '/push/subscriptions',
      { schema: { body: pushUnsubscribeSchema, response: { 200: stateSchema } }, bodyLimit: 8 * 1024 },
      async (request) => {
        const { endpoint } = request.body;
        const user = currentUser(request);
        await unsubscribe(app.db, user.id, endpoint);
        return { data: { subscriptions: await subscriptionCount(app.db, user.id) }, message: 'Notifications are off.' };
      },
    );
  });
}
