import { istDateTimeFormat } from '../../domain/schedule.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time in IST as a reader of that language expects it, e.g. 'Thursday, 26 November, 21:00'. */
export function formatIstDateTime(at: Date, lng: string): string {
  const locale = lng === 'hi' ? 'hi' : 'en';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = istDateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(at);
}

const shortFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time in IST for lists and logs, e.g. '24 Nov 2026, 14:05'. */
export function formatIstShort(at: Date, lng: string): string {
  const locale = lng === 'hi' ? 'hi' : 'en';
  let formatter = shortFormatters.get(locale);
  if (!formatter) {
    formatter = istDateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    shortFormatters.set(locale, formatter);
  }
  return formatter.format(at);
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount for players: rupees in the language's grouping, with the paise only when there are
 * some ('₹49', '₹139.38', '₹1,00,000'). Invoices keep domain/money's formatInr, paise always.
 */
export function formatRupees(paise: number, lng: string): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be an integer, got ${paise}`);
  const locale = lng.startsWith('hi') ? 'hi-IN' : 'en-IN';
  const abs = Math.abs(paise);
  const whole = abs % 100 === 0;
  const key = `${locale}|${whole ? 0 : 2}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    const digits = whole ? 0 : 2;
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormatters.set(key, formatter);
  }
  // A decimal string, not paise / 100: Intl formats it digit for digit, with no float in between.
  return formatter.format(
    `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`,
  );
}
