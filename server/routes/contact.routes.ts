import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '../../domain/validation.ts';
import { FORM_RATE_LIMIT } from '../plugins/rate-limits.ts';
import { envelope } from '../plugins/zod-schemas.ts';
import { contactAcknowledgement, saveContactMessage } from '../services/site/contact.service.ts';
import { pageLanguage } from '../plugins/static-site.ts';

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
      // The site's language as the page shows it (?lng=, the i18next cookie, then the browser's).
      const language = pageLanguage(request);
      const saved = await saveContactMessage(app.db, body, language, app.clock.now());
      // Acknowledged by e-mail after the answer, in that language (a slow mail server must not hold the form).
      app.afterAnswer(
        () => app.messages.send(contactAcknowledgement({ id: saved.id, email: body.email }, language)),
        'contact acknowledgement could not be sent',
      );
      return reply
        .status(201)
        .send({ data: saved, message: 'Thank you. We have received your message and will reply by e-mail.' });
    },
  );
}
