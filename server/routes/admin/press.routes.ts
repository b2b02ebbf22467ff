import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPressPageSchema,
  adminPressSchema,
  pressInputSchema,
  pressListQuerySchema,
} from '../../../domain/admin-press.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import {
  createArticle,
  deleteArticle,
  getArticle,
  listArticles,
  setArticlePublished,
  updateArticle,
} from '../../services/admin/admin-press.service.ts';
import { actorOf } from '../../services/site/audit.service.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const articleAnswer = envelope(z.object({ article: adminPressSchema }));

/** Admin > Press: the articles of /in_the_press, in English and Hindi; create, edit, publish, delete. */
export async function pressAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/press',
    { schema: { querystring: pressListQuerySchema, response: { 200: envelope(adminPressPageSchema) } } },
    async (request) => {
      return { data: await listArticles(app.db, request.query) };
    },
  );

  app.get('/press/:id', { schema: { params, response: { 200: articleAnswer } } }, async (request) => {
    return { data: { article: await getArticle(app.db, request.params.id) } };
  });

  app.post('/press', { schema: { body: pressInputSchema, response: { 200: articleAnswer } } }, async (request) => {
    const article = await createArticle(
      app.db,
      actorOf(currentUser(request), request.ip),
      request.body,
      app.clock.now(),
    );
    return { data: { article } };
  });

  app.put(
    '/press/:id',
    { schema: { params, body: pressInputSchema, response: { 200: articleAnswer } } },
    async (request) => {
      const { id } = request.params;
      const article = await updateArticle(
        app.db,
        actorOf(currentUser(request), request.ip),
        id,
        request.body,
        app.clock.now(),
      );
      return { data: { article } };
    },
  );

  for (const [verb, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/press/:id/${verb}`,
      {
        schema: { params, response: { 200: envelope(z.object({ article: adminPressSchema, changed: z.boolean() })) } },
      },
      async (request) => {
        const { id } = request.params;
        return {
          data: await setArticlePublished(
            app.db,
            actorOf(currentUser(request), request.ip),
            id,
            published,
            app.clock.now(),
          ),
        };
      },
    );
  }

  app.delete(
    '/press/:id',
    { schema: { params, response: { 200: envelope(z.object({ deleted: z.literal(true) })) } } },
    async (request) => {
      await deleteArticle(app.db, actorOf(currentUser(request), request.ip), request.params.id, app.clock.now());
      return { data: { deleted: true as const } };
    },
  );
}
