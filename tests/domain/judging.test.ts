import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, judgedMean, judgedPoint, rankTickets, type RankableTicket } from '../../domain/judging.ts';

const at = (s: number) => new Date(Date.UTC(2026, 2, 5, 10, 0, s));
const ticket = (id: string, x: number, y: number, second = 0): RankableTicket => ({
  id,
  point: { x, y },
  confirmedAt: at(second),
});
const ids = (ranked: ReturnType<typeof rankTickets>) => ranked.map((r) => r.ticket.id);

describe('distance', () => {
  it('is Euclidean in original pixels', () => {
    expect(distance({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
    expect(distance({ x: 10, y: 10 }, { x: 10, y: 10 })).toBe(0);
    expect(distance({ x: 1, y: 1 }, { x: 1.5, y: 1.5 })).toBeCloseTo(Math.SQRT1_2, 12);
  });
});

describe('judgedPoint and judgedMean', () => {
  it('is the mean of the marks', () => {
    expect(judgedPoint([{ x: 100, y: 200 }])).toEqual({ x: 100, y: 200 });
    expect(
      judgedPoint([
        { x: 100, y: 200 },
        { x: 101, y: 203 },
      ]),
    ).toEqual({ x: 100.5, y: 201.5 });
    expect(
      judgedMean([
        { x: 1, y: 0 },
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ]),
    ).toEqual({ x: 1 / 3, y: 1 / 3, sumX: 1, sumY: 1, count: 3 });
  });

  it('throws on no marks or broken marks', () => {
    expect(() => judgedPoint([])).toThrow(RangeError);
    expect(() => judgedMean([{ x: Number.NaN, y: 1 }])).toThrow(RangeError);
  });
});

describe('rankTickets', () => {
  it('orders by distance and numbers ranks from 1', () => {
    const ranked = rankTickets([ticket('far', 50, 50), ticket('near', 11, 10), ticket('exact', 10, 10)], {
      x: 10,
      y: 10,
    });
    expect(ids(ranked)).toEqual(['exact', 'near', 'far']);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(ranked.map((r) => r.distance)).toEqual([0, 1, Math.hypot(40, 40)]);
  });

  it('gives a tie to the earliest confirmation, then to the smaller id', () => {
    // All four are at distance 5 from (0, 0).
    const ranked = rankTickets(
      [ticket('late', 3, 4, 30), ticket('b', -4, 3, 10), ticket('a', 0, -5, 10), ticket('early', 5, 0, 1)],
      { x: 0, y: 0 },
    );
    expect(ids(ranked)).toEqual(['early', 'a', 'b', 'late']);
  });

  it('compares ids by code units, not by locale', () => {
    const ranked = rankTickets([ticket('b', 1, 0), ticket('B', 0, 1), ticket('a', -1, 0)], { x: 0, y: 0 });
    expect(ids(ranked)).toEqual(['B', 'a', 'b']);
  });

  it('keeps a true tie against a mean of three judges (1/3 pixel), where floats would split it', () => {
    // Judges at (0,0), (0,0), (1,0): the mean x is 1/3. (-1, 1) and (2, 0) are both at squared distance 25/9.
    const marks = [
      { x: 0, y: 0 },
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ];
    const tickets = [ticket('later', -1, 1, 20), ticket('earlier', 2, 0, 10)];
    const floatJudged = judgedPoint(marks);
    const floatSquares = tickets.map((t) => (t.point.x - floatJudged.x) ** 2 + (t.point.y - floatJudged.y) ** 2);
    // The premise: in floats these two are not equal, so a float comparison would ignore the entry time.
    expect(floatSquares[0]).not.toBe(floatSquares[1]);
    expect(ids(rankTickets(tickets, judgedMean(marks)))).toEqual(['earlier', 'later']);
    expect(ids(rankTickets([...tickets].reverse(), judgedMean(marks)))).toEqual(['earlier', 'later']);
  });

  it('is exact against a float judged point too (half pixels)', () => {
    const tickets = [ticket('later', 101, 200, 9), ticket('earlier', 100, 200, 1)];
    expect(ids(rankTickets(tickets, { x: 100.5, y: 200 }))).toEqual(['earlier', 'later']);
    // A tiny offset decides, however small.
    expect(ids(rankTickets(tickets, { x: 100.5 + 2 ** -40, y: 200 }))).toEqual(['later', 'earlier']);
  });

  it('accepts non-integer ticket points against an exact mean', () => {
    const ranked = rankTickets(
      [ticket('b', 0.75, 0, 1), ticket('a', 0.5, 0, 2)],
      judgedMean([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 0 },
      ]),
    );
    // Mean x = 2/3: |0.75 - 2/3| = 1/12 < |0.5 - 2/3| = 1/6.
    expect(ids(ranked)).toEqual(['b', 'a']);
  });

  it('handles no tickets and one ticket', () => {
    expect(rankTickets([], { x: 1, y: 1 })).toEqual([]);
    expect(rankTickets([ticket('only', 0, 0)], { x: 1, y: 1 })).toEqual([
      { ticket: ticket('only', 0, 0), distance: Math.SQRT2, rank: 1 },
    ]);
  });

  it('still numbers every entry uniquely if an id repeats', () => {
    const ranked = rankTickets([ticket('same', 1, 1), ticket('same', 1, 1), ticket('other', 0, 0)], { x: 0, y: 0 });
    expect(ranked.map((r) => [r.ticket.id, r.rank])).toEqual([
      ['other', 1],
      ['same', 2],
      ['same', 3],
    ]);
  });

  it('does not reorder its input', () => {
    const input = [ticket('b', 9, 9), ticket('a', 0, 0)];
    rankTickets(input, { x: 0, y: 0 });
    expect(input.map((t) => t.id)).toEqual(['b', 'a']);
  });

  it('rejects broken input', () => {
    expect(() => rankTickets([ticket('a', 0, 0)], { x: Number.NaN, y: 0 })).toThrow(RangeError);
    expect(() => rankTickets([ticket('a', Number.POSITIVE_INFINITY, 0)], { x: 0, y: 0 })).toThrow(RangeError);
    expect(() =>
      rankTickets([{ id: 'a', point: { x: 0, y: 0 }, confirmedAt: new Date(Number.NaN) }], { x: 0, y: 0 }),
    ).toThrow(RangeError);
  });

  it('ranks 100,000 tickets', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ticket(`t${i}`, i % 1000, Math.floor(i / 1000), i % 60));
    const ranked = rankTickets(
      many,
      judgedMean([
        { x: 500, y: 50 },
        { x: 501, y: 50 },
        { x: 500, y: 51 },
      ]),
    );
    expect(ranked).toHaveLength(100_000);
    expect(ranked[0]!.ticket.point).toEqual({ x: 500, y: 50 });
  });
});

