import type { FastifyReply } from 'fastify';
import type { TaxDocumentPdf } from '../services/payments/invoice.service.ts';

/** A tax document as a download, never cached by a shared cache. */
export function sendPdf(reply: FastifyReply, document: TaxDocumentPdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${document.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
}
