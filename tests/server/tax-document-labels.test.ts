import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '../../server/config.ts';
import { bilingual, TAX_DOCUMENT_LABELS, taxDocumentLabels } from '../../server/integrations/tax-document-labels.ts';
import { GST_RATES, gstLines, gstRateOf, supplyTypeOf } from '../../server/services/payments/tax-documents/lines.ts';
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
    // Each tax line names its rate once (28% on the entry, 18% on the fee; halves for CGST and SGST).
    const en = fileTexts('en');
    expect(gstLines(bill, false).map((line) => line.label)).toEqual([
      `${en.igstOnEntry} @ 28%`,
      `${en.igstOnFee} @ 18%`,
      en.totalGst,
    ]);
    expect(gstLines(bill, true).map((line) => line.label)).toEqual([
      `${en.cgstOnEntry} @ 14%`,
      `${en.sgstOnEntry} @ 14%`,
      `${en.cgstOnFee} @ 9%`,
      `${en.sgstOnFee} @ 9%`,
      en.totalGst,
    ]);
    expect(supplyTypeOf({ code: '27', intraState: true })).toBe(bilingual('intraState'));
    expect(supplyTypeOf({ code: '29', intraState: false })).toBe(bilingual('interState'));
  });

  it('work out the rate a bill was made with from its own paise, for every rate the law has and small bills', () => {
    for (const rate of GST_RATES)
      for (const [count, price] of [
        [1, 100],
        [1, 4900],
        [3, 3536],
        [75, 4900],
      ] as const) {
        const bill = computeBill({
          ticketCount: count,
          ticketPricePaise: price,
          entryGstBasisPoints: rate * 100,
          platformFee: { kind: 'perTicket', paise: 200 },
          feeGstBasisPoints: rate * 100,
        });
        expect(gstRateOf(bill.gstOnEntry, bill.baseAmount), `${rate}% of ${count} x ${price}`).toBe(
          bill.gstOnEntry > 0 ? rate : null,
        );
        expect(gstRateOf(bill.gstOnPlatformFee, bill.platformFee)).toBe(bill.gstOnPlatformFee > 0 ? rate : null);
      }
    expect(gstRateOf(0, 0)).toBeNull();
  });
});
