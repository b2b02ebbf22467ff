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
function exactSquaredDistances(
  points: readonly TicketPoint[],
  judged: { x: number; y: number } | JudgedMean,
): bigint[] {
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
export function rankTickets(
  tickets: readonly RankableTicket[],
  judged: { x: number; y: number } | JudgedMean,
): RankedTicket[] {
  assertFinitePoint(judged, 'the judged point');
  const n = tickets.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = tickets[i]!;
    assertFinitePoint(t.point, `ticket ${t.id}`);
    const time = t.confirmedAt.getTime();
    if (!Number.isFinite(time)) throw new RangeError(`ticket ${t.id} has an invalid confirmedAt`);
    times[i] = time;
  }
  const points = tickets.map((t) => t.point);
  // Integer pixels (every real ticket) take the fast exact path; anything else the BigInt one.
  const keys: Float64Array | bigint[] = smallIntegerKeys(points, judged) ?? exactSquaredDistances(points, judged);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const byTime = times[a]! - times[b]!;
    if (byTime !== 0) return byTime;
    const ia = tickets[a]!.id;
    const ib = tickets[b]!.id;
    if (ia !== ib) return ia < ib ? -1 : 1;
    return 0;
  });
  const ranked: RankedTicket[] = new Array<RankedTicket>(n);
  for (let position = 0; position < n; position++) {
    const ticket = tickets[order[position]!]!;
    ranked[position] = { ticket, distance: distance(ticket.point, judged), rank: position + 1 };
  }
  return ranked;
}

/** Below this, dx^2 + dy^2 < 2^53: the sum of two squares is exact in a double. */
const EXACT_DIFF_LIMIT = 2 ** 26;

/**
 * The same scaled squared distances as exactSquaredDistances, as doubles, when that is exact:
 * integer ticket points and an integer judged point or an exact mean (sumX, sumY, count), with
 * every scaled difference |count*x - sumX| below 2^26 (photos are at most 12,000 px and judges at
 * most 9, so differences stay below 2^17). Null when any of that fails: the BigInt path decides.
 */
function smallIntegerKeys(
  points: readonly TicketPoint[],
  judged: { x: number; y: number } | JudgedMean,
): Float64Array | null {
  let k: number;
  let sx: number;
  let sy: number;
  if (isExactMean(judged)) {
    k = judged.count;
    sx = judged.sumX;
    sy = judged.sumY;
  } else if (Number.isSafeInteger(judged.x) && Number.isSafeInteger(judged.y)) {
    k = 1;
    sx = judged.x;
    sy = judged.y;
  } else return null;
  const keys = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (!Number.isInteger(p.x) || !Number.isInteger(p.y)) return null;
    // count*x must not round: a product above 2^53 could land within 2^26 of sumX by rounding.
    if (!Number.isSafeInteger(k * p.x) || !Number.isSafeInteger(k * p.y)) return null;
    const dx = k * p.x - sx;
    const dy = k * p.y - sy;
    if (!(Math.abs(dx) < EXACT_DIFF_LIMIT && Math.abs(dy) < EXACT_DIFF_LIMIT)) return null;
    keys[i] = dx * dx + dy * dy;
  }
  return keys;
}
