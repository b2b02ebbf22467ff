import type { Kysely } from 'kysely';
import { BRAND } from '../../domain/brand.ts';
import { type Bill, BILL_LINE_LABELS, formatInr } from '../../domain/money.ts';
import { IST_OFFSET_MS } from '../../domain/schedule.ts';
import type { InvoiceConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type InvoiceLine, renderInvoicePdf } from '../integrations/invoice-pdf.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { paymentNotFound } from './payments/answers.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';

export const invoicesNotConfigured = () =>
  new AppError(503, 'INVOICES_UNAVAILABLE', SERVER_ERROR_MESSAGES.invoicesUnavailable);
export const invoiceNotYet = () =>
  new AppError(409, 'INVOICE_NOT_AVAILABLE', SERVER_ERROR_MESSAGES.invoiceNotAvailable);

/** The Indian financial year (April to March, in IST) of an instant, e.g. '2026-27'. */
export function financialYearOf(at: number): string {
  const ist = new Date(at + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'CS/2026-27/000001': prefix, financial year, serial within the year (six digits, more when needed). */
export const invoiceNumber = (prefix: string, financialYear: string, serial: number) =>
  `${prefix}/${financialYear}/${String(serial).padStart(6, '0')}`;

/** The file name: the number with '/' replaced by '-'. */
export const invoiceFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

export interface InvoiceRecord {
  number: string;
  issuedAt: number;
}

/**
 * The payment's invoice number, assigned on the first download and kept for ever. The number
 * comes from incrementing the year's counter row inside the transaction that inserts the
 * invoice: on PostgreSQL the UPDATE locks the row until commit, so concurrent buyers take
 * numbers one after another; on SQLite transactions run one at a time. If two first downloads
 * of the SAME payment race, the loser's insert violates invoices.payment_id, its transaction
 * (counter increment included) rolls back, and it reads the winner's number: no gap, no
 * duplicate.
 */
export async function assignInvoice(
  db: Kysely<Database>,
  paymentId: string,
  prefix: string,
  now: number,
): Promise<InvoiceRecord> {
  const existing = await db
    .selectFrom('invoices')
    .select(['number', 'issued_at'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (existing) return { number: existing.number, issuedAt: Number(existing.issued_at) };
  const financialYear = financialYearOf(now);
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('invoice_counters')
        .values({ financial_year: financialYear, last_number: 0 })
        .onConflict((oc) => oc.column('financial_year').doNothing())
        .execute();
      const counter = await trx
        .updateTable('invoice_counters')
        .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
        .where('financial_year', '=', financialYear)
        .returning('last_number')
        .executeTakeFirstOrThrow();
      const serial = Number(counter.last_number);
      const number = invoiceNumber(prefix, financialYear, serial);
      await trx
        .insertInto('invoices')
        .values({
          id: crypto.randomUUID(),
          payment_id: paymentId,
          number,
          financial_year: financialYear,
          serial,
          issued_at: now,
        })
        .execute();
      return { number, issuedAt: now };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await db
      .selectFrom('invoices')
      .select(['number', 'issued_at'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    if (!winner) throw error;
    return { number: winner.number, issuedAt: Number(winner.issued_at) };
  }
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const istDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
export const istDateTime = (at: number) => `${istFormat.format(new Date(at))} IST`;

/** '+91 ******3210': only the last 4 digits show. */
export function maskMobile(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  const shown = national.slice(-4);
  return `${phone.startsWith('+91') ? '+91 ' : ''}${'*'.repeat(Math.max(national.length - 4, 0))}${shown}`;
}

/** GST state codes of the states and union territories, for the place of supply line. */
const STATE_NAMES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};
const stateLabel = (code: string) => (STATE_NAMES[code] ? `${STATE_NAMES[code]} (${code})` : code);

const BILL_LABELS_HI: Record<(typeof BILL_LINE_LABELS)[number], string> = {
  'Items Total': 'कुल आइटम',
  'Promo Applied': 'प्रोमो छूट',
  Subtotal: 'उप-योग',
  'Base Amount + GST': 'मूल राशि + जीएसटी',
  'Platform Fee': 'प्लेटफ़ॉर्म शुल्क',
  'GST on Platform Fee': 'प्लेटफ़ॉर्म शुल्क पर जीएसटी',
  'Total Platform Fee': 'कुल प्लेटफ़ॉर्म शुल्क',
  'Grand Total': 'कुल योग',
};

/** The bill lines of spec section 3, in order, from the stored bill. */
export function billLines(bill: Bill): InvoiceLine[] {
  const values: Record<(typeof BILL_LINE_LABELS)[number], string> = {
    'Items Total': formatInr(bill.itemsTotal),
    'Promo Applied': `-${formatInr(bill.promoApplied)}`,
    Subtotal: formatInr(bill.subtotal),
    'Base Amount + GST': `${formatInr(bill.baseAmount)} + ${formatInr(bill.gstOnEntry)}`,
    'Platform Fee': formatInr(bill.platformFee),
    'GST on Platform Fee': formatInr(bill.gstOnPlatformFee),
    'Total Platform Fee': formatInr(bill.totalPlatformFee),
    'Grand Total': formatInr(bill.grandTotal),
  };
  return BILL_LINE_LABELS.map((label) => ({
    label,
    labelHi: BILL_LABELS_HI[label],
    amount: values[label],
    bold: label === 'Grand Total',
  }));
}

/** Halves a tax amount in paise: CGST gets the rounded-down half, SGST the rest, so they add up to the paisa. */
export function splitHalves(paise: number): { cgst: number; sgst: number } {
  const cgst = Math.floor(paise / 2);
  return { cgst, sgst: paise - cgst };
}

/**
 * The GST lines. Rule (IGST Act s.8 and s.7): when the supplier's state and the place of supply
 * are the same state the supply is intra-state and its GST is charged as CGST + SGST in equal
 * halves; otherwise it is inter-state and charged whole as IGST. We know no buyer address, so
 * the place of supply is the seller's state and the supply is intra-state. The GST on the entry
 * (included in the ticket price) and the GST on the platform fee are split separately.
 */
export function gstLines(bill: Bill, intraState: boolean): InvoiceLine[] {
  const total = bill.gstOnEntry + bill.gstOnPlatformFee;
  if (!intraState) {
    return [
      { label: 'IGST on entry', labelHi: 'प्रवेश पर आईजीएसटी', amount: formatInr(bill.gstOnEntry) },
      { label: 'IGST on platform fee', labelHi: 'शुल्क पर आईजीएसटी', amount: formatInr(bill.gstOnPlatformFee) },
      { label: 'Total GST', labelHi: 'कुल जीएसटी', amount: formatInr(total), bold: true },
    ];
  }
  const entry = splitHalves(bill.gstOnEntry);
  const fee = splitHalves(bill.gstOnPlatformFee);
  return [
    { label: 'CGST on entry', labelHi: 'प्रवेश पर सीजीएसटी', amount: formatInr(entry.cgst) },
    { label: 'SGST on entry', labelHi: 'प्रवेश पर एसजीएसटी', amount: formatInr(entry.sgst) },
    { label: 'CGST on platform fee', labelHi: 'शुल्क पर सीजीएसटी', amount: formatInr(fee.cgst) },
    { label: 'SGST on platform fee', labelHi: 'शुल्क पर एसजीएसटी', amount: formatInr(fee.sgst) },
    { label: 'Total GST', labelHi: 'कुल जीएसटी', amount: formatInr(total), bold: true },
  ];
}

export interface InvoicePdf {
  number: string;
  fileName: string;
  pdf: Buffer;
}

/** The owner's invoice for a successful payment: 404 for anyone else, 409 before success, 503 without a GSTIN. */
export async function invoiceForOwner(
  db: Kysely<Database>,
  config: InvoiceConfig,
  userId: string,
  paymentId: string,
  now: number,
  options: { compress?: boolean } = {},
): Promise<InvoicePdf> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!payment) throw paymentNotFound();
  if (payment.status !== 'success') throw invoiceNotYet();
  if (!config.gstin) throw invoicesNotConfigured();
  const [user, contest, tickets] = await Promise.all([
    db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('contests')
      .select(['slot', 'opens_at', 'closes_at', 'ticket_price_paise', 'prize_title_en'])
      .where('id', '=', payment.contest_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('reservation_id', '=', payment.reservation_id)
      .where('status', '=', 'confirmed')
      .executeTakeFirst(),
  ]);
  const bill = JSON.parse(payment.bill_json) as Bill;
  const ticketPrice = Number(contest.ticket_price_paise);
  const counted = Number(tickets?.n ?? 0);
  const ticketCount = counted || (ticketPrice > 0 ? Math.round(bill.itemsTotal / ticketPrice) : 0);
  const invoice = await assignInvoice(db, payment.id, config.prefix, now);
  const placeOfSupply = config.stateCode; // no buyer address is known: the seller's state
  const pdf = await renderInvoicePdf({
    seller: {
      legalName: config.sellerLegalName,
      address: config.address,
      gstin: config.gstin,
      stateCode: stateLabel(config.stateCode),
      email: BRAND.supportEmail,
      sampleGstin: config.sampleGstin,
    },
    invoice: { number: invoice.number, date: istDateTime(invoice.issuedAt) },
    buyer: {
      name: user ? `${user.first_name} ${user.last_name}`.trim() || '-' : '-',
      mobile: maskMobile(payment.phone),
      placeOfSupply: stateLabel(placeOfSupply),
    },
    contest: {
      description: `Spot-the-ball contest entry, slot ${contest.slot}`,
      detail: `${BRAND.name} contest tickets; prize: ${contest.prize_title_en}`,
      dates: `Open ${istDay.format(new Date(Number(contest.opens_at)))} to ${istDay.format(new Date(Number(contest.closes_at)))} (IST)`,
      ticketCount,
      ticketPrice: formatInr(ticketPrice),
    },
    lines: billLines(bill),
    gst: gstLines(bill, placeOfSupply === config.stateCode),
    payment: {
      refNo: payment.ref_no,
      txnId: payment.gateway_payment_id ?? '-',
      paidAt: istDateTime(Number(payment.finalized_at ?? payment.updated_at)),
      gateway: payment.gateway === 'sandbox' ? 'Sandbox (test payment)' : 'Razorpay',
    },
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
  return { number: invoice.number, fileName: invoiceFileName(invoice.number), pdf };
}
