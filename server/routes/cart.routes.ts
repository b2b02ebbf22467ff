import { mayPlay } from '../plugins/location-gate.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCartItemsSchema,
  cartItemParamsSchema,
  cartSchema,
  freeCheckoutAnswerSchema,
  freeEntryBodySchema,
  LOGIN_TO_PLAY_MESSAGE,
} from '../../domain/contests.ts';
import { AppError } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { addCartItems, getCart, removeCartItem, removeCartPoints } from '../services/cart/cart.service.ts';
import { reserveFreeEntry } from '../services/cart/reservations.ts';

/** requireUser with the spec's words for playing a contest. */
async function requirePlayer(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, 'UNAUTHENTICATED', LOGIN_TO_PLAY_MESSAGE);
}

export async function cartRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  const cartOptions = (now: number) => ({
    billing: app.config.billing,
    now,
    paidPlayDefault: app.config.paidPlayDefault,
  });

  app.get(
    '/cart',
    { preHandler: requireUser, schema: { response: { 200: envelope(cartSchema) } } },
    async (request) => {
      return { data: await getCart(app.db, currentUser(request).id, cartOptions(app.clock.now())) };
    },
  );

  app.post(
    '/cart/items',
    {
      preHandler: [requirePlayer, mayPlay(app)],
      bodyLimit: 32 * 1024,
      schema: { body: addCartItemsSchema, response: { 200: envelope(cartSchema) } },
    },
    async (request) => {
      const { contestId, tickets } = request.body;
      const userId = currentUser(request).id;
      const now = app.clock.now();
      await addCartItems(app.db, userId, contestId, tickets, now);
      return { data: await getCart(app.db, userId, cartOptions(now)) };
    },
  );

  app.delete(
    '/cart/items/:id',
    { preHandler: requireUser, schema: { params: cartItemParamsSchema, response: { 200: envelope(cartSchema) } } },
    async (request) => {
      const { id } = request.params;
      const userId = currentUser(request).id;
      await removeCartItem(app.db, userId, id);
      return { data: await getCart(app.db, userId, cartOptions(app.clock.now())) };
    },
  );

  // Free entry, reserved and confirmed at once: a free contest whatever the paid-play switch says,
  // and every contest while the switch is off (issue 26).
  app.post(
    '/cart/checkout-free',
    {
      preHandler: [requirePlayer, mayPlay(app)],
      bodyLimit: 32 * 1024,
      schema: { body: freeEntryBodySchema, response: { 200: envelope(freeCheckoutAnswerSchema) } },
    },
    async (request) => {
      const { contestId, tickets } = request.body;
      const userId = currentUser(request).id;
      const now = app.clock.now();
      if (tickets) await addCartItems(app.db, userId, contestId, tickets, now);
      try {
        const reservation = await reserveFreeEntry(app.db, userId, contestId, now, {
          billing: app.config.billing,
          reservationMinutes: app.config.reservationMinutes,
          paidPlayDefault: app.config.paidPlayDefault,
        });
        return { data: { reservationId: reservation.reservationId, tickets: reservation.tickets } };
      } catch (error) {
        // "Enter free" is one step: marks it added are not left behind in the cart.
        if (tickets) await removeCartPoints(app.db, userId, contestId, tickets);
        throw error;
      }
    },
  );
}
