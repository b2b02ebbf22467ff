import type { Transaction } from 'kysely';
import { IST_OFFSET_MS } from '../../../../domain/schedule.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/types.ts';

/** The Indian financial year (April to March, in IST) of an instant, e.g. '2026-27'. */
export function financialYearOf(at: number): string {
  const ist = new Date(at + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * 'CS/26-27/000001': prefix, financial year, serial within the year (six digits, more when
 * needed). CGST Rules 46(b) (invoices) and 53(1A)(b) (credit notes) allow at most 16 characters,
 * letters, digits, '-' and '/', unique for a financial year: with a prefix of up to 3 characters
 * (server/config/env-schema.ts) the number stays within 16 up to serial 999,999.
 */
export function documentNumber(prefix: string, financialYear: string, serial: number): string {
  return `${prefix}/${financialYear.slice(2)}/${String(serial).padStart(6, '0')}`;
}

/** The file name: the number with '/' replaced by '-'. */
export const documentFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

export interface IssuedDocument {
  id: string;
  number: string;
  issuedAt: number;
}

/**
 * The next serial of a series in a financial year. Called inside the transaction that inserts the
 * document: on PostgreSQL the UPDATE locks the year's counter row until that transaction ends, so
 * concurrent issuers take numbers one after another, and a transaction that rolls back gives its
 * number back with it (no gap); on SQLite transactions run one at a time.
 */
async function nextSerial(
  trx: Transaction<Database>,
  table: 'invoice_counters' | 'credit_note_counters',
  financialYear: string,
): Promise<number> {
  await trx
    .insertInto(table)
    .values({ financial_year: financialYear, last_number: 0 })
    .onConflict((oc) => oc.column('financial_year').doNothing())
    .execute();
  const counter = await trx
    .updateTable(table)
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('financial_year', '=', financialYear)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(counter.last_number);
}

export async function invoiceOf(db: Db, paymentId: string): Promise<IssuedDocument | null> {
  const row = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'issued_at'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row ? { id: row.id, number: row.number, issuedAt: Number(row.issued_at) } : null;
}

export async function creditNoteOf(db: Db, paymentId: string): Promise<IssuedDocument | null> {
  const row = await db
    .selectFrom('credit_notes')
    .select(['id', 'number', 'issued_at'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row ? { id: row.id, number: row.number, issuedAt: Number(row.issued_at) } : null;
}

/**
 * The payment's tax invoice, numbered and dated `at` inside `trx`: the transaction that confirms
 * the payment (payments/finalize.ts), or the start-up backfill of payments confirmed before
 * invoices were numbered at success. A payment keeps the invoice it has. Two transactions
 * numbering the same payment at once: the second insert violates invoices.payment_id and its
 * transaction (counter included) rolls back.
 */
export async function issueInvoice(
  trx: Transaction<Database>,
  paymentId: string,
  prefix: string,
  at: number,
): Promise<IssuedDocument> {
  const existing = await invoiceOf(trx, paymentId);
  if (existing) return existing;
  const financialYear = financialYearOf(at);
  const serial = await nextSerial(trx, 'invoice_counters', financialYear);
  const document = { id: crypto.randomUUID(), number: documentNumber(prefix, financialYear, serial), issuedAt: at };
  await trx
    .insertInto('invoices')
    .values({
      id: document.id,
      payment_id: paymentId,
      number: document.number,
      financial_year: financialYear,
      serial,
      issued_at: at,
    })
    .execute();
  return document;
}

/**
 * The GST credit note of a refunded invoiced payment, numbered in its own series and dated `at`
 * inside the transaction that records the refund. Section 34(1) of the CGST Act 2017: where the
 * tax invoice's taxable value and tax exceed what is payable (here: the whole supply was taken
 * back, the contest cancelled or the tickets void), the supplier may issue a credit note; s.34(2)
 * has it declared in the return for the month it is issued, no later than 30 November after the
 * end of the financial year. Refunds are of the whole payment, so the note credits the invoice
 * in full. A payment without an invoice (never successful) gets none.
 */
export async function issueCreditNote(
  trx: Transaction<Database>,
  payment: { id: string; amountPaise: number; reason: string | null },
  prefix: string,
  at: number,
): Promise<IssuedDocument | null> {
  const existing = await creditNoteOf(trx, payment.id);
  if (existing) return existing;
  const invoice = await invoiceOf(trx, payment.id);
  if (!invoice) return null;
  const financialYear = financialYearOf(at);
  const serial = await nextSerial(trx, 'credit_note_counters', financialYear);
  const document = { id: crypto.randomUUID(), number: documentNumber(prefix, financialYear, serial), issuedAt: at };
  await trx
    .insertInto('credit_notes')
    .values({
      id: document.id,
      payment_id: payment.id,
      invoice_id: invoice.id,
      number: document.number,
      financial_year: financialYear,
      serial,
      issued_at: at,
      amount_paise: payment.amountPaise,
      reason: payment.reason,
    })
    .execute();
  return document;
}
