import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promoCreateSchema,
  promoListQuerySchema,
  promoPageSchema,
  promoSchema,
  promoUpdateSchema,
} from '../../../domain/admin-promos.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import {
  createPromo,
  getPromo,
  listPromos,
  setPromoActive,
  updatePromo,
} from '../../services/admin/admin-promos.service.ts';
import { actorOf } from '../../services/site/audit.service.ts';

const params = z.object({ code: z.string().min(1).max(40) });
const promoAnswer = envelope(z.object({ promo: promoSchema }));
const switchAnswer = envelope(z.object({ promo: promoSchema, changed: z.boolean() }));

/** Admin > Promo codes: list with usage, create, change limits and dates, deactivate. */
export async function promosRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/promos',
    { schema: { querystring: promoListQuerySchema, response: { 200: envelope(promoPageSchema) } } },
    async (request) => {
      return { data: await listPromos(app.db, request.query) };
    },
  );

  app.get('/promos/:code', { schema: { params, response: { 200: promoAnswer } } }, async (request) => {
    return { data: { promo: await getPromo(app.db, request.params.code) } };
  });

  app.post('/promos', { schema: { body: promoCreateSchema, response: { 200: promoAnswer } } }, async (request) => {
    const promo = await createPromo(app.db, actorOf(currentUser(request), request.ip), request.body, app.clock.now());
    return { data: { promo } };
  });

  app.put(
    '/promos/:code',
    { schema: { params, body: promoUpdateSchema, response: { 200: promoAnswer } } },
    async (request) => {
      const { code } = request.params;
      const promo = await updatePromo(
        app.db,
        actorOf(currentUser(request), request.ip),
        code,
        request.body,
        app.clock.now(),
      );
      return { data: { promo } };
    },
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(`/promos/:code/${verb}`, { schema: { params, response: { 200: switchAnswer } } }, async (request) => {
      const { code } = request.params;
      return {
        data: await setPromoActive(app.db, actorOf(currentUser(request), request.ip), code, active, app.clock.now()),
      };
    });
  }
}
