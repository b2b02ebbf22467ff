import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILL_LINE_FIELDS,
  BILL_LINE_LABELS,
  computeBill,
  divideRounded,
  formatInr,
  type BillInput,
  type PlatformFee,
  type Promo,
  allInTicketPrice,
  entryBill,
  type EntryFees,
} from '../../domain/money.ts';

/** The development defaults: ₹2 platform fee per ticket, 40% GST in the price, 18% on the fee. */
const DEV_FEES: EntryFees = { platformFeePaisePerTicket: 200, entryGstBasisPoints: 4000, feeGstBasisPoints: 1800 };

const base: BillInput = {
  ticketPricePaise: 4900,
  ticketCount: 3,
  promo: null,
  entryGstBasisPoints: 2800,
  platformFee: { kind: 'perTicket', paise: 500 },
  feeGstBasisPoints: 1800,
};

describe('bill line labels', () => {
  it('are the spec names in order, each mapped to its fields', () => {
    expect(BILL_LINE_LABELS).toEqual([
      'Items Total',
      'Promo Applied',
      'Subtotal',
      'Base Amount + GST',
      'Platform Fee',
      'GST on Platform Fee',
      'Total Platform Fee',
      'Grand Total',
    ]);
    expect(BILL_LINE_FIELDS).toHaveLength(BILL_LINE_LABELS.length);
    expect(BILL_LINE_FIELDS.flat().sort()).toEqual(Object.keys(computeBill(base)).sort());
  });
});

