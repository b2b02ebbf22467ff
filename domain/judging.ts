/**
 * Judging: the judged ball position and the ranking of every confirmed ticket against it.
 *
 * The winner is decided by a comparison of distances, so the comparison must be exact: two
 * tickets at the same true distance must tie (and fall to the earliest entry), never be split by
 * floating-point noise. Distances are therefore compared as squared distances in exact integer
 * (BigInt) arithmetic; the float distance is only for display.
 */
import type { TicketPoint } from './tickets.ts';

export interface RankableTicket {
  id: string;
  point: TicketPoint;
  confirmedAt: Date;
}

export interface RankedTicket {
  ticket: RankableTicket;
  /** Euclidean distance in original-photo pixels, for display; ranking does not use it. */
  distance: number;
  /** 1-based and unique: ties on distance are broken by confirmedAt, then by id. */
  rank: number;
}

/**
 * The mean of the judges' marks kept as an exact fraction (sumX / count, sumY / count) beside its
 * float value. With three judges the mean is a third of a pixel, which no float holds exactly;
 * ranking against this form keeps true ties tied.
 */
export interface JudgedMean {
  x: number;
  y: number;
  sumX: number;
  sumY: number;
  count: number;
}

function assertFinitePoint(p: { x: number; y: number }, name: string): void {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`${name} must have finite coordinates`);
}

/** Euclidean distance, in original-photo pixels. */
export function distance(a: TicketPoint, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** The mean of the judges' marks, with its exact fraction; throws on no marks. */
export function judgedMean(marks: readonly TicketPoint[]): JudgedMean {
  if (marks.length === 0) throw new RangeError('judging needs at least one mark');
  let sumX = 0;
  let sumY = 0;
  for (const mark of marks) {
    assertFinitePoint(mark, 'a mark');
    sumX += mark.x;
    sumY += mark.y;
  }
  return { x: sumX / marks.length, y: sumY / marks.length, sumX, sumY, count: marks.length };
}

/** The judged ball position: the mean of the judges' marks; throws on no marks. */
export function judgedPoint(marks: readonly TicketPoint[]): { x: number; y: number } {
  const { x, y } = judgedMean(marks);
  return { x, y };
}

function isExactMean(judged: { x: number; y: number } | JudgedMean): judged is JudgedMean {
  return (
    'count' in judged &&
    Number.isSafeInteger(judged.count) &&
    judged.count > 0 &&
    Number.isSafeInteger(judged.sumX) &&
    Number.isSafeInteger(judged.sumY)
  );
}

/** k such that v * 2^k is an integer. Doubling a float is exact, so the loop never rounds. */
function binaryScale(v: number): number {
  let k = 0;
  for (let scaled = v; !Number.isInteger(scaled); scaled *= 2) k += 1;
  return k;
}

/** The largest binaryScale over the values; a loop, since spreading 10^5 tickets into Math.max overflows the stack. */
function commonScale(values: Iterable<number>): number {
  let scale = 0;
  for (const v of values) scale = Math.max(scale, binaryScale(v));
  return scale;
}

/** v * 2^scale as an exact BigInt, for scale >= binaryScale(v). */
function scaledBigInt(v: number, scale: number): bigint {
  const own = binaryScale(v);
  return BigInt(v * 2 ** own) << BigInt(scale - own);
}

/**
 * Squared distances scaled by one common positive factor, exact. Against an exact mean the factor
 * is count^2: (count*x - sumX)^2 + (count*y - sumY)^2. Against a float point every coordinate is a
 * binary fraction, so scaling all of them by the same power of two makes them integers.
 */
function exactSquaredDistances(points: readonly TicketPoint[], judged: { x: number; y: number } | JudgedMean): bigint[] {
  if (isExactMean(judged)) {
    const k = BigInt(judged.count);
    const sx = BigInt(judged.sumX);
    const sy = BigInt(judged.sumY);
    const scale = commonScale(points.flatMap((p) => [p.x, p.y]));
    const unit = 1n << BigInt(scale);
    return points.map((p) => {
      const dx = k * scaledBigInt(p.x, scale) - sx * unit;
      const dy = k * scaledBigInt(p.y, scale) - sy * unit;
      return dx * dx + dy * dy;
    });
  }
  const scale = commonScale([judged.x, judged.y, ...points.flatMap((p) => [p.x, p.y])]);
  const jx = scaledBigInt(judged.x, scale);
  const jy = scaledBigInt(judged.y, scale);
  return points.map((p) => {
    const dx = scaledBigInt(p.x, scale) - jx;
    const dy = scaledBigInt(p.y, scale) - jy;
    return dx * dx + dy * dy;
  });
}

/**
 * Ranks tickets by distance to the judged point, nearest first. Ties go to the earliest
 * confirmedAt (the spec: the earliest entry wins), then to the smaller id by UTF-16 code units,
 * so the order is total and the same on every machine and locale.
 *
 * `judged` may be a plain point or a JudgedMean from judgedMean(); pass the latter when there is
 * more than one judge so that a mean such as 1/3 pixel is compared exactly.
 */
export function rankTickets(tickets: readonly RankableTicket[], judged: { x: number; y: number } | JudgedMean): RankedTicket[] {
  assertFinitePoint(judged, 'the judged point');
  for (const t of tickets) {
    assertFinitePoint(t.point, `ticket ${t.id}`);
    if (!Number.isFinite(t.confirmedAt.getTime())) throw new RangeError(`ticket ${t.id} has an invalid confirmedAt`);
  }
  const keys = exactSquaredDistances(
    tickets.map((t) => t.point),
    judged,
  );
  const order = tickets.map((_, i) => i);
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const ta = tickets[a]!;
    const tb = tickets[b]!;
    const byTime = ta.confirmedAt.getTime() - tb.confirmedAt.getTime();
    if (byTime !== 0) return byTime;
    if (ta.id !== tb.id) return ta.id < tb.id ? -1 : 1;
    return 0;
  });
  return order.map((index, position) => {
    const ticket = tickets[index]!;
    return { ticket, distance: distance(ticket.point, judged), rank: position + 1 };
  });
}
