import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPaymentCountsSchema,
  adminPaymentIdParamsSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
} from '../../../domain/admin-payments.ts';
import { envelope, fileAnswer } from '../../plugins/zod-schemas.ts';
import { adminPaymentCounts, listAdminPayments } from '../../services/admin/admin-payments.service.ts';
import { creditNotePdf } from '../../services/payments/credit-note.service.ts';
import { invoicePdf } from '../../services/payments/invoice.service.ts';
import { sendPdf } from '../pdf-reply.ts';

/** The console's Payments and refunds: the counts, the payments with their refunds, and each one's invoice and credit note. */
export async function paymentsAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/payments/counts', { schema: { response: { 200: envelope(adminPaymentCountsSchema) } } }, async () => ({
    data: await adminPaymentCounts(app.db),
  }));
  app.get(
    '/payments',
    { schema: { querystring: adminPaymentsQuerySchema, response: { 200: envelope(adminPaymentsPageSchema) } } },
    async (request) => ({ data: await listAdminPayments(app.db, request.query, app.clock.now()) }),
  );
  app.get(
    '/payments/:id/invoice',
    {
      schema: {
        params: adminPaymentIdParamsSchema,
        response: { 200: fileAnswer('The payment’s tax invoice', 'application/pdf') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoicePdf(app.db, app.config.invoices, 'console', request.params.id, app.clock.now())),
  );
  app.get(
    '/payments/:id/credit-note',
    {
      schema: {
        params: adminPaymentIdParamsSchema,
        response: { 200: fileAnswer('The GST credit note of the payment’s refund', 'application/pdf') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await creditNotePdf(app.db, app.config.invoices, 'console', request.params.id)),
  );
}
