import type { Kysely } from 'kysely';
import { formatInr } from '../../../domain/money.ts';
import { PAYMENT_ERROR_CODES, PAYMENT_ERROR_MESSAGES } from '../../../domain/payments.ts';
import type { InvoiceConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { renderTaxDocumentPdf } from '../../integrations/invoice-pdf.ts';
import { invoicesNotConfigured, type TaxDocumentPdf } from './invoice.service.ts';
import { reasonInHindi, WHOLE_REFUND_REASON } from './refund-reasons.ts';
import { paymentNotFound } from './answers.ts';
import { type DocumentReader, documentBody, paymentFor } from './tax-documents/context.ts';
import { istDateTime } from './tax-documents/lines.ts';
import { documentFileName } from './tax-documents/series.ts';

export const creditNoteNotYet = () =>
  new AppError(409, PAYMENT_ERROR_CODES.creditNoteNotAvailable, PAYMENT_ERROR_MESSAGES.creditNoteNotAvailable);

/**
 * The GST credit note of a refunded invoiced payment as a PDF (CGST Act 2017, s.34; its contents
 * as CGST Rules 53(1A) lists them: the supplier, the note's own serial number and date, the
 * recipient with the place of supply, the invoice it corrects by number and date, the value and
 * the tax credited), for the payment's owner (404 for anyone else) or the console. 409 until the
 * refund is made; 503 without a GSTIN. Issued with the refund (payments/finalize.ts settleRefund).
 */
export async function creditNotePdf(
  db: Kysely<Database>,
  config: InvoiceConfig,
  reader: DocumentReader,
  paymentId: string,
  options: { compress?: boolean } = {},
): Promise<TaxDocumentPdf> {
  const payment = await paymentFor(db, reader, paymentId);
  if (!payment) throw paymentNotFound();
  const note = await db
    .selectFrom('credit_notes')
    .innerJoin('invoices', 'invoices.id', 'credit_notes.invoice_id')
    .select([
      'credit_notes.number',
      'credit_notes.issued_at',
      'credit_notes.amount_paise',
      'credit_notes.reason',
      'invoices.number as invoice_number',
      'invoices.issued_at as invoice_issued_at',
    ])
    .where('credit_notes.payment_id', '=', payment.id)
    .executeTakeFirst();
  if (!note) throw creditNoteNotYet();
  if (!config.gstin) throw invoicesNotConfigured();
  const pdf = await renderTaxDocumentPdf({
    kind: 'creditNote',
    ...(await documentBody(db, config, payment)),
    document: { number: note.number, date: istDateTime(Number(note.issued_at)) },
    against: {
      number: note.invoice_number,
      date: istDateTime(Number(note.invoice_issued_at)),
      reason: note.reason ?? WHOLE_REFUND_REASON,
      reasonHi: reasonInHindi(note.reason ?? WHOLE_REFUND_REASON),
    },
    refund: {
      refundId: payment.refund_id ?? '-',
      refundedAt: istDateTime(Number(payment.refunded_at ?? note.issued_at)),
      amount: formatInr(Number(note.amount_paise)),
    },
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
  return { number: note.number, fileName: documentFileName(note.number), pdf };
}
