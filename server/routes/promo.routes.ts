import { mayPlay } from '../plugins/location-gate.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyPromoBodySchema, promoAnswerSchema, removePromoBodySchema } from '../../domain/payments.ts';
import type { Bill } from '../../domain/money.ts';
import { PROMO_APPLY_LIMIT, perUserLimit } from '../plugins/rate-limits.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { billFor } from '../services/cart/shared.ts';
import { getCart } from '../services/cart/cart.service.ts';
import { appliedPromoCode, applyPromo, removePromo } from '../services/cart/promo.service.ts';

export async function promoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  /** The contest's bill as the cart shows it (an empty cart bills nothing). */
  async function answer(userId: string, contestId: string) {
    const cart = await getCart(app.db, userId, {
      billing: app.config.billing,
      now: app.clock.now(),
      paidPlayDefault: app.config.paidPlayDefault,
    });
    const bill: Bill = cart.groups.find((g) => g.contestId === contestId)?.bill ?? billFor(app.config.billing, 0, 0);
    return { data: { contestId, promoCode: await appliedPromoCode(app.db, userId, contestId), bill } };
  }

  app.post(
    '/cart/promo',
    {
      preHandler: [requireUser, mayPlay(app)],
      config: { rateLimit: perUserLimit('promo', PROMO_APPLY_LIMIT) },
      schema: { body: applyPromoBodySchema, response: { 200: envelope(promoAnswerSchema) } },
    },
    async (request) => {
      const { contestId, code } = request.body;
      const userId = currentUser(request).id;
      await applyPromo(app.db, userId, contestId, code, app.clock.now());
      return answer(userId, contestId);
    },
  );

  app.delete(
    '/cart/promo',
    {
      preHandler: requireUser,
      schema: { body: removePromoBodySchema, response: { 200: envelope(promoAnswerSchema) } },
    },
    async (request) => {
      const { contestId } = request.body;
      const userId = currentUser(request).id;
      await removePromo(app.db, userId, contestId);
      return answer(userId, contestId);
    },
  );
}
