import { formatIstLongDate } from '../../../ui/format.ts';

/**
 * A contest's words for the judging and result pages, as the contests list and the audit log
 * name it: its slot and the day it opened ('2026-11-26-B' -> { slot: 'B', date: '26 November
 * 2026' }). A key of another shape is shown as it is.
 */
export function contestNameParts(windowKey: string, lng: string): { slot: string; date: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})-([AB])/.exec(windowKey);
  if (!match) return { slot: windowKey, date: '' };
  const [, year, month, day, slot] = match;
  // Noon IST of that day: the same calendar day whatever the reader's time zone.
  const noonIst = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), 6, 30));
  return { slot: slot!, date: formatIstLongDate(noonIst, lng) };
}