describe('rankTickets properties', () => {
  const coord = fc.integer({ min: 0, max: 40 });
  const tickets = fc
    .array(fc.record({ x: coord, y: coord, second: fc.integer({ min: 0, max: 5 }) }), { maxLength: 40 })
    .map((rows) => rows.map((r, i) => ticket(`t${String(i).padStart(2, '0')}`, r.x, r.y, r.second)));
  const marks = fc.array(fc.record({ x: coord, y: coord }), { minLength: 1, maxLength: 5 });

  /** Squared distance times count^2, exact in numbers at this size. */
  const exactKey = (t: RankableTicket, m: { sumX: number; sumY: number; count: number }) =>
    (t.point.x * m.count - m.sumX) ** 2 + (t.point.y * m.count - m.sumY) ** 2;

  it('ranks are a permutation, sorted by exact distance, ties by time then id', () => {
    fc.assert(
      fc.property(tickets, marks, fc.boolean(), (ts, ms, exact) => {
        const mean = judgedMean(ms);
        const ranked = rankTickets(ts, exact ? mean : judgedPoint(ms));
        expect(ranked.map((r) => r.rank)).toEqual(ts.map((_, i) => i + 1));
        expect(ranked.map((r) => r.ticket.id).sort()).toEqual(ts.map((t) => t.id).sort());
        for (let i = 1; i < ranked.length; i += 1) {
          const a = ranked[i - 1]!.ticket;
          const b = ranked[i]!.ticket;
          const ka = exactKey(a, mean);
          const kb = exactKey(b, mean);
          if (exact || (Number.isInteger(mean.x * 4) && Number.isInteger(mean.y * 4))) {
            // Exact means, and dyadic float means (1, 2 or 4 judges), must order exactly.
            expect(ka).toBeLessThanOrEqual(kb);
            if (ka === kb) {
              const ta = a.confirmedAt.getTime();
              const tb = b.confirmedAt.getTime();
              expect(ta).toBeLessThanOrEqual(tb);
              if (ta === tb) expect(a.id < b.id).toBe(true);
            }
          }
          expect(ranked[i - 1]!.distance).toBeLessThanOrEqual(ranked[i]!.distance + 1e-9);
        }
      }),
    );
  });

  it('does not depend on input order', () => {
    fc.assert(
      fc.property(tickets, marks, fc.integer(), (ts, ms, seed) => {
        const shuffled = [...ts].sort(
          (a, b) => ((a.id.charCodeAt(2) * 31 + seed) % 7) - ((b.id.charCodeAt(2) * 31 + seed) % 7),
        );
        expect(ids(rankTickets(shuffled, judgedMean(ms)))).toEqual(ids(rankTickets(ts, judgedMean(ms))));
      }),
    );
  });
});

