import type { Kysely } from 'kysely';
import type { InvoiceConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { issueCreditNote, issueInvoice } from './series.ts';

const PAGE = 500;

/**
 * At start-up, the tax documents that payments from before issue 26 lack (invoices were numbered at
 * the first download then, and refunds had no credit notes):
 * - an invoice for every successful payment without one, in order of payment time (finalized_at,
 *   then id), numbered in the series of that time's financial year and dated at that time;
 * - then a credit note for every refunded invoiced payment without one, in order of refund time,
 *   dated at the refund.
 * Each document in a transaction of its own. Several instances starting together: the second
 * insert for one payment violates the unique payment_id, its transaction (counter included) rolls
 * back, and the run goes on, so the series keeps no gap. Returns how many it issued.
 */
export async function backfillTaxDocuments(
  db: Kysely<Database>,
  series: Pick<InvoiceConfig, 'prefix' | 'creditNotePrefix'>,
): Promise<{ invoices: number; creditNotes: number }> {
  let invoices = 0;
  let creditNotes = 0;
  const once = async (issue: () => Promise<unknown>) => {
    try {
      await issue();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  };
  for (;;) {
    const page = await db
      .selectFrom('payments')
      .leftJoin('invoices', 'invoices.payment_id', 'payments.id')
      .select(['payments.id', 'payments.finalized_at', 'payments.updated_at'])
      .where('payments.status', '=', 'success')
      .where('invoices.id', 'is', null)
      .orderBy('payments.finalized_at')
      .orderBy('payments.id')
      .limit(PAGE)
      .execute();
    let issued = 0;
    for (const payment of page) {
      const at = Number(payment.finalized_at ?? payment.updated_at);
      if (await once(() => db.transaction().execute((trx) => issueInvoice(trx, payment.id, series.prefix, at))))
        issued += 1;
    }
    invoices += issued;
    if (page.length < PAGE || issued === 0) break;
  }
  for (;;) {
    const page = await db
      .selectFrom('payments')
      .innerJoin('invoices', 'invoices.payment_id', 'payments.id')
      .leftJoin('credit_notes', 'credit_notes.payment_id', 'payments.id')
      .select(['payments.id', 'payments.refunded_at', 'payments.amount_paise', 'payments.refund_reason'])
      .where('payments.refund_id', 'is not', null)
      .where('credit_notes.id', 'is', null)
      .orderBy('payments.refunded_at')
      .orderBy('payments.id')
      .limit(PAGE)
      .execute();
    let issued = 0;
    for (const payment of page) {
      const at = Number(payment.refunded_at);
      const note = { id: payment.id, amountPaise: Number(payment.amount_paise), reason: payment.refund_reason };
      if (await once(() => db.transaction().execute((trx) => issueCreditNote(trx, note, series.creditNotePrefix, at))))
        issued += 1;
    }
    creditNotes += issued;
    if (page.length < PAGE || issued === 0) break;
  }
  return { invoices, creditNotes };
}
