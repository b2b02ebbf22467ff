import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES_DIR } from '../config.ts';

/**
 * The tax invoice's and credit note's labels, in English and Hindi, from the site's locale files
 * (public/locales/{en,hi}/payments.json, `taxDocument`): one place for every text a player reads,
 * on a screen or on a document. Read once; a missing label stops the first document with the
 * file and key named rather than printing half a label.
 */
export const TAX_DOCUMENT_LABELS = [
  'invoiceTitle',
  'creditNoteTitle',
  'seller',
  'address',
  'stateCode',
  'email',
  'creditNoteNo',
  'creditNoteDate',
  'invoiceNo',
  'invoiceDate',
  'againstInvoiceNo',
  'reason',
  'billTo',
  'name',
  'mobile',
  'placeOfSupply',
  'supplyType',
  'description',
  'qty',
  'rate',
  'amount',
  'bill',
  'credited',
  'gst',
  'gstCredited',
  'igstOnEntry',
  'igstOnFee',
  'cgstOnEntry',
  'sgstOnEntry',
  'cgstOnFee',
  'sgstOnFee',
  'totalGst',
  'intraState',
  'interState',
  'payment',
  'paidOn',
  'gateway',
  'refundId',
  'refundedOn',
  'refunded',
  'invoiceFooter',
  'creditNoteFooter',
] as const;
export type TaxDocumentLabel = (typeof TAX_DOCUMENT_LABELS)[number];

export interface BilingualLabel {
  en: string;
  hi: string;
}

let labels: Record<TaxDocumentLabel, BilingualLabel> | undefined;

function readLanguage(language: 'en' | 'hi'): Record<TaxDocumentLabel, string> {
  const file = path.join(LOCALES_DIR, language, 'payments.json');
  const texts = (JSON.parse(readFileSync(file, 'utf8')) as { taxDocument?: Partial<Record<string, unknown>> })
    .taxDocument;
  const missing = TAX_DOCUMENT_LABELS.filter((key) => typeof texts?.[key] !== 'string' || texts[key] === '');
  if (missing.length) throw new Error(`${language}/payments.json: taxDocument has no text for ${missing.join(', ')}`);
  return texts as Record<TaxDocumentLabel, string>;
}

/** Every label in both languages. */
export function taxDocumentLabels(): Record<TaxDocumentLabel, BilingualLabel> {
  if (!labels) {
    const en = readLanguage('en');
    const hi = readLanguage('hi');
    labels = Object.fromEntries(TAX_DOCUMENT_LABELS.map((key) => [key, { en: en[key], hi: hi[key] }])) as Record<
      TaxDocumentLabel,
      BilingualLabel
    >;
  }
  return labels;
}

/** 'Seller / विक्रेता': a label as the bilingual document prints it. */
export function bilingual(key: TaxDocumentLabel): string {
  const label = taxDocumentLabels()[key];
  return `${label.en} / ${label.hi}`;
}
