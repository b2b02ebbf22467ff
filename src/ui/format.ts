import { istDateTimeFormat, istParts } from '../../domain/schedule.ts';

/** The names a long IST date uses, as Intl's en-IN and hi-IN write them. */
const LONG_DATE_NAMES = {
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
  },
  hi: {
    weekdays: ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'],
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  },
} as const;

const longDateNames = (lng: string) => (lng === 'hi' ? LONG_DATE_NAMES.hi : LONG_DATE_NAMES.en);

/** 7 -> '07': hours, minutes, paise and the countdown's cells. */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * A date and time in IST as a reader of that language expects it, e.g. 'Thursday, 26 November at
 * 21:00' ('गुरुवार, 26 नवंबर को 21:00 बजे'): what istDateTimeFormat(lng, { weekday: 'long', day:
 * 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) writes, written
 * out because the home page's contest card shows it on its first paint, and a page's first
 * Intl.DateTimeFormat loads the browser's date data in one long task (about 110 ms at 4x CPU,
 * issue 29). tests/web/format.test.ts compares it with Intl.
 */
export function formatIstDateTime(at: Date, lng: string): string {
  const { weekday, day, month, hour, minute } = istParts(at);
  const names = longDateNames(lng);
  const date = `${names.weekdays[weekday]}, ${day} ${names.months[month - 1]}`;
  const time = `${twoDigits(hour)}:${twoDigits(minute)}`;
  return lng === 'hi' ? `${date} को ${time} बजे` : `${date} at ${time}`;
}

/**
 * A day in IST written long, e.g. '26 November 2026' ('26 नवंबर 2026'): what Intl's en-IN and
 * hi-IN write for { dateStyle: 'long', timeZone: 'Asia/Kolkata' }, written out for the same reason
 * as formatIstDateTime (the information and press pages show one on their first paint).
 */
export function formatIstLongDate(at: Date, lng: string): string {
  const { year, month, day } = istParts(at);
  return `${day} ${longDateNames(lng).months[month - 1]} ${year}`;
}

/**
 * 'A, B and C' ('A, B, और C'): a list as Intl.ListFormat(en-IN or hi-IN, { type: 'conjunction' })
 * writes it, without loading the browser's list data on a page's first paint.
 */
export function formatList(items: readonly string[], lng: string): string {
  if (items.length <= 1) return items[0] ?? '';
  const hindi = lng === 'hi';
  const head = items.slice(0, -1).join(', ');
  const last = items[items.length - 1];
  if (items.length === 2) return `${head} ${hindi ? 'और' : 'and'} ${last}`;
  return hindi ? `${head}, और ${last}` : `${head} and ${last}`;
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

/** '12345678' -> '1,23,45,678': the Indian grouping (thousands, then lakhs and crores by twos). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** '1234567' -> '1,234,567': thousands by threes, as English outside India groups them. */
function groupWestern(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A number with at most one decimal ('31.4', '2', or '2.0' with `minFraction` 1), as
 * Intl.NumberFormat(lng, { maximumFractionDigits: 1 }) prints it: the shortest decimal that reads
 * back as the number, rounded half away from zero; Latin digits; grouped in the Indian way in Hindi
 * and for India ('en-IN'), by threes in plain English. Written out for the same reason as
 * formatRupees (the first number formatter of a page loads the browser's number data in a long
 * task); tests/web/format.test.ts compares it with Intl.
 */
export function formatDecimal(value: number, lng: string, minFraction: 0 | 1 = 0): string {
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || text.includes('e'))
    return new Intl.NumberFormat(lng, { maximumFractionDigits: 1, minimumFractionDigits: minFraction }).format(value);
  const [whole = '0', fraction = ''] = text.split('.');
  const up = (fraction[1] ?? '0') >= '5';
  const tenths = BigInt(`${whole}${fraction[0] ?? '0'}`) + (up ? 1n : 0n);
  const digits = String(tenths / 10n);
  const tenth = tenths % 10n;
  const grouped = lng.startsWith('hi') || lng.endsWith('-IN') ? groupIndian(digits) : groupWestern(digits);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${tenth !== 0n || minFraction === 1 ? `.${tenth}` : ''}`;
}

/**
 * A whole count as the site's two languages print it: Latin digits in the Indian grouping
 * ('1,00,000'), what Intl.NumberFormat prints for en-IN and hi-IN, without loading the browser's
 * number data on first paint (see formatRupees).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`a count must be an integer, got ${n}`);
  return `${n < 0 ? '-' : ''}${groupIndian(String(Math.abs(n)))}`;
}

/**
 * An amount for players: rupees in the Indian grouping, with the paise only when there are some
 * ('₹49', '₹139.38', '₹1,00,000', '-₹49'). Invoices keep domain/money's formatInr, paise always.
 *
 * Written out rather than asked of Intl.NumberFormat, which prints the same in both languages
 * (en-IN and hi-IN use Latin digits; tests/web/format.test.ts compares the two): a page's first
 * currency formatter loads the browser's currency data, a task of about 200 ms on a slow phone
 * (4x CPU) in the middle of the first paint (issue 29). `lng` is kept for the callers' sake.
 */
export function formatRupees(paise: number, lng: string): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be an integer, got ${paise}`);
  void lng;
  const abs = Math.abs(paise);
  const paiseText = abs % 100 === 0 ? '' : `.${twoDigits(abs % 100)}`;
  return `${paise < 0 ? '-' : ''}₹${groupIndian(String(Math.floor(abs / 100)))}${paiseText}`;
}

/**
 * An operator's words set before a sentence of ours ("was cancelled: {{reason}} Paid tickets..."):
 * trimmed, and ended with a full stop in the reader's language (. or ।) unless they end one already.
 */
export function asSentence(text: string, lng: string): string {
  const words = text.trim();
  return /[.!?।]$/u.test(words) ? words : `${words}${lng === 'hi' ? '।' : '.'}`;
}