describe('computeBill: worked examples', () => {
  it('3 tickets at ₹49, no promo, ₹5 fee per ticket', () => {
    // 3 x 4900 = 14700; base = 14700 / 1.28 = 11484.375 -> 11484; GST 3216.
    // Fee 3 x 500 = 1500; GST 18% = 270; 1770. Grand 14700 + 1770 = 16470.
    expect(computeBill(base)).toEqual({
      itemsTotal: 14700,
      promoApplied: 0,
      subtotal: 14700,
      baseAmount: 11484,
      gstOnEntry: 3216,
      platformFee: 1500,
      gstOnPlatformFee: 270,
      totalPlatformFee: 1770,
      grandTotal: 16470,
    });
  });

  it('5 tickets at ₹99, 10% promo capped at ₹30, 2.5% fee', () => {
    // 49500; 10% = 4950 capped to 3000; subtotal 46500; base = 46500 / 1.28 = 36328.125 -> 36328; GST 10172.
    // Fee 2.5% of 46500 = 1162.5 -> 1163 (half away from zero); GST 18% = 209.34 -> 209; 1372. Grand 47872.
    expect(
      computeBill({
        ...base,
        ticketPricePaise: 9900,
        ticketCount: 5,
        promo: { kind: 'percent', basisPoints: 1000, capPaise: 3000 },
        platformFee: { kind: 'percent', basisPoints: 250 },
      }),
    ).toEqual({
      itemsTotal: 49500,
      promoApplied: 3000,
      subtotal: 46500,
      baseAmount: 36328,
      gstOnEntry: 10172,
      platformFee: 1163,
      gstOnPlatformFee: 209,
      totalPlatformFee: 1372,
      grandTotal: 47872,
    });
  });

  it('a percent promo under its cap, and without a cap', () => {
    const percent = (promo: Promo) => computeBill({ ...base, promo }).promoApplied;
    // 14700 x 10% = 1470.
    expect(percent({ kind: 'percent', basisPoints: 1000, capPaise: 5000 })).toBe(1470);
    expect(percent({ kind: 'percent', basisPoints: 1000 })).toBe(1470);
    expect(percent({ kind: 'percent', basisPoints: 1000, capPaise: 0 })).toBe(0);
    // More than 100% never gives more than the items total.
    expect(percent({ kind: 'percent', basisPoints: 15_000 })).toBe(14700);
  });

  it('rounds a half paisa away from zero: 50% of ₹49.99 is 2500 paise', () => {
    const bill = computeBill({
      ...base,
      ticketPricePaise: 4999,
      ticketCount: 1,
      promo: { kind: 'percent', basisPoints: 5000 },
      platformFee: { kind: 'perTicket', paise: 0 },
    });
    // 2499.5 -> 2500; subtotal 2499; base = 2499 / 1.28 = 1952.34375 -> 1952; GST 547.
    expect(bill).toMatchObject({
      promoApplied: 2500,
      subtotal: 2499,
      baseAmount: 1952,
      gstOnEntry: 547,
      platformFee: 0,
      grandTotal: 2499,
    });
  });

  it('rounds a half paisa in the base amount and in the fee GST', () => {
    // 16 / 1.28 = 12.5 -> 13, GST 3. Fee 25 x 18% = 4.5 -> 5.
    const bill = computeBill({
      ...base,
      ticketPricePaise: 16,
      ticketCount: 1,
      platformFee: { kind: 'perTicket', paise: 25 },
    });
    expect(bill).toEqual({
      itemsTotal: 16,
      promoApplied: 0,
      subtotal: 16,
      baseAmount: 13,
      gstOnEntry: 3,
      platformFee: 25,
      gstOnPlatformFee: 5,
      totalPlatformFee: 30,
      grandTotal: 46,
    });
  });

  it('a flat promo larger than the items makes the whole bill zero: no platform fee on nothing (issue 26)', () => {
    const bill = computeBill({
      ...base,
      ticketPricePaise: 1000,
      ticketCount: 2,
      promo: { kind: 'flat', amountPaise: 5000 },
      platformFee: { kind: 'perTicket', paise: 100 },
    });
    expect(bill).toEqual({
      itemsTotal: 2000,
      promoApplied: 2000,
      subtotal: 0,
      baseAmount: 0,
      gstOnEntry: 0,
      platformFee: 0,
      gstOnPlatformFee: 0,
      totalPlatformFee: 0,
      grandTotal: 0,
    });
  });

  it('a 100% promo makes the whole bill zero, with the development defaults (issue 26)', () => {
    const bill = entryBill(DEV_FEES, 4900, 3, { kind: 'percent', basisPoints: 10_000 });
    expect(bill).toMatchObject({
      itemsTotal: 14_700,
      promoApplied: 14_700,
      subtotal: 0,
      platformFee: 0,
      grandTotal: 0,
    });
    // 99% still pays the fee: the entries are not free.
    const almost = entryBill(DEV_FEES, 4900, 3, { kind: 'percent', basisPoints: 9_900 });
    expect(almost).toMatchObject({ subtotal: 147, platformFee: 600, gstOnPlatformFee: 108, grandTotal: 855 });
  });

  it('free entry (price 0) has no fee', () => {
    expect(entryBill(DEV_FEES, 0, 4)).toMatchObject({ itemsTotal: 0, platformFee: 0, grandTotal: 0 });
  });

  it('a flat promo smaller than the items', () => {
    expect(computeBill({ ...base, promo: { kind: 'flat', amountPaise: 700 } })).toMatchObject({
      promoApplied: 700,
      subtotal: 14000,
      baseAmount: 10938,
      gstOnEntry: 3062,
    });
  });

  it('no GST and no fee leave the subtotal alone', () => {
    const bill = computeBill({
      ...base,
      entryGstBasisPoints: 0,
      feeGstBasisPoints: 0,
      platformFee: { kind: 'percent', basisPoints: 0 },
    });
    expect(bill).toMatchObject({
      baseAmount: 14700,
      gstOnEntry: 0,
      platformFee: 0,
      gstOnPlatformFee: 0,
      grandTotal: 14700,
    });
  });

  it('zero tickets cost nothing', () => {
    expect(computeBill({ ...base, ticketCount: 0 }).grandTotal).toBe(0);
  });

  it('treats an absent promo like null', () => {
    const { promo: _promo, ...noPromo } = base;
    expect(computeBill(noPromo)).toEqual(computeBill(base));
  });
});

