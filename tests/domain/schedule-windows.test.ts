import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istDate, istParts, scheduleAt, windowContaining, windowState } from '../../domain/schedule.ts';
import { iso, MON, wall } from '../support/schedule.ts';

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
