import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema, messageListQuerySchema, messagePageSchema } from '../../../domain/admin-messages.ts';
import { currentUser } from '../../plugins/session.ts';
import { envelope } from '../../plugins/zod-schemas.ts';
import { getMessage, listMessages, setMessageAnswered } from '../../services/admin/admin-messages.service.ts';
import { actorOf } from '../../services/site/audit.service.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const switchAnswer = envelope(z.object({ message: contactMessageSchema, changed: z.boolean() }));

/** Admin > Contact inbox: what visitors sent through /contact_us; read, mark answered, reopen. */
export async function messagesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/messages',
    { schema: { querystring: messageListQuerySchema, response: { 200: envelope(messagePageSchema) } } },
    async (request) => {
      return { data: await listMessages(app.db, request.query) };
    },
  );

  app.get(
    '/messages/:id',
    { schema: { params, response: { 200: envelope(z.object({ message: contactMessageSchema })) } } },
    async (request) => {
      return { data: { message: await getMessage(app.db, request.params.id) } };
    },
  );

  for (const [verb, answered] of [
    ['answered', true],
    ['reopen', false],
  ] as const) {
    app.post(`/messages/:id/${verb}`, { schema: { params, response: { 200: switchAnswer } } }, async (request) => {
      const { id } = request.params;
      return {
        data: await setMessageAnswered(
          app.db,
          actorOf(currentUser(request), request.ip),
          id,
          answered,
          app.clock.now(),
        ),
      };
    });
  }
}
