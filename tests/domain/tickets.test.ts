import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TICKET_REASON_MESSAGES,
  TRIAL_MAX_GAMES,
  TRIAL_MAX_TICKETS,
  canAddContestTicket,
  canAddTrialTicket,
  canRemoveTicket,
  canSubmit,
  checkPoint,
  isInsidePicture,
  ticketReasonMessage,
  ticketsAvailableTo,
  type ContestTicketLimits,
  type DraftTicket,
} from '../../domain/tickets.ts';

const limits = (maxPerPerson: number, alreadyHeld: number, ticketsLeft: number): ContestTicketLimits => ({
  maxPerPerson,
  alreadyHeld,
  ticketsLeft,
});

describe('constants and messages', () => {
  it('matches the spec', () => {
    expect(TRIAL_MAX_TICKETS).toBe(10);
    expect(TRIAL_MAX_GAMES).toBe(4);
    expect(TICKET_REASON_MESSAGES).toEqual({
      onlyNAvailable: 'Only {{count}} tickets are available',
      noTicketsAvailable: 'No Tickets Available',
      ticketLimitExceeded: 'Ticket Limit Exceeded',
      maxTicketLimitReached: 'Max Ticket Limit Reached',
      noMoreTickets: 'No More Tickets',
      duplicateCoordinates: 'Duplicate Coordinates',
      lastTicket: 'The last ticket cannot be removed',
      unmarkedTickets: 'Mark all tickets before submitting',
      outOfBounds: 'Mark a point inside the picture',
    });
  });

  it('fills in the count for English messages', () => {
    expect(ticketReasonMessage({ code: 'onlyNAvailable', available: 3 })).toBe('Only 3 tickets are available');
    expect(ticketReasonMessage({ code: 'onlyNAvailable', available: 1 })).toBe('Only 1 ticket is available');
    expect(ticketReasonMessage({ code: 'unmarkedTickets', count: 2 })).toBe('Mark all tickets before submitting');
    expect(ticketReasonMessage({ code: 'noTicketsAvailable' })).toBe('No Tickets Available');
  });
});

describe('ticketsAvailableTo', () => {
  it.each([
    [limits(75, 0, 1000), 75],
    [limits(75, 70, 1000), 5],
    [limits(75, 0, 3), 3],
    [limits(75, 75, 1000), 0],
    [limits(75, 80, 1000), 0], // maxTickets lowered after purchase
    [limits(75, 10, 0), 0],
  ])('%o -> %i', (l, expected) => {
    expect(ticketsAvailableTo(l)).toBe(expected);
  });

  it('rejects nonsense limits', () => {
    expect(() => ticketsAvailableTo(limits(-1, 0, 0))).toThrow(RangeError);
    expect(() => ticketsAvailableTo(limits(1, 0.5, 0))).toThrow(RangeError);
    expect(() => ticketsAvailableTo(limits(1, 0, Number.NaN))).toThrow(RangeError);
  });
});