describe('computeBill: rejects bad input', () => {
  it.each<[string, BillInput]>([
    ['fractional price', { ...base, ticketPricePaise: 49.5 }],
    ['negative price', { ...base, ticketPricePaise: -1 }],
    ['fractional count', { ...base, ticketCount: 1.5 }],
    ['negative count', { ...base, ticketCount: -2 }],
    ['NaN count', { ...base, ticketCount: Number.NaN }],
    ['negative entry GST', { ...base, entryGstBasisPoints: -1 }],
    ['fractional fee GST', { ...base, feeGstBasisPoints: 18.5 }],
    ['negative percent promo', { ...base, promo: { kind: 'percent', basisPoints: -100 } }],
    ['fractional promo cap', { ...base, promo: { kind: 'percent', basisPoints: 100, capPaise: 0.5 } }],
    ['negative flat promo', { ...base, promo: { kind: 'flat', amountPaise: -5 } }],
    ['fractional per-ticket fee', { ...base, platformFee: { kind: 'perTicket', paise: 2.5 } }],
    ['negative percent fee', { ...base, platformFee: { kind: 'percent', basisPoints: -1 } }],
    ['overflowing items total', { ...base, ticketPricePaise: Number.MAX_SAFE_INTEGER, ticketCount: 2 }],
    [
      'overflowing fee',
      { ...base, ticketPricePaise: 1, platformFee: { kind: 'perTicket', paise: Number.MAX_SAFE_INTEGER } },
    ],
    ['overflowing grand total', { ...base, ticketPricePaise: Number.MAX_SAFE_INTEGER, ticketCount: 1 }],
  ])('%s', (_label, input) => {
    expect(() => computeBill(input)).toThrow(RangeError);
  });
});

describe('computeBill: properties', () => {
  const rate = fc.integer({ min: 0, max: 10_000 });
  const promo: fc.Arbitrary<Promo | null> = fc.oneof(
    fc.constant(null),
    fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 0, max: 20_000 }) }),
    fc.record({
      kind: fc.constant('percent' as const),
      basisPoints: rate,
      capPaise: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    fc.record({ kind: fc.constant('flat' as const), amountPaise: fc.integer({ min: 0, max: 10_000_000 }) }),
  );
  const fee: fc.Arbitrary<PlatformFee> = fc.oneof(
    fc.record({ kind: fc.constant('perTicket' as const), paise: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({ kind: fc.constant('percent' as const), basisPoints: rate }),
  );
  const input: fc.Arbitrary<BillInput> = fc.record({
    ticketPricePaise: fc.integer({ min: 0, max: 10_000_000 }),
    ticketCount: fc.integer({ min: 0, max: 1000 }),
    promo,
    entryGstBasisPoints: rate,
    platformFee: fee,
    feeGstBasisPoints: rate,
  });

  it('lines add up, are non-negative integers, and the promo never exceeds the items', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = computeBill(i);
        for (const value of Object.values(b)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(b.itemsTotal).toBe(i.ticketPricePaise * i.ticketCount);
        expect(b.promoApplied).toBeLessThanOrEqual(b.itemsTotal);
        expect(b.subtotal).toBe(b.itemsTotal - b.promoApplied);
        expect(b.baseAmount + b.gstOnEntry).toBe(b.subtotal);
        expect(b.totalPlatformFee).toBe(b.platformFee + b.gstOnPlatformFee);
        expect(b.grandTotal).toBe(b.subtotal + b.totalPlatformFee);
        if (b.subtotal === 0) expect(b.grandTotal).toBe(0);
      }),
    );
  });

  it('each divided line is within half a paisa of the exact value', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = computeBill(i);
        expect(Math.abs(b.baseAmount - (b.subtotal * 10_000) / (10_000 + i.entryGstBasisPoints))).toBeLessThanOrEqual(
          0.5 + 1e-9,
        );
        expect(Math.abs(b.gstOnPlatformFee - (b.platformFee * i.feeGstBasisPoints) / 10_000)).toBeLessThanOrEqual(
          0.5 + 1e-9,
        );
        if (i.platformFee.kind === 'percent') {
          expect(Math.abs(b.platformFee - (b.subtotal * i.platformFee.basisPoints) / 10_000)).toBeLessThanOrEqual(
            0.5 + 1e-9,
          );
        } else {
          // A bill with nothing to pay for the entries has no fee (issue 26).
          expect(b.platformFee).toBe(b.subtotal === 0 ? 0 : i.platformFee.paise * i.ticketCount);
        }
      }),
    );
  });
});

