import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../src/ui/format.ts';

describe('formatRupees', () => {
  it('shows the paise only when there are some', () => {
    expect(formatRupees(4900, 'en')).toBe('₹49');
    expect(formatRupees(13_938, 'en')).toBe('₹139.38');
    expect(formatRupees(13_930, 'en')).toBe('₹139.30');
    expect(formatRupees(5, 'en')).toBe('₹0.05');
    expect(formatRupees(0, 'en')).toBe('₹0');
  });

  it('groups in the Indian way, in English and Hindi', () => {
    expect(formatRupees(10_000_000, 'en')).toBe('₹1,00,000');
    expect(formatRupees(1_234_567_89, 'en')).toBe('₹12,34,567.89');
    expect(formatRupees(10_000_000, 'hi')).toBe('₹1,00,000');
    expect(formatRupees(13_938, 'hi-IN')).toBe('₹139.38');
  });

  it('keeps the sign of a discount and refuses what is not whole paise', () => {
    expect(formatRupees(-980, 'en')).toBe('-₹9.80');
    expect(formatRupees(-1000, 'en')).toBe('-₹10');
    expect(formatRupees(Number.MAX_SAFE_INTEGER, 'en')).toBe('₹9,00,71,99,25,47,409.91');
    expect(() => formatRupees(1.5, 'en')).toThrow(RangeError);
    expect(() => formatRupees(Number.NaN, 'en')).toThrow(RangeError);
  });
});
