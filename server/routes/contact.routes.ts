import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '../../domain/validation.ts';
import { FORM_RATE_LIMIT } from '../plugins/rate-limits.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { saveContactMessage } from '../services/contact.service.ts';

const responseSchema = envelope(z.object({ id: z.string() }));

export async function contactRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/contact',
    {
      schema: { body: contactSchema, response: { 201: responseSchema } },
      bodyLimit: 16 * 1024,
      config: { rateLimit: FORM_RATE_LIMIT },
    },
    async (request, reply) => {
      const body = request.body;
      const language = request.headers['accept-language']?.startsWith('hi') ? 'hi' : 'en';
      const saved = await saveContactMessage(app.db, body, language, Date.now());
      return reply
        .status(201)
        .send({ data: saved, message: 'Thank you. We have received your message and will reply by e-mail.' });
    },
  );
}
