import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '../../server/config.ts';
import { bilingual, TAX_DOCUMENT_LABELS, taxDocumentLabels } from '../../server/integrations/tax-document-labels.ts';
import { gstLines, supplyTypeOf } from '../../server/services/payments/tax-documents/lines.ts';
import { computeBill } from '../../domain/money.ts';

const fileTexts = (language: 'en' | 'hi') =>
  (
    JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'payments.json'), 'utf8')) as {
      taxDocument: Record<string, string>;
    }
  ).taxDocument;

describe("the tax documents' labels", () => {
  it('are the locale files’ texts, every one in English and Hindi', () => {
    const en = fileTexts('en');
    const hi = fileTexts('hi');
    expect(Object.keys(en).sort()).toEqual([...TAX_DOCUMENT_LABELS].sort());
    for (const key of TAX_DOCUMENT_LABELS) {
      expect(taxDocumentLabels()[key]).toEqual({ en: en[key], hi: hi[key] });
      expect(bilingual(key)).toBe(`${en[key]} / ${hi[key]}`);
    }
  });

  it('name the GST lines and the supply type as the files say them', () => {
    const hi = fileTexts('hi');
    const bill = computeBill({
      ticketCount: 2,
      ticketPricePaise: 4900,
      entryGstBasisPoints: 2800,
      platformFee: { kind: 'perTicket', paise: 200 },
      feeGstBasisPoints: 1800,
    });
    expect(gstLines(bill, false).map((line) => line.labelHi)).toEqual([hi.igstOnEntry, hi.igstOnFee, hi.totalGst]);
    expect(gstLines(bill, true).map((line) => line.labelHi)).toEqual([
      hi.cgstOnEntry,
      hi.sgstOnEntry,
      hi.cgstOnFee,
      hi.sgstOnFee,
      hi.totalGst,
    ]);
    expect(supplyTypeOf({ code: '27', intraState: true })).toBe(bilingual('intraState'));
    expect(supplyTypeOf({ code: '29', intraState: false })).toBe(bilingual('interState'));
  });
});
