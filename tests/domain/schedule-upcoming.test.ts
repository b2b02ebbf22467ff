import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countdown, istDate, scheduleAt, upcomingWindows, windowContaining, windowKey } from '../../domain/schedule.ts';
import { MON } from '../support/schedule.ts';

describe('upcomingWindows', () => {
  it('starts with the open window and alternates A and B', () => {
    const ws = upcomingWindows(istDate(2026, 3, 3), 5);
    expect(ws.map((w) => `${windowKey(w)}`)).toEqual([
      '2026-03-02-A',
      '2026-03-05-B',
      '2026-03-09-A',
      '2026-03-12-B',
      '2026-03-16-A',
    ]);
  });

  it('starts with the next window in a gap', () => {
    expect(upcomingWindows(istDate(2026, 3, 5, 11), 2).map(windowKey)).toEqual(['2026-03-05-B', '2026-03-09-A']);
    expect(upcomingWindows(istDate(2026, 3, 8, 23, 59, 59, 999), 1).map(windowKey)).toEqual(['2026-03-05-B']);
    expect(upcomingWindows(istDate(2026, 3, 9), 1).map(windowKey)).toEqual(['2026-03-09-A']);
  });

  it('returns exactly count windows, contiguous, for any count and instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 40 }), (ms, count) => {
        const now = new Date(ms);
        const ws = upcomingWindows(now, count);
        expect(ws).toHaveLength(count);
        if (count > 0) expect(ws[0]).toEqual(scheduleAt(now).window);
        for (let i = 1; i < ws.length; i += 1) {
          expect(ws[i]!.opensAt.getTime()).toBeGreaterThan(ws[i - 1]!.closesAt.getTime());
          expect(ws[i]!.slot).not.toBe(ws[i - 1]!.slot);
        }
      }),
    );
  });

  it('rejects a bad count', () => {
    expect(upcomingWindows(new Date(), 0)).toEqual([]);
    expect(() => upcomingWindows(new Date(), -1)).toThrow(RangeError);
    expect(() => upcomingWindows(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe('countdown', () => {
  const now = istDate(2026, 3, MON, 11, 0, 0, 0);

  it('splits into days, hours, minutes and seconds', () => {
    const target = istDate(2026, 3, 4, 23, 59, 59, 999);
    // 2 days 12 h 59 min 59.999 s
    expect(countdown(now, target)).toEqual({ days: 2, hours: 12, minutes: 59, seconds: 59, totalMs: 219_599_999 });
  });

  it('floors to whole seconds', () => {
    expect(countdown(now, new Date(now.getTime() + 999))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      totalMs: 999,
    });
    expect(countdown(now, new Date(now.getTime() + 1000))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      totalMs: 1000,
    });
    expect(countdown(now, new Date(now.getTime() + 61_500))).toMatchObject({ minutes: 1, seconds: 1 });
    expect(countdown(now, new Date(now.getTime() + 86_400_000))).toMatchObject({
      days: 1,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(countdown(now, new Date(now.getTime() + 86_399_999))).toMatchObject({
      days: 0,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
  });

  it('is zero at and after the target', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 };
    expect(countdown(now, now)).toEqual(zero);
    expect(countdown(now, new Date(now.getTime() - 5000))).toEqual(zero);
  });

  it('recomposes to the floored total for any span', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e11 }), (span) => {
        const c = countdown(now, new Date(now.getTime() + span));
        expect(c.totalMs).toBe(Math.max(0, span));
        expect(((c.days * 24 + c.hours) * 60 + c.minutes) * 60 + c.seconds).toBe(Math.floor(Math.max(0, span) / 1000));
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.seconds).toBeLessThan(60);
      }),
    );
  });
});

describe('windowKey and windowContaining', () => {
  it('keys a window by its IST opening date', () => {
    expect(windowKey(scheduleAt(istDate(2026, 12, 31, 12)).window)).toBe('2026-12-31-B');
    // Opening 12:00 IST is 06:30 UTC the same date; a key by UTC date would still agree, but not near midnight.
    expect(windowKey(scheduleAt(istDate(2027, 1, 4, 1)).window)).toBe('2027-01-04-A');
  });

  it('finds the window taking entries, or null in a gap', () => {
    expect(windowContaining(istDate(2026, 3, MON, 11, 59, 59, 999))).toBeNull();
    expect(windowContaining(istDate(2026, 3, 5, 11))).toBeNull();
    expect(windowContaining(istDate(2026, 3, MON, 12))?.slot).toBe('A');
    expect(windowContaining(istDate(2026, 3, 8, 23, 59, 59, 999))?.slot).toBe('B');
  });
});
