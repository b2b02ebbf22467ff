import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRESS_PAGE_SIZE,
  pressArticleParamsSchema,
  pressArticleQuerySchema,
  pressArticleSchema,
  pressListQuerySchema,
  pressListSchema,
} from '../../domain/press.ts';
import { notFound } from '../errors.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { getPublished, listPublished } from '../services/site/press.service.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

export async function pressRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/press',
    { schema: { querystring: pressListQuerySchema, response: { 200: envelope(pressListSchema) } } },
    async (request) => {
      const { lang, page } = request.query;
      return { data: await listPublished(app.db, { lang, page, pageSize: PRESS_PAGE_SIZE }) };
    },
  );

  app.get(
    '/press/:id',
    {
      schema: {
        params: pressArticleParamsSchema,
        querystring: pressArticleQuerySchema,
        response: { 200: envelope(pressArticleSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { lang } = request.query;
      const article = await getPublished(app.db, id, lang);
      if (!article) throw notFound(SERVER_ERROR_MESSAGES.articleNotFound);
      return { data: article };
    },
  );
}
