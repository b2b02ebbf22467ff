import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Bill, BILL_LINE_LABELS, type BillLineLabel, formatInr } from '../../../../domain/money.ts';
import { LOCALES_DIR } from '../../../config.ts';
import { stateByGstCode } from '../../../../domain/india-states.ts';
import type { InvoiceLine } from '../../../integrations/invoice-pdf.ts';
import { bilingual, type TaxDocumentLabel, taxDocumentLabels } from '../../../integrations/tax-document-labels.ts';

/** What the tax invoice and the credit note print the same way: dates, the buyer, the bill and its GST. */

const istFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const istDayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
export const istDateTime = (at: number) => `${istFormat.format(new Date(at))} IST`;
export const istDay = (at: number) => istDayFormat.format(new Date(at));

/** '+91 ******3210': only the last 4 digits show. A number masked already (an erased account's payment) stays as it is. */
export function maskMobile(phone: string): string {
  if (phone.includes('*')) return phone;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  const shown = national.slice(-4);
  return `${phone.startsWith('+91') ? '+91 ' : ''}${'*'.repeat(Math.max(national.length - 4, 0))}${shown}`;
}

/** 'Maharashtra / महाराष्ट्र (27)': a state as both languages of the document name it, with its GST code. */
export function bilingualState(code: string): string {
  const state = stateByGstCode(code);
  return state ? `${state.nameEn} / ${state.nameHi} (${state.gst})` : code;
}

export interface PlaceOfSupply {
  /** GST state code. */
  code: string;
  /** Same state as the seller: CGST + SGST; otherwise IGST. */
  intraState: boolean;
}

/**
 * The place of supply of an entry, a service to an unregistered person: IGST Act 2017, section
 * 12(2)(b): (i) the location of the recipient where the supplier's records hold the address, which
 * is the state the player gave at the first purchase, recorded on the payment when it was ordered;
 * (ii) otherwise the location of the supplier, for payments made before the state was asked.
 * Section 7(3) of the IGST Act makes a supply whose supplier and place of supply are in different
 * states inter-state (IGST), section 8 one within the same state intra-state (CGST + SGST).
 */
export function placeOfSupplyOf(recorded: string | null, sellerStateCode: string): PlaceOfSupply {
  const code = recorded ?? sellerStateCode;
  return { code, intraState: code === sellerStateCode };
}

let billLabelsHi: Record<BillLineLabel, string> | undefined;

/**
 * The bill's lines in Hindi as the site's bill says them (public/locales/hi/contest.json,
 * cart.lines), read once: one wording on the screen and on the document.
 */
export function hindiBillLabels(): Record<BillLineLabel, string> {
  if (!billLabelsHi) {
    const file = JSON.parse(readFileSync(path.join(LOCALES_DIR, 'hi', 'contest.json'), 'utf8')) as {
      cart?: { lines?: Partial<Record<BillLineLabel, string>> };
    };
    const lines = file.cart?.lines ?? {};
    const missing = BILL_LINE_LABELS.filter((label) => !lines[label]);
    if (missing.length) throw new Error(`hi/contest.json: cart.lines has no Hindi for ${missing.join(', ')}`);
    billLabelsHi = lines as Record<BillLineLabel, string>;
  }
  return billLabelsHi;
}

/** The bill lines of spec section 3, in order, from the stored bill. */
export function billLines(bill: Bill): InvoiceLine[] {
  const values: Record<BillLineLabel, string> = {
    'Items Total': formatInr(bill.itemsTotal),
    'Promo Applied': `-${formatInr(bill.promoApplied)}`,
    Subtotal: formatInr(bill.subtotal),
    'Base Amount + GST': `${formatInr(bill.baseAmount)} + ${formatInr(bill.gstOnEntry)}`,
    'Platform Fee': formatInr(bill.platformFee),
    'GST on Platform Fee': formatInr(bill.gstOnPlatformFee),
    'Total Platform Fee': formatInr(bill.totalPlatformFee),
    'Grand Total': formatInr(bill.grandTotal),
  };
  const hindi = hindiBillLabels();
  return BILL_LINE_LABELS.map((label) => ({
    label,
    labelHi: hindi[label],
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
 * The GST lines: the whole tax as IGST for an inter-state supply; CGST + SGST in equal halves
 * for an intra-state one (placeOfSupplyOf). The GST on the entry (included in the ticket price) and
 * the GST on the platform fee are split separately. The bill's total is the same either way: only
 * the split differs.
 */
export function gstLines(bill: Bill, intraState: boolean): InvoiceLine[] {
  const labels = taxDocumentLabels();
  // Each tax line names its rate (CGST Rules 2017, rule 46(1)(m)); CGST and SGST take half each.
  const entryRate = gstRateOf(bill.gstOnEntry, bill.baseAmount);
  const feeRate = gstRateOf(bill.gstOnPlatformFee, bill.platformFee);
  const line = (key: TaxDocumentLabel, paise: number, rate: number | null, bold = false): InvoiceLine => {
    const at = rate === null ? '' : ` @ ${formatRate(intraState ? rate / 2 : rate)}%`;
    return {
      label: `${labels[key].en}${at}`,
      // Once per line: the Hindi beside it reads the same rate.
      labelHi: labels[key].hi,
      amount: formatInr(paise),
      ...(bold ? { bold } : {}),
    };
  };
  const total = bill.gstOnEntry + bill.gstOnPlatformFee;
  if (!intraState) {
    return [
      line('igstOnEntry', bill.gstOnEntry, entryRate),
      line('igstOnFee', bill.gstOnPlatformFee, feeRate),
      line('totalGst', total, null, true),
    ];
  }
  const entry = splitHalves(bill.gstOnEntry);
  const fee = splitHalves(bill.gstOnPlatformFee);
  return [
    line('cgstOnEntry', entry.cgst, entryRate),
    line('sgstOnEntry', entry.sgst, entryRate),
    line('cgstOnFee', fee.cgst, feeRate),
    line('sgstOnFee', fee.sgst, feeRate),
    line('totalGst', total, null, true),
  ];
}

/** The GST rates (per cent) the law has: a rate worked out from a bill's paise is one of these. */
export const GST_RATES = [0.25, 3, 5, 12, 18, 28, 40] as const;

/**
 * The rate a bill charged, from its own amounts (tax on base, rounded to the paisa), as the nearest
 * rate the law has: the rate the bill was made with, whatever the configuration says today. Null
 * where nothing was taxed (a zero base), which has no rate to show.
 */
export function gstRateOf(taxPaise: number, basePaise: number): number | null {
  if (basePaise <= 0 || taxPaise <= 0) return null;
  const raw = (taxPaise / basePaise) * 100;
  return GST_RATES.reduce((best, rate) => (Math.abs(rate - raw) < Math.abs(best - raw) ? rate : best));
}

/** 28, 14, 0.125: no trailing zeros. */
const formatRate = (rate: number): string => String(Number(rate.toFixed(3)));

/** The supply type row: what the GST lines below it are. */
export const supplyTypeOf = (place: PlaceOfSupply) => bilingual(place.intraState ? 'intraState' : 'interState');
