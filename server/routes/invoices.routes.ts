import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentIdParamsSchema } from '../../domain/payments.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { creditNotePdf } from '../services/payments/credit-note.service.ts';
import { invoicePdf } from '../services/payments/invoice.service.ts';
import { sendPdf } from './pdf-reply.ts';
import { fileAnswer } from '../plugins/zod-schemas.ts';

/** The owner's tax documents: the invoice of a successful payment, the credit note of a refunded one. */
export async function invoicesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/payments/:id/invoice',
    {
      preHandler: requireUser,
      schema: { params: paymentIdParamsSchema, response: { 200: fileAnswer('The tax invoice', 'application/pdf') } },
    },
    async (request, reply) => {
      const reader = { userId: currentUser(request).id };
      return sendPdf(reply, await invoicePdf(app.db, app.config.invoices, reader, request.params.id, app.clock.now()));
    },
  );
  app.get(
    '/payments/:id/credit-note',
    {
      preHandler: requireUser,
      schema: {
        params: paymentIdParamsSchema,
        response: { 200: fileAnswer('The GST credit note of the refund', 'application/pdf') },
      },
    },
    async (request, reply) => {
      const reader = { userId: currentUser(request).id };
      return sendPdf(reply, await creditNotePdf(app.db, app.config.invoices, reader, request.params.id));
    },
  );
}
