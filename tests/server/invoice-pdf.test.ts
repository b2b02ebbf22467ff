import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { woffToSfnt } from '../../server/integrations/woff.ts';
import { BILL_LINE_LABELS, type Bill } from '../../domain/money.ts';
import { billLines } from '../../server/services/payments/tax-documents/lines.ts';
import {
  documentFileName,
  documentNumber,
  financialYearOf,
} from '../../server/services/payments/tax-documents/series.ts';

const require = createRequire(import.meta.url);
const woff = (weight: 400 | 700) =>
  readFileSync(
    require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`),
  );
const glyphsOf = (font: unknown, text: string) =>
  (font as { layout(t: string): { glyphs: Array<{ id: number }> } }).layout(text).glyphs.map((g) => g.id);

describe('the invoice font, unwrapped from WOFF once', () => {
  it.each([400, 700] as const)('shapes Hindi exactly as the WOFF file does (weight %i)', (weight) => {
    const file = woff(weight);
    const sfnt = woffToSfnt(file);
    expect(sfnt.readUInt32BE(0)).toBe(file.readUInt32BE(4));
    for (const text of ['कर बीजक', 'क्रेडिट नोट', 'प्रवेश पर आईजीएसटी', 'महाराष्ट्र', '₹1,234.50'])
      expect(glyphsOf(create(sfnt), text), text).toEqual(glyphsOf(create(file), text));
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not this one'))).toThrow('not a WOFF 1.0 font');
  });
});

describe('tax document numbers', () => {
  it('stay within the 16 characters CGST Rules 46(b) and 53(1A)(b) allow, and start again each financial year', () => {
    expect(documentNumber('CS', '2026-27', 1)).toBe('CS/26-27/000001');
    expect(documentNumber('INV', '2026-27', 999_999)).toHaveLength(16);
    expect(documentFileName('CN/26-27/000042')).toBe('CN-26-27-000042.pdf');
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 29))).toBe('2026-27');
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 30))).toBe('2027-28');
  });

  it('take a prefix of 1 to 3 characters each, the credit notes one of their own', () => {
    expect(loadConfig({}).invoices).toMatchObject({ prefix: 'CS', creditNotePrefix: 'CN', stateCode: '29' });
    expect(() => loadConfig({ INVOICE_PREFIX: 'CRIC' })).toThrow(/INVOICE_PREFIX must be 1 to 3 capital letters/);
    expect(() => loadConfig({ CREDIT_NOTE_PREFIX: 'CS' })).toThrow(
      /CREDIT_NOTE_PREFIX must differ from INVOICE_PREFIX/,
    );
    expect(() => loadConfig({ SELLER_STATE_CODE: '25' })).toThrow(
      /SELLER_STATE_CODE must be the two-digit GST state code/,
    );
  });
});

describe("the tax documents' bill lines", () => {
  it("say in Hindi what the site's bill says (public/locales/hi/contest.json, cart.lines)", () => {
    const site = JSON.parse(readFileSync(new URL('../../public/locales/hi/contest.json', import.meta.url), 'utf8')) as {
      cart: { lines: Record<string, string> };
    };
    const bill: Bill = {
      itemsTotal: 10_000,
      promoApplied: 0,
      subtotal: 10_000,
      baseAmount: 7813,
      gstOnEntry: 2187,
      platformFee: 500,
      gstOnPlatformFee: 90,
      totalPlatformFee: 590,
      grandTotal: 10_590,
    };
    const lines = billLines(bill);
    expect(lines.map((line) => line.label)).toEqual([...BILL_LINE_LABELS]);
    for (const line of lines) expect(line.labelHi, line.label).toBe(site.cart.lines[line.label]);
  });
});