describe('rankTickets at the edge of exact double keys', () => {
  it('keeps a tie exact right at the bound, where the squares reach 2^53, and splits what differs by one beyond it', () => {
    const ranked = rankTickets([ticket('later', 2 ** 26, 2 ** 26, 9), ticket('earlier', -(2 ** 26), 2 ** 26, 1)], {
      x: 0,
      y: 0,
    });
    expect(ids(ranked)).toEqual(['earlier', 'later']);
    // Squared distances 2^53 + 2^27 + 1 and 2^53: a double cannot hold the first; BigInt decides.
    const beyond = rankTickets([ticket('far', 2 ** 26 + 1, 2 ** 26, 1), ticket('near', 2 ** 26, 2 ** 26, 9)], {
      x: 0,
      y: 0,
    });
    expect(ids(beyond)).toEqual(['near', 'far']);
  });

  const bigintOrder = (ts: RankableTicket[], mean: { sumX: number; sumY: number; count: number }) => {
    const key = (t: RankableTicket) =>
      (BigInt(t.point.x) * BigInt(mean.count) - BigInt(mean.sumX)) ** 2n +
      (BigInt(t.point.y) * BigInt(mean.count) - BigInt(mean.sumY)) ** 2n;
    return [...ts]
      .sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        if (ka !== kb) return ka < kb ? -1 : 1;
        const dt = a.confirmedAt.getTime() - b.confirmedAt.getTime();
        return dt !== 0 ? dt : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      })
      .map((t) => t.id);
  };

  it('orders exactly as BigInt keys would, on both sides of the bound (double and BigInt keys)', () => {
    const big = fc.oneof(fc.integer({ min: -(2 ** 27), max: 2 ** 27 }), fc.integer({ min: -3, max: 3 }));
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: big, y: big, second: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.array(fc.record({ x: big, y: big }), { minLength: 1, maxLength: 9 }),
        (rows, ms) => {
          const ts = rows.map((r, i) => ticket(`t${String(i).padStart(2, '0')}`, r.x, r.y, r.second));
          const mean = judgedMean(ms);
          expect(ids(rankTickets(ts, mean))).toEqual(bigintOrder(ts, mean));
        },
      ),
    );
  });

  it('never trusts a count*x that rounded: near 2^53 the BigInt path decides', () => {
    // Three judges summing to 2^53 - 1; 3 * 3002399751580331 = 2^53 + 1 rounds to 2^53 in a double,
    // which would put 'rounded' at scaled distance 1 (a tie with 'exact'), not its true 2.
    const marks = [
      { x: 3002399751580330, y: 0 },
      { x: 3002399751580330, y: 0 },
      { x: 3002399751580331, y: 0 },
    ];
    const ranked = rankTickets(
      [ticket('rounded', 3002399751580331, 0, 1), ticket('exact', 3002399751580330, 0, 9)],
      judgedMean(marks),
    );
    expect(ids(ranked)).toEqual(['exact', 'rounded']);
  });

  it('breaks long runs of equal distance by time then id at contest size', () => {
    // 20,000 tickets on 9 points around the mean: runs of thousands of exact ties.
    const many = Array.from({ length: 20_000 }, (_, i) =>
      ticket(`id${(i * 7919) % 20_000}`, 100 + (i % 3), 100 + ((i >> 2) % 3), (i * 13) % 50),
    );
    const mean = judgedMean([
      { x: 101, y: 101 },
      { x: 100, y: 101 },
      { x: 102, y: 101 },
    ]);
    expect(ids(rankTickets(many, mean))).toEqual(bigintOrder(many, mean));
  });
});

describe('rankTickets: the fast integer path and the exact fallback agree', () => {
  const at = new Date(Date.UTC(2026, 10, 23));
  const t = (id: string, x: number, y: number): RankableTicket => ({ id, point: { x, y }, confirmedAt: at });

  it('orders huge coordinates (beyond the double-exact range) exactly, through BigInt', () => {
    // (2^27 + 1)^2 and (2^27)^2 + ... differ by less than a double's spacing at that size.
    const big = 2 ** 27;
    const ranked = rankTickets([t('far', big + 1, 0), t('near', big, 0)], { x: 0, y: 0 });
    expect(ranked.map((r) => r.ticket.id)).toEqual(['near', 'far']);
  });

  it('gives the same order for integer points whichever path runs', () => {
    const tickets = Array.from({ length: 500 }, (_, i) =>
      t(`t${String(i).padStart(3, '0')}`, (i * 37) % 101, (i * 53) % 97),
    );
    const mean = judgedMean([
      { x: 50, y: 40 },
      { x: 51, y: 41 },
      { x: 50, y: 43 },
    ]);
    const fast = rankTickets(tickets, mean).map((r) => r.ticket.id);
    // A fractional ticket far away forces the BigInt path for the whole set; it ranks last.
    const slow = rankTickets([...tickets, t('zz-fraction', 100000.5, 0)], mean).map((r) => r.ticket.id);
    expect(slow.slice(0, -1)).toEqual(fast);
    expect(slow.at(-1)).toBe('zz-fraction');
  });
});