describe('the all-in price per ticket (issue 25)', () => {
  it('is ₹51.36 with the development defaults: ₹49 + ₹2 fee + 18% GST on the fee', () => {
    expect(allInTicketPrice(DEV_FEES, 4900)).toBe(5136);
    expect(formatInr(allInTicketPrice(DEV_FEES, 4900))).toBe('₹51.36');
    expect(allInTicketPrice(DEV_FEES, 0)).toBe(0);
  });

  const fees: fc.Arbitrary<EntryFees> = fc.record({
    platformFeePaisePerTicket: fc.integer({ min: 0, max: 10_000 }),
    entryGstBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    feeGstBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  });
  const price = fc.integer({ min: 0, max: 1_000_000 });
  const count = fc.integer({ min: 0, max: 500 });

  it('n tickets cost n x the all-in price when the fee GST is whole paise', () => {
    const whole = fees.filter((f) => (f.platformFeePaisePerTicket * f.feeGstBasisPoints) % 10_000 === 0);
    fc.assert(
      fc.property(whole, price, count, (f, p, n) => {
        expect(entryBill(f, p, n).grandTotal).toBe(n * allInTicketPrice(f, p));
      }),
    );
    // The development defaults are such fees, whatever the price and the count.
    fc.assert(
      fc.property(price, count, (p, n) => {
        expect(entryBill(DEV_FEES, p, n).grandTotal).toBe(n * allInTicketPrice(DEV_FEES, p));
      }),
    );
  });

  it('otherwise differ only by the fee GST rounded once over n tickets: at most n/2 paise', () => {
    fc.assert(
      fc.property(fees, price, count, (f, p, n) => {
        const bill = entryBill(f, p, n);
        const drift = bill.grandTotal - n * allInTicketPrice(f, p);
        expect(Math.abs(drift)).toBeLessThanOrEqual(n / 2);
        // Everything else is exact: the drift is the fee GST's rounding and nothing more.
        const one = entryBill(f, p, 1);
        expect(drift).toBe(p === 0 || n === 0 ? 0 : bill.gstOnPlatformFee - n * one.gstOnPlatformFee);
      }),
    );
    // For example a ₹2.50 fee at 18%: 45 paise each, but 3 tickets round 135 paise exactly and 1
    // ticket 45: equal; a ₹0.25 fee rounds 4.5 -> 5 paise alone, 9 for two (not 10).
    const quarter = { ...DEV_FEES, platformFeePaisePerTicket: 25 };
    expect(allInTicketPrice(quarter, 100)).toBe(130);
    expect(entryBill(quarter, 100, 2).grandTotal).toBe(259);
  });
});

describe('divideRounded', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 2n, 4n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [0n, 7n, 0n],
  ])('%s / %s -> %s', (n, d, q) => {
    expect(divideRounded(n, d)).toBe(q);
  });

  it('needs a positive denominator', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
    expect(() => divideRounded(1n, -2n)).toThrow(RangeError);
  });
});

describe('formatInr', () => {
  it('formats paise as rupees in Indian grouping', () => {
    expect(formatInr(123_450)).toBe('₹1,234.50');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatInr(10_000_000_00)).toBe('₹1,00,00,000.00');
    expect(formatInr(-250)).toBe('-₹2.50');
    expect(formatInr(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });

  it('follows the locale', () => {
    expect(formatInr(123_456_789, 'en-US')).toBe('₹1,234,567.89');
    expect(formatInr(123_450, 'hi-IN')).toBe('₹1,234.50');
  });

  it('rejects fractions of a paisa', () => {
    expect(() => formatInr(1.5)).toThrow(RangeError);
    expect(() => formatInr(Number.NaN)).toThrow(RangeError);
  });
});
