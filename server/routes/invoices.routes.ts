import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentIdParamsSchema } from '../../domain/payments.ts';
import { currentUser, requireUser } from '../plugins/session.ts';
import { invoiceForOwner } from '../services/invoice.service.ts';
import { fileAnswer } from '../plugins/zod-schemas.ts';

/** The owner's tax invoice PDF for a successful payment. */
export async function invoicesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/payments/:id/invoice',
    {
      preHandler: requireUser,
      schema: { params: paymentIdParamsSchema, response: { 200: fileAnswer('The tax invoice', 'application/pdf') } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const invoice = await invoiceForOwner(app.db, app.config.invoices, currentUser(request).id, id, app.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(invoice.pdf);
    },
  );
}
