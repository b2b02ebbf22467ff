import { IST_TIME_ZONE } from '../../domain/schedule.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time in IST as a reader of that language expects it, e.g. 'Thursday, 26 November, 21:00'. */
export function formatIstDateTime(at: Date, lng: string): string {
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: IST_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(locale, formatter);
  }
  return formatter.format(at);
}

const shortFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time in IST for lists and logs, e.g. '24 Nov 2026, 14:05'. */
export function formatIstShort(at: Date, lng: string): string {
  const locale = lng === 'hi' ? 'hi-IN' : 'en-IN';
  let formatter = shortFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: IST_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    shortFormatters.set(locale, formatter);
  }
  return formatter.format(at);
}