describe('canAddContestTicket', () => {
  it('allows a ticket within both caps', () => {
    expect(canAddContestTicket(0, limits(75, 0, 1000))).toEqual({ ok: true });
    expect(canAddContestTicket(74, limits(75, 0, 1000))).toEqual({ ok: true });
    expect(canAddContestTicket(4, limits(75, 70, 1000))).toEqual({ ok: true });
    expect(canAddContestTicket(2, limits(75, 0, 3))).toEqual({ ok: true });
    expect(canAddContestTicket(0, limits(75, 0, 1000), 75)).toEqual({ ok: true });
  });

  it('1. noTicketsAvailable when the contest has none left, before any personal limit', () => {
    expect(canAddContestTicket(0, limits(75, 0, 0))).toEqual({ ok: false, reason: { code: 'noTicketsAvailable' } });
    expect(canAddContestTicket(0, limits(75, 75, 0))).toEqual({ ok: false, reason: { code: 'noTicketsAvailable' } });
    expect(canAddContestTicket(3, limits(2, 0, 0))).toEqual({ ok: false, reason: { code: 'noTicketsAvailable' } });
  });

  it('2. ticketLimitExceeded when the person already bought maxTickets', () => {
    expect(canAddContestTicket(0, limits(75, 75, 500))).toEqual({ ok: false, reason: { code: 'ticketLimitExceeded' } });
    expect(canAddContestTicket(0, limits(75, 76, 500))).toEqual({ ok: false, reason: { code: 'ticketLimitExceeded' } });
    expect(canAddContestTicket(0, limits(0, 0, 500))).toEqual({ ok: false, reason: { code: 'ticketLimitExceeded' } });
  });

  it('3a. maxTicketLimitReached when held + draft reach maxTickets and the personal cap is tighter', () => {
    expect(canAddContestTicket(75, limits(75, 0, 1000))).toEqual({
      ok: false,
      reason: { code: 'maxTicketLimitReached' },
    });
    expect(canAddContestTicket(5, limits(75, 70, 1000))).toEqual({
      ok: false,
      reason: { code: 'maxTicketLimitReached' },
    });
    expect(canAddContestTicket(0, limits(75, 70, 1000), 6)).toEqual({
      ok: false,
      reason: { code: 'maxTicketLimitReached' },
    });
  });

  it('3b. onlyNAvailable when the contest stock is the tighter cap', () => {
    expect(canAddContestTicket(3, limits(75, 0, 3))).toEqual({
      ok: false,
      reason: { code: 'onlyNAvailable', available: 3 },
    });
    expect(canAddContestTicket(0, limits(75, 0, 3), 4)).toEqual({
      ok: false,
      reason: { code: 'onlyNAvailable', available: 3 },
    });
    // Others bought meanwhile: the draft is already larger than what is left.
    expect(canAddContestTicket(10, limits(75, 0, 4))).toEqual({
      ok: false,
      reason: { code: 'onlyNAvailable', available: 4 },
    });
  });

  it('3. reports the tighter cap when both are passed, the personal one on a tie', () => {
    // Personal room 5, stock 40: the stock message would mislead.
    expect(canAddContestTicket(5, limits(75, 70, 40))).toEqual({
      ok: false,
      reason: { code: 'maxTicketLimitReached' },
    });
    // Personal room 75, stock 3.
    expect(canAddContestTicket(80, limits(75, 0, 3))).toEqual({
      ok: false,
      reason: { code: 'onlyNAvailable', available: 3 },
    });
    // Both 5.
    expect(canAddContestTicket(5, limits(75, 70, 5))).toEqual({ ok: false, reason: { code: 'maxTicketLimitReached' } });
  });

  it('agrees with ticketsAvailableTo for any input', () => {
    const n = fc.integer({ min: 0, max: 200 });
    fc.assert(
      fc.property(n, n, n, n, fc.integer({ min: 1, max: 20 }), (max, held, left, draft, adding) => {
        const l = limits(max, held, left);
        const result = canAddContestTicket(draft, l, adding);
        expect(result.ok).toBe(draft + adding <= ticketsAvailableTo(l));
        if (!result.ok && result.reason.code === 'onlyNAvailable') {
          expect(result.reason.available).toBe(left);
          expect(result.reason.available).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('rejects nonsense counts', () => {
    expect(() => canAddContestTicket(-1, limits(75, 0, 10))).toThrow(RangeError);
    expect(() => canAddContestTicket(1.5, limits(75, 0, 10))).toThrow(RangeError);
    expect(() => canAddContestTicket(0, limits(75, 0, 10), 0)).toThrow(RangeError);
    expect(() => canAddContestTicket(0, limits(75, 0, 10), 1.5)).toThrow(RangeError);
    expect(() => canAddContestTicket(0, limits(75, -1, 10))).toThrow(RangeError);
  });
});

describe('canAddTrialTicket', () => {
  it('allows up to 10 tickets', () => {
    for (let n = 0; n < 10; n += 1) expect(canAddTrialTicket(n)).toEqual({ ok: true });
    expect(canAddTrialTicket(10)).toEqual({ ok: false, reason: { code: 'noMoreTickets' } });
    expect(canAddTrialTicket(11)).toEqual({ ok: false, reason: { code: 'noMoreTickets' } });
    expect(() => canAddTrialTicket(-1)).toThrow(RangeError);
  });
});

describe('canRemoveTicket', () => {
  it('keeps the last ticket', () => {
    expect(canRemoveTicket(2)).toEqual({ ok: true });
    expect(canRemoveTicket(75)).toEqual({ ok: true });
    expect(canRemoveTicket(1)).toEqual({ ok: false, reason: { code: 'lastTicket' } });
    expect(canRemoveTicket(0)).toEqual({ ok: false, reason: { code: 'lastTicket' } });
    expect(() => canRemoveTicket(Number.NaN)).toThrow(RangeError);
  });
});

describe('checkPoint', () => {
  const picture = { width: 1920, height: 1080 };
  const draft: DraftTicket[] = [
    { id: 't1', point: { x: 100, y: 200 } },
    { id: 't2', point: null },
    { id: 't3', point: { x: 5, y: 5 } },
  ];
  const held = [{ x: 640, y: 360 }];

  it('accepts a free point inside the picture, edges included', () => {
    expect(checkPoint({ x: 0, y: 0 }, picture, draft, held)).toEqual({ ok: true });
    expect(checkPoint({ x: 1919, y: 1079 }, picture, draft, held)).toEqual({ ok: true });
    expect(checkPoint({ x: 101, y: 200 }, picture, draft, held)).toEqual({ ok: true });
  });

  it.each([
    [{ x: -1, y: 0 }],
    [{ x: 0, y: -1 }],
    [{ x: 1920, y: 0 }],
    [{ x: 0, y: 1080 }],
    [{ x: 10.5, y: 10 }],
    [{ x: 10, y: 10.25 }],
    [{ x: Number.NaN, y: 10 }],
    [{ x: Number.POSITIVE_INFINITY, y: 10 }],
  ])('rejects %o as outOfBounds', (point) => {
    expect(checkPoint(point, picture, draft, held)).toEqual({ ok: false, reason: { code: 'outOfBounds' } });
  });

  it('reports outOfBounds before a duplicate', () => {
    expect(checkPoint({ x: 5, y: 5 }, { width: 5, height: 5 }, draft, held)).toEqual({
      ok: false,
      reason: { code: 'outOfBounds' },
    });
  });

  it('rejects a point already in the draft or already held', () => {
    expect(checkPoint({ x: 100, y: 200 }, picture, draft, held)).toEqual({
      ok: false,
      reason: { code: 'duplicateCoordinates' },
    });
    expect(checkPoint({ x: 640, y: 360 }, picture, draft, held)).toEqual({
      ok: false,
      reason: { code: 'duplicateCoordinates' },
    });
    expect(checkPoint({ x: 100, y: 200 }, picture, draft, held, 't2')).toEqual({
      ok: false,
      reason: { code: 'duplicateCoordinates' },
    });
    expect(checkPoint({ x: 640, y: 360 }, picture, draft, held, 't1')).toEqual({
      ok: false,
      reason: { code: 'duplicateCoordinates' },
    });
  });

  it('ignores the ticket being moved', () => {
    expect(checkPoint({ x: 100, y: 200 }, picture, draft, held, 't1')).toEqual({ ok: true });
  });
});

describe('canSubmit', () => {
  it('accepts a fully marked draft without duplicates', () => {
    expect(canSubmit([{ id: 'a', point: { x: 1, y: 2 } }])).toEqual({ ok: true });
    expect(
      canSubmit(
        [
          { id: 'a', point: { x: 1, y: 2 } },
          { id: 'b', point: { x: 2, y: 1 } },
        ],
        [{ x: 3, y: 3 }],
      ),
    ).toEqual({ ok: true });
  });

  it('counts unmarked tickets', () => {
    expect(canSubmit([{ id: 'a', point: null }])).toEqual({ ok: false, reason: { code: 'unmarkedTickets', count: 1 } });
    expect(
      canSubmit([
        { id: 'a', point: { x: 1, y: 1 } },
        { id: 'b', point: null },
        { id: 'c', point: null },
      ]),
    ).toEqual({ ok: false, reason: { code: 'unmarkedTickets', count: 2 } });
  });

  it('refuses an empty draft', () => {
    expect(canSubmit([])).toEqual({ ok: false, reason: { code: 'unmarkedTickets', count: 0 } });
  });

  it('reports unmarked tickets before duplicates', () => {
    expect(
      canSubmit([
        { id: 'a', point: { x: 1, y: 1 } },
        { id: 'b', point: { x: 1, y: 1 } },
        { id: 'c', point: null },
      ]),
    ).toEqual({ ok: false, reason: { code: 'unmarkedTickets', count: 1 } });
  });

  it('rejects duplicates within the draft and against held tickets', () => {
    const twice = [
      { id: 'a', point: { x: 1, y: 1 } },
      { id: 'b', point: { x: 1, y: 1 } },
    ];
    expect(canSubmit(twice)).toEqual({ ok: false, reason: { code: 'duplicateCoordinates' } });
    expect(canSubmit([{ id: 'a', point: { x: 7, y: 8 } }], [{ x: 7, y: 8 }])).toEqual({
      ok: false,
      reason: { code: 'duplicateCoordinates' },
    });
    // (1,11) and (11,1) must not collide through a sloppy key.
    expect(
      canSubmit([
        { id: 'a', point: { x: 1, y: 11 } },
        { id: 'b', point: { x: 11, y: 1 } },
      ]),
    ).toEqual({ ok: true });
  });

  it('accepts exactly the drafts whose points are marked and distinct', () => {
    const point = fc.record({ x: fc.integer({ min: 0, max: 5 }), y: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.array(fc.option(point, { nil: null }), { minLength: 1, maxLength: 12 }), (points) => {
        const draft = points.map((p, i) => ({ id: `t${i}`, point: p }));
        const marked = points.filter((p) => p !== null);
        const distinct = new Set(marked.map((p) => `${p.x}:${p.y}`)).size === marked.length;
        expect(canSubmit(draft).ok).toBe(marked.length === points.length && distinct);
      }),
    );
  });
});

describe('isInsidePicture', () => {
  it('uses half-open bounds', () => {
    expect(isInsidePicture({ x: 0, y: 0 }, { width: 1, height: 1 })).toBe(true);
    expect(isInsidePicture({ x: 1, y: 0 }, { width: 1, height: 1 })).toBe(false);
    expect(isInsidePicture({ x: 0, y: 0 }, { width: 0, height: 0 })).toBe(false);
  });
});
