import type { Kysely } from 'kysely';
import { SERVER_ERROR_MESSAGES } from '../../../domain/api-errors.ts';
import type { InvoiceConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { renderTaxDocumentPdf } from '../../integrations/invoice-pdf.ts';
import { paymentNotFound } from './answers.ts';
import { type DocumentReader, documentBody, paymentFor } from './tax-documents/context.ts';
import { istDateTime } from './tax-documents/lines.ts';
import { documentFileName, issueInvoice } from './tax-documents/series.ts';

export const invoicesNotConfigured = () =>
  new AppError(503, 'INVOICES_UNAVAILABLE', SERVER_ERROR_MESSAGES.invoicesUnavailable);
export const invoiceNotYet = () =>
  new AppError(409, 'INVOICE_NOT_AVAILABLE', SERVER_ERROR_MESSAGES.invoiceNotAvailable);

export interface TaxDocumentPdf {
  number: string;
  fileName: string;
  pdf: Buffer;
}

/**
 * A successful payment's tax invoice as a PDF, for its owner (404 for anyone else) or the
 * console: 409 before success, 503 without a GSTIN. The number and date were given when the
 * payment succeeded, in the transaction that confirmed it (payments/finalize.ts), or by the
 * start-up backfill for payments from before that (tax-documents/backfill.ts); issueInvoice here
 * only finds it, and would number a payment that somehow has none rather than fail the download.
 */
export async function invoicePdf(
  db: Kysely<Database>,
  config: InvoiceConfig,
  reader: DocumentReader,
  paymentId: string,
  now: number,
  options: { compress?: boolean } = {},
): Promise<TaxDocumentPdf> {
  const payment = await paymentFor(db, reader, paymentId);
  if (!payment) throw paymentNotFound();
  if (payment.status !== 'success') throw invoiceNotYet();
  if (!config.gstin) throw invoicesNotConfigured();
  const invoice = await db
    .transaction()
    .execute((trx) => issueInvoice(trx, payment.id, config.prefix, Number(payment.finalized_at ?? now)));
  const pdf = await renderTaxDocumentPdf({
    kind: 'invoice',
    ...(await documentBody(db, config, payment)),
    document: { number: invoice.number, date: istDateTime(invoice.issuedAt) },
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
  return { number: invoice.number, fileName: documentFileName(invoice.number), pdf };
}
