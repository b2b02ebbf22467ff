/**
 * Money and the checkout bill. Amounts are integer paise (1 rupee = 100 paise); rates are basis
 * points (1800 = 18%).
 *
 * Rounding rule: a line that needs a division (a percent promo, the base amount inside a
 * GST-inclusive price, a percent platform fee, the GST on the platform fee) is computed exactly in
 * integer arithmetic and rounded ONCE, half away from zero, to the nearest paisa. Every other line
 * is a sum or a difference of lines already rounded, so the bill always adds up to the paisa and
 * the invoice, the checkout screen and the payment order agree.
 *
 * The platform fee (and its GST) is charged only on a bill that charges for entries: a free-entry
 * ticket (price 0) and a promo that takes the whole items total off (a 100% code, or a flat one at
 * least as large) leave a subtotal of 0 and the whole bill is then 0 (issue 26).
 */

export type Promo = { kind: 'percent'; basisPoints: number; capPaise?: number } | { kind: 'flat'; amountPaise: number };

export type PlatformFee = { kind: 'perTicket'; paise: number } | { kind: 'percent'; basisPoints: number };

export interface BillInput {
  ticketPricePaise: number;
  ticketCount: number;
  promo?: Promo | null;
  /** GST included in the entry price, e.g. 2800. */
  entryGstBasisPoints: number;
  platformFee: PlatformFee;
  /** GST added on top of the platform fee, e.g. 1800. */
  feeGstBasisPoints: number;
}

export interface Bill {
  itemsTotal: number;
  promoApplied: number;
  subtotal: number;
  /** Subtotal without the GST it includes; with gstOnEntry it makes the 'Base Amount + GST' line. */
  baseAmount: number;
  gstOnEntry: number;
  platformFee: number;
  gstOnPlatformFee: number;
  totalPlatformFee: number;
  grandTotal: number;
}

/** The spec's bill lines, in display order. */
export const BILL_LINE_LABELS = [
  'Items Total',
  'Promo Applied',
  'Subtotal',
  'Base Amount + GST',
  'Platform Fee',
  'GST on Platform Fee',
  'Total Platform Fee',
  'Grand Total',
] as const;

export type BillLineLabel = (typeof BILL_LINE_LABELS)[number];

/** The Bill field each label shows, in the same order; 'Base Amount + GST' shows baseAmount and gstOnEntry. */
export const BILL_LINE_FIELDS = [
  ['itemsTotal'],
  ['promoApplied'],
  ['subtotal'],
  ['baseAmount', 'gstOnEntry'],
  ['platformFee'],
  ['gstOnPlatformFee'],
  ['totalPlatformFee'],
  ['grandTotal'],
] as const satisfies ReadonlyArray<ReadonlyArray<keyof Bill>>;

const BASIS_POINTS_PER_WHOLE = 10_000n;

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

