import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  IST_OFFSET_MS,
  IST_TIME_ZONE,
  countdown,
  istDate,
  istDateTimeFormat,
  istParts,
  scheduleAt,
  upcomingWindows,
  windowContaining,
  windowKey,
  windowState,
  type ContestWindow,
} from '../../domain/schedule.ts';

const iso = (d: Date) => d.toISOString();

/** A window as IST wall-clock strings, so expectations read like the spec. */
function wall(w: ContestWindow) {
  const fmt = (d: Date) => {
    const p = istParts(d);
    const pad = (n: number, l = 2) => String(n).padStart(l, '0');
    return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${pad(p.ms, 3)}`;
  };
  return { slot: w.slot, opensAt: fmt(w.opensAt), closesAt: fmt(w.closesAt), showAt: fmt(w.showAt) };
}

// 2026-03-02 is a Monday.
const MON = 2;

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

describe('scheduleAt: every day and gap of a week', () => {
  const weekA = {
    slot: 'A',
    opensAt: '2026-03-02 12:00:00.000',
    closesAt: '2026-03-04 23:59:59.999',
    showAt: '2026-03-05 21:00:00.000',
  };
  const weekB = {
    slot: 'B',
    opensAt: '2026-03-05 12:00:00.000',
    closesAt: '2026-03-08 23:59:59.999',
    showAt: '2026-03-09 21:00:00.000',
  };
  const lastB = {
    slot: 'B',
    opensAt: '2026-02-26 12:00:00.000',
    closesAt: '2026-03-01 23:59:59.999',
    showAt: '2026-03-02 21:00:00.000',
  };
  const nextA = {
    slot: 'A',
    opensAt: '2026-03-09 12:00:00.000',
    closesAt: '2026-03-11 23:59:59.999',
    showAt: '2026-03-12 21:00:00.000',
  };

  const cases: Array<[string, Date, object, string, object, string, string]> = [
    // label, now, window, state, previous, next show slot, next show at
    ['Monday 00:00 gap', istDate(2026, 3, MON), weekA, 'upcoming', lastB, 'B', '2026-03-02T15:30:00.000Z'],
    [
      'Monday 11:59:59.999',
      istDate(2026, 3, MON, 11, 59, 59, 999),
      weekA,
      'upcoming',
      lastB,
      'B',
      '2026-03-02T15:30:00.000Z',
    ],
    ['Monday 12:00 opening', istDate(2026, 3, MON, 12), weekA, 'open', lastB, 'B', '2026-03-02T15:30:00.000Z'],
    ['Monday 21:00 show of B', istDate(2026, 3, MON, 21), weekA, 'open', lastB, 'B', '2026-03-02T15:30:00.000Z'],
    ['Monday 21:00:00.001', istDate(2026, 3, MON, 21, 0, 0, 1), weekA, 'open', lastB, 'A', '2026-03-05T15:30:00.000Z'],
    ['Tuesday', istDate(2026, 3, 3, 9), weekA, 'open', lastB, 'A', '2026-03-05T15:30:00.000Z'],
    [
      'Wednesday 23:59:59.999',
      istDate(2026, 3, 4, 23, 59, 59, 999),
      weekA,
      'open',
      lastB,
      'A',
      '2026-03-05T15:30:00.000Z',
    ],
    ['Thursday 00:00 gap', istDate(2026, 3, 5), weekB, 'upcoming', weekA, 'A', '2026-03-05T15:30:00.000Z'],
    [
      'Thursday 11:59:59.999',
      istDate(2026, 3, 5, 11, 59, 59, 999),
      weekB,
      'upcoming',
      weekA,
      'A',
      '2026-03-05T15:30:00.000Z',
    ],
    ['Thursday 12:00 opening', istDate(2026, 3, 5, 12), weekB, 'open', weekA, 'A', '2026-03-05T15:30:00.000Z'],
    ['Thursday 21:00:00.001', istDate(2026, 3, 5, 21, 0, 0, 1), weekB, 'open', weekA, 'B', '2026-03-09T15:30:00.000Z'],
    ['Friday', istDate(2026, 3, 6, 18), weekB, 'open', weekA, 'B', '2026-03-09T15:30:00.000Z'],
    ['Saturday', istDate(2026, 3, 7, 1), weekB, 'open', weekA, 'B', '2026-03-09T15:30:00.000Z'],
    [
      'Sunday 23:59:59.999',
      istDate(2026, 3, 8, 23, 59, 59, 999),
      weekB,
      'open',
      weekA,
      'B',
      '2026-03-09T15:30:00.000Z',
    ],
    ['next Monday 00:00', istDate(2026, 3, 9), nextA, 'upcoming', weekB, 'B', '2026-03-09T15:30:00.000Z'],
  ];

  it.each(cases)('%s', (_label, now, window, state, previous, showSlot, showAt) => {
    const s = scheduleAt(now);
    expect(wall(s.window)).toEqual(window);
    expect(s.state).toBe(state);
    expect(wall(s.previous)).toEqual(previous);
    expect(s.nextShow.slot).toBe(showSlot);
    expect(iso(s.nextShow.at)).toBe(showAt);
  });
});

describe('windowState at the exact instants', () => {
  const a = scheduleAt(istDate(2026, 3, MON, 12)).window;

  it.each([
    [istDate(2026, 3, MON, 11, 59, 59, 999), 'upcoming'],
    [istDate(2026, 3, MON, 12, 0, 0, 0), 'open'],
    [istDate(2026, 3, 4, 23, 59, 0, 0), 'open'],
    [istDate(2026, 3, 4, 23, 59, 59, 999), 'open'],
    [istDate(2026, 3, 5, 0, 0, 0, 0), 'closed'],
    [istDate(2027, 1, 1), 'closed'],
    [istDate(2025, 1, 1), 'upcoming'],
  ] as const)('%s is %s', (now, state) => {
    expect(windowState(a, now)).toBe(state);
  });

  it('closes the millisecond after 23:59:59.999', () => {
    expect(windowState(a, new Date(a.closesAt.getTime() + 1))).toBe('closed');
    expect(windowState(a, new Date(a.opensAt.getTime() - 1))).toBe('upcoming');
  });
});

describe('week, month and year boundaries', () => {
  it('handles a window that spans the year end (2026-12-31 Thursday to 2027-01-03 Sunday)', () => {
    const s = scheduleAt(istDate(2027, 1, 1, 10));
    expect(wall(s.window)).toEqual({
      slot: 'B',
      opensAt: '2026-12-31 12:00:00.000',
      closesAt: '2027-01-03 23:59:59.999',
      showAt: '2027-01-04 21:00:00.000',
    });
    expect(s.state).toBe('open');
    expect(wall(s.previous).slot).toBe('A');
    expect(wall(s.previous).opensAt).toBe('2026-12-28 12:00:00.000');
    expect(iso(s.nextShow.at)).toBe(iso(istDate(2027, 1, 4, 21)));
  });

  it('opens contest A of the new year on Monday 2027-01-04', () => {
    const s = scheduleAt(istDate(2027, 1, 4, 0, 0, 0, 0));
    expect(s.state).toBe('upcoming');
    expect(wall(s.window).opensAt).toBe('2027-01-04 12:00:00.000');
    expect(wall(s.previous).closesAt).toBe('2027-01-03 23:59:59.999');
  });

  it('handles the 2028 leap day (Tuesday 29 February)', () => {
    const s = scheduleAt(istDate(2028, 2, 29, 12));
    expect(wall(s.window)).toEqual({
      slot: 'A',
      opensAt: '2028-02-28 12:00:00.000',
      closesAt: '2028-03-01 23:59:59.999',
      showAt: '2028-03-02 21:00:00.000',
    });
    expect(s.state).toBe('open');
  });

  it('handles a window spanning a month end without a leap day (2027-02-25 .. 2027-02-28)', () => {
    const s = scheduleAt(istDate(2027, 2, 28, 23, 59, 59, 999));
    expect(wall(s.window).closesAt).toBe('2027-02-28 23:59:59.999');
    expect(wall(s.window).showAt).toBe('2027-03-01 21:00:00.000');
    expect(scheduleAt(istDate(2027, 3, 1)).state).toBe('upcoming');
  });

  it('handles instants before 1970', () => {
    // 1970-01-01 01:00 IST is 1969-12-31 19:30 UTC: a negative epoch.
    const s = scheduleAt(istDate(1970, 1, 1, 1));
    expect(s.state).toBe('upcoming');
    expect(wall(s.window).opensAt).toBe('1970-01-01 12:00:00.000');
    const wed = scheduleAt(istDate(1969, 12, 31, 13));
    expect(wed.state).toBe('open');
    expect(wall(wed.window).opensAt).toBe('1969-12-29 12:00:00.000');
  });
});

describe('schedule invariants for any instant', () => {
  const instant = fc.integer({ min: 0, max: 6_000_000_000_000 }).map((ms) => new Date(ms));

  it('scheduleAt agrees with windowState and the spec weekdays', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const { window, state, previous, nextShow } = scheduleAt(now);
        expect(state).toBe(windowState(window, now));
        expect(state).not.toBe('closed');
        expect(windowState(previous, now)).toBe('closed');
        expect(window.opensAt.getTime()).toBe(previous.closesAt.getTime() + 12 * 3_600_000 + 1);
        const o = istParts(window.opensAt);
        const c = istParts(window.closesAt);
        const sh = istParts(window.showAt);
        expect([o.weekday, o.hour, o.minute, o.second, o.ms]).toEqual([window.slot === 'A' ? 1 : 4, 12, 0, 0, 0]);
        expect([c.weekday, c.hour, c.minute, c.second, c.ms]).toEqual([window.slot === 'A' ? 3 : 0, 23, 59, 59, 999]);
        expect([sh.weekday, sh.hour, sh.minute]).toEqual([window.slot === 'A' ? 4 : 1, 21, 0]);
        expect(nextShow.at.getTime()).toBeGreaterThanOrEqual(now.getTime());
        // No show lies between now and nextShow: the one before it is already past.
        expect(nextShow.at.getTime() - now.getTime()).toBeLessThanOrEqual(4 * 86_400_000);
        expect(windowContaining(now)).toEqual(state === 'open' ? window : null);
      }),
    );
  });
});

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
