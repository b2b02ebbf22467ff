import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  countdown,
  IST_OFFSET_MS,
  IST_TIME_ZONE,
  istDate,
  istDateTimeFormat,
  istParts,
  scheduleAt,
  upcomingWindows,
  windowKey,
  windowState,
} from '../../domain/schedule.ts';
import { iso, MON, wall } from '../support/schedule.ts';

describe('istDate and istParts', () => {
  it('names the zone', () => {
    expect(IST_TIME_ZONE).toBe('Asia/Kolkata');
    expect(IST_OFFSET_MS).toBe(19_800_000);
  });

  it('converts IST wall time to the instant 5:30 earlier in UTC', () => {
    expect(iso(istDate(2026, 3, 2, 12))).toBe('2026-03-02T06:30:00.000Z');
    expect(iso(istDate(2026, 3, 2))).toBe('2026-03-01T18:30:00.000Z');
    expect(iso(istDate(2026, 3, 4, 23, 59, 59, 999))).toBe('2026-03-04T18:29:59.999Z');
    expect(iso(istDate(2027, 1, 1, 0, 0, 0, 0))).toBe('2026-12-31T18:30:00.000Z');
  });

  it('rolls over out-of-range parts like Date.UTC', () => {
    expect(iso(istDate(2026, 12, 32, 12))).toBe(iso(istDate(2027, 1, 1, 12)));
    expect(iso(istDate(2028, 2, 30))).toBe(iso(istDate(2028, 3, 1)));
  });

  it('reads the IST wall clock, including the date change before 05:30 UTC', () => {
    expect(istParts(new Date('2026-03-01T18:30:00.000Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 2,
      weekday: 1,
      hour: 0,
      minute: 0,
      second: 0,
      ms: 0,
    });
    expect(istParts(new Date('2026-12-31T18:29:59.999Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      weekday: 4,
      hour: 23,
      minute: 59,
      second: 59,
      ms: 999,
    });
    expect(istParts(new Date('2028-02-29T06:30:00.000Z'))).toMatchObject({
      year: 2028,
      month: 2,
      day: 29,
      weekday: 2,
      hour: 12,
    });
  });

  it('round-trips any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000_000, max: 8_000_000_000_000 }), (ms) => {
        const p = istParts(new Date(ms));
        expect(istDate(p.year, p.month, p.day, p.hour, p.minute, p.second, p.ms).getTime()).toBe(ms);
        expect(p.weekday).toBe(new Date(ms + IST_OFFSET_MS).getUTCDay());
      }),
    );
  });

  it('rejects invalid dates', () => {
    expect(() => istParts(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => scheduleAt(new Date('nope'))).toThrow(RangeError);
    // The last representable instant has no next window to show.
    expect(() => scheduleAt(new Date(8.64e15))).toThrow(RangeError);
    expect(() => countdown(new Date(0), new Date(Number.NaN))).toThrow(RangeError);
    expect(() => windowState(scheduleAt(new Date(0)).window, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('host time zone independence', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  const probe = () => {
    const instants = [
      istDate(2026, 3, MON, 11, 59, 59, 999),
      istDate(2026, 3, MON, 12),
      istDate(2026, 3, 8, 23, 59, 59, 999),
      istDate(2026, 3, 9),
      istDate(2026, 11, 1, 1, 30), // US DST ends that morning
      istDate(2026, 3, 8, 12, 30), // US DST starts that day
      istDate(2027, 1, 1),
      istDate(2028, 2, 29, 23, 59, 59, 999),
    ];
    return instants.map((now) => {
      const s = scheduleAt(now);
      return {
        parts: istParts(now),
        window: wall(s.window),
        state: s.state,
        previous: wall(s.previous),
        show: iso(s.nextShow.at),
        next: upcomingWindows(now, 3).map(windowKey),
        made: iso(istDate(2026, 3, 8, 2, 30)),
      };
    });
  };

  it('gives the same answers in UTC, New York and Kiritimati (UTC+14)', () => {
    process.env.TZ = 'UTC';
    const utcOffset = new Date(2026, 0, 1).getTimezoneOffset();
    const inUtc = probe();
    for (const tz of ['America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      // Guard the test itself: the host zone really changed.
      if (tz !== 'Asia/Kolkata') expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(utcOffset);
      expect(probe()).toEqual(inUtc);
    }
  });
});

describe('istDateTimeFormat', () => {
  const morning = new Date('2026-11-25T05:45:00.000Z'); // 11:15 IST
  const evening = new Date('2026-11-26T15:30:00.000Z'); // 21:00 IST

  it("gives a Hindi reader the 24-hour clock even when asked for 12 hours, never the Latin 'am' or 'pm'", () => {
    const short = istDateTimeFormat('hi', { weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: true });
    expect(short.format(morning)).toBe('बुध 11:15');
    expect(short.format(evening)).toBe('गुरु 21:00');
    const styled = istDateTimeFormat('hi-IN', { dateStyle: 'medium', timeStyle: 'short' });
    expect(styled.format(morning)).toBe('25 नव॰ 2026, 11:15');
    expect(styled.format(evening)).not.toMatch(/am|pm/i);
  });

  it('keeps what English asks for, in IST whatever the host zone', () => {
    expect(
      istDateTimeFormat('en', { weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: true }).format(evening),
    ).toBe('Thu, 9:00 pm');
    expect(istDateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(morning)).toBe(
      '11:15',
    );
  });
});