function toSafeNumber(value: bigint, name: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} is too large`);
  return n;
}

/** numerator / denominator rounded half away from zero, exactly; denominator > 0. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const magnitude = (2n * (numerator < 0n ? -numerator : numerator) + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

/** amount * basisPoints / 10000, rounded once, half away from zero. */
function applyRate(amount: number, basisPoints: number, name: string): number {
  return toSafeNumber(divideRounded(BigInt(amount) * BigInt(basisPoints), BASIS_POINTS_PER_WHOLE), name);
}

function promoDiscount(promo: Promo | null | undefined, itemsTotal: number): number {
  if (promo === null || promo === undefined) return 0;
  if (promo.kind === 'flat') {
    assertNonNegativeInteger(promo.amountPaise, 'promo.amountPaise');
    return Math.min(promo.amountPaise, itemsTotal);
  }
  assertNonNegativeInteger(promo.basisPoints, 'promo.basisPoints');
  if (promo.capPaise !== undefined) assertNonNegativeInteger(promo.capPaise, 'promo.capPaise');
  const discount = applyRate(itemsTotal, promo.basisPoints, 'promoApplied');
  return Math.min(discount, promo.capPaise ?? discount, itemsTotal);
}

function platformFeeOf(fee: PlatformFee, ticketCount: number, subtotal: number): number {
  // Nothing is paid for the entries (free entry, or a promo covering them all): no fee either.
  if (subtotal === 0) return 0;
  if (fee.kind === 'perTicket') {
    assertNonNegativeInteger(fee.paise, 'platformFee.paise');
    return toSafeNumber(BigInt(fee.paise) * BigInt(ticketCount), 'platformFee');
  }
  assertNonNegativeInteger(fee.basisPoints, 'platformFee.basisPoints');
  return applyRate(subtotal, fee.basisPoints, 'platformFee');
}

/**
 * The bill for `ticketCount` tickets at a GST-inclusive price. Throws RangeError on any
 * non-integer or negative amount, count or rate, and on totals beyond Number.MAX_SAFE_INTEGER.
 */
export function computeBill(input: BillInput): Bill {
  assertNonNegativeInteger(input.ticketPricePaise, 'ticketPricePaise');
  assertNonNegativeInteger(input.ticketCount, 'ticketCount');
  assertNonNegativeInteger(input.entryGstBasisPoints, 'entryGstBasisPoints');
  assertNonNegativeInteger(input.feeGstBasisPoints, 'feeGstBasisPoints');

  const itemsTotal = toSafeNumber(BigInt(input.ticketPricePaise) * BigInt(input.ticketCount), 'itemsTotal');
  const promoApplied = promoDiscount(input.promo, itemsTotal);
  const subtotal = itemsTotal - promoApplied;
  // The price includes GST: base * (1 + rate) = subtotal.
  const baseAmount = toSafeNumber(
    divideRounded(
      BigInt(subtotal) * BASIS_POINTS_PER_WHOLE,
      BASIS_POINTS_PER_WHOLE + BigInt(input.entryGstBasisPoints),
    ),
    'baseAmount',
  );
  const gstOnEntry = subtotal - baseAmount;
  const platformFee = platformFeeOf(input.platformFee, input.ticketCount, subtotal);
  const gstOnPlatformFee = applyRate(platformFee, input.feeGstBasisPoints, 'gstOnPlatformFee');
  const totalPlatformFee = platformFee + gstOnPlatformFee;
  const grandTotal = subtotal + totalPlatformFee;
  if (!Number.isSafeInteger(grandTotal)) throw new RangeError('grandTotal is too large');

  return {
    itemsTotal,
    promoApplied,
    subtotal,
    baseAmount,
    gstOnEntry,
    platformFee,
    gstOnPlatformFee,
    totalPlatformFee,
    grandTotal,
  };
}

/** What an entry costs besides its price: the platform fee per ticket and the two GST rates. */
export interface EntryFees {
  platformFeePaisePerTicket: number;
  /** GST included in the entry price, in basis points. */
  entryGstBasisPoints: number;
  /** GST added on the platform fee, in basis points. */
  feeGstBasisPoints: number;
}

/** The bill of `ticketCount` entries at `ticketPricePaise` each: the one the cart, checkout and invoice show. */
export function entryBill(
  fees: EntryFees,
  ticketPricePaise: number,
  ticketCount: number,
  promo: Promo | null = null,
): Bill {
  return computeBill({
    ticketPricePaise,
    ticketCount,
    promo,
    entryGstBasisPoints: fees.entryGstBasisPoints,
    platformFee: { kind: 'perTicket', paise: fees.platformFeePaisePerTicket },
    feeGstBasisPoints: fees.feeGstBasisPoints,
  });
}

/**
 * The all-in price of one ticket, as every price before the cart shows it: the bill of one
 * ticket, so the same rounding. With the development defaults (₹49 including GST, ₹2 fee, 18% GST
 * on the fee) it is 5136 paise, ₹51.36.
 *
 * n tickets cost exactly n times this whenever the fee's GST is a whole number of paise
 * (platformFeePaisePerTicket x feeGstBasisPoints divisible by 10000, as 200 x 1800 is): the items
 * and the fee are sums, and the GST inside the price never changes the total. Otherwise the bill
 * rounds the fee's GST once over all n tickets, and its total differs from n x this by at most
 * n / 2 paise; screens that show a total for several tickets show entryBill's grandTotal.
 */
export function allInTicketPrice(fees: EntryFees, ticketPricePaise: number): number {
  return entryBill(fees, ticketPricePaise, 1).grandTotal;
}

/** Rupees with the paise, in the locale's grouping: formatInr(123450) is '₹1,234.50' in en-IN. */
export function formatInr(paise: number, locale = 'en-IN'): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be an integer, got ${paise}`);
  const abs = Math.abs(paise);
  // A decimal string, not paise / 100: Intl formats it digit for digit, with no float in between.
  const decimal =
    `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(decimal);
}
