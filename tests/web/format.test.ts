import { describe, expect, it } from 'vitest';
import { istDateTimeFormat } from '../../domain/schedule.ts';
import {
  formatCount,
  formatDecimal,
  formatIstDateTime,
  formatIstLongDate,
  formatList,
  formatRupees,
} from '../../src/ui/format.ts';

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

  it("prints what the browser's own currency formatter prints, in both languages", () => {
    const intl = (paise: number, locale: string) => {
      const abs = Math.abs(paise);
      const digits = abs % 100 === 0 ? 0 : 2;
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(`${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`);
    };
    const amounts = [0, 1, 99, 100, 4900, 5136, 99_999, 100_000, 1_234_567, -5, -4900, -12_345_678];
    for (let p = 7; p < Number.MAX_SAFE_INTEGER / 3; p = p * 3 + 11) amounts.push(p, -p, p - (p % 100));
    for (const paise of amounts) {
      expect(formatRupees(paise, 'en'), `${paise}`).toBe(intl(paise, 'en-IN'));
      expect(formatRupees(paise, 'hi'), `${paise}`).toBe(intl(paise, 'hi-IN'));
    }
  });

  it('counts as Intl prints whole numbers in both languages', () => {
    const counts = [0, 7, 999, 1000, 99_999, 100_000, 1_234_567, -42, Number.MAX_SAFE_INTEGER];
    for (const n of counts) {
      expect(formatCount(n)).toBe(new Intl.NumberFormat('en-IN').format(n));
      expect(formatCount(n)).toBe(new Intl.NumberFormat('hi-IN').format(n));
    }
    expect(() => formatCount(1.5)).toThrow(RangeError);
  });

  it('prints distances with one decimal as Intl does, rounding and grouping included', () => {
    const values = [
      0, -0, 0.04, 0.05, 0.049_99, 0.95, 1.45, 2.25, 31.4, 999.96, 1234.5, 12_345.67, 1_234_567.25, -0.01, -3.35,
    ];
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      values.push((seed % 2_000_000) / 1000, (seed % 50_000) / 100, seed / 7);
    }
    for (const lng of ['en', 'hi', 'en-IN', 'hi-IN'])
      for (const value of values)
        for (const minFraction of [0, 1] as const)
          expect(formatDecimal(value, lng, minFraction), `${lng} ${value} ${minFraction}`).toBe(
            new Intl.NumberFormat(lng, { maximumFractionDigits: 1, minimumFractionDigits: minFraction }).format(value),
          );
  });
});

describe('formatIstDateTime', () => {
  it('writes a long IST date and time as Intl does, in both languages', () => {
    const instants = [
      Date.UTC(2026, 10, 26, 15, 30), // Thursday 21:00 IST, a show
      Date.UTC(2026, 10, 30, 18, 29, 59, 999), // Monday 23:59 IST
      Date.UTC(2026, 11, 31, 18, 30), // New Year's midnight in IST, still 31 December in UTC
      Date.UTC(2028, 1, 29, 6, 0), // a leap day
    ];
    let seed = 11;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      instants.push(Date.UTC(2025, 0, 1) + (seed % (4 * 366)) * 86_400_000 + ((seed * 7) % 86_400_000));
    }
    const options = {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    } as const;
    for (const lng of ['en', 'hi']) {
      const intl = istDateTimeFormat(lng, options);
      for (const ms of instants) expect(formatIstDateTime(new Date(ms), lng), `${lng} ${ms}`).toBe(intl.format(ms));
    }
  });

  it('writes a long IST day as Intl does, in both languages', () => {
    let seed = 5;
    const instants = [
      Date.UTC(2026, 11, 31, 18, 30),
      Date.UTC(2026, 11, 31, 18, 29, 59, 999),
      Date.UTC(2028, 1, 28, 20),
    ];
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      instants.push(Date.UTC(2020, 0, 1) + (seed % (10 * 366)) * 86_400_000 + ((seed * 13) % 86_400_000));
    }
    for (const lng of ['en', 'hi']) {
      const intl = new Intl.DateTimeFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', {
        dateStyle: 'long',
        timeZone: 'Asia/Kolkata',
      });
      for (const ms of instants) expect(formatIstLongDate(new Date(ms), lng), `${lng} ${ms}`).toBe(intl.format(ms));
    }
  });
});

describe('formatList', () => {
  it('joins as Intl.ListFormat does, in both languages', () => {
    const names = ['Assam', 'Odisha', 'Telangana', 'Andhra Pradesh', 'असम', 'ओडिशा'];
    for (const lng of ['en', 'hi']) {
      const intl = new Intl.ListFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', { type: 'conjunction' });
      for (let n = 0; n <= names.length; n++)
        expect(formatList(names.slice(0, n), lng)).toBe(intl.format(names.slice(0, n)));
    }
  });
});
