/**
 * Judging: the judged ball position and the ranking of every confirmed ticket against it.
 *
 * The winner is decided by a comparison of distances, so the comparison must be exact: two
 * tickets at the same true distance must tie (and fall to the earliest entry), never be split by
 * floating-point noise. Distances are therefore compared as squared distances in exact integer
 * arithmetic: plain doubles where every value provably stays an integer below 2^53 (whole-pixel
 * tickets against the judges' mean, i.e. every contest; see fastSquaredDistances), BigInt
 * otherwise. The float distance is only for display.
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
 * The largest |difference| whose square, added to another such square, stays an exact double:
 * with |dx|, |dy| <= 2^26, dx^2 + dy^2 <= 2^53, and every integer up to 2^53 is a double.
 */
const FAST_LIMIT = 2 ** 26;

/**
 * The fast path of exactSquaredDistances: the same count-scaled squares as plain doubles, when
 * every value is an integer small enough that no step rounds. Why it is exact, per ticket:
 * - count*x is checked to be a safe integer (|v| < 2^53), so the product did not round (a
 *   double product is exact when the true result is representable, and every integer below 2^53
 *   is; a rounded product of integers would exceed 2^53 and fail the check);
 * - dx = count*x - sumX is a difference of two safe integers; it is checked to lie within 2^26,
 *   and a difference whose true value is representable is computed exactly;
 * - dx*dx <= 2^52 and dx*dx + dy*dy <= 2^53 are integers no larger than 2^53, so exact too.
 * Hence equal keys mean equal true squared distances and the order of keys is the true order;
 * the comparator's key difference is also exact (two integers of at most 2^53). Null when any
 * value falls outside, and the BigInt path decides.
 */
function fastSquaredDistances(points: readonly TicketPoint[], judged: { x: number; y: number } | JudgedMean): Float64Array | null {
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
  } else {
    return null;
  }
  const keys = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const cx = k * p.x;
    const cy = k * p.y;
    if (!Number.isSafeInteger(cx) || !Number.isSafeInteger(cy)) return null;
    const dx = cx - sx;
    const dy = cy - sy;
    if (dx > FAST_LIMIT || dx < -FAST_LIMIT || dy > FAST_LIMIT || dy < -FAST_LIMIT) return null;
    keys[i] = dx * dx + dy * dy;
  }
  return keys;
}

/**
 * Sorts `order` by exact integer keys without a comparator when key * 2^bits + index stays below
 * 2^53 (bits enough for every index): such a packed number is an exact double, and ordering the
 * packed numbers orders by key, then by index. Runs of equal keys are then put in tie-break order
 * by the comparator (few and short in practice). False when the keys are too large to pack.
 */
function sortPacked(keys: Float64Array, order: Uint32Array, tieBreak: (a: number, b: number) => number): boolean {
  const n = keys.length;
  let maxKey = 0;
  for (let i = 0; i < n; i++) if (keys[i]! > maxKey) maxKey = keys[i]!;
  const span = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  if ((maxKey + 1) * span > 2 ** 53) return false;
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = keys[i]! * span + i;
  packed.sort();
  for (let i = 0; i < n; i++) {
    const v = packed[i]!;
    order[i] = v - Math.floor(v / span) * span;
  }
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && keys[order[end]!] === keys[order[start]!]) end++;
    if (end - start > 1) order.subarray(start, end).sort(tieBreak);
    start = end;
  }
  return true;
}

/**
 * Ranks tickets by distance to the judged point, nearest first. Ties go to the earliest
 * confirmedAt (the spec: the earliest entry wins), then to the smaller id by UTF-16 code units,
 * so the order is total and the same on every machine and locale.
 *
 * `judged` may be a plain point or a JudgedMean from judgedMean(); pass the latter when there is
 * more than one judge so that a mean such as 1/3 pixel is compared exactly.
 *
 * Whole-pixel tickets against an exact mean (every contest) are keyed by exact doubles
 * (fastSquaredDistances); anything else by BigInt. Same order either way (tests/domain).
 */
export function rankTickets(tickets: readonly RankableTicket[], judged: { x: number; y: number } | JudgedMean): RankedTicket[] {
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
  const tieBreak = (a: number, b: number): number => {
    const byTime = times[a]! - times[b]!;
    if (byTime !== 0) return byTime;
    const ia = tickets[a]!.id;
    const ib = tickets[b]!.id;
    if (ia !== ib) return ia < ib ? -1 : 1;
    return 0;
  };
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const fast = fastSquaredDistances(points, judged);
  if (fast && !sortPacked(fast, order, tieBreak)) {
    order.sort((a, b) => fast[a]! - fast[b]! || tieBreak(a, b));
  } else if (!fast) {
    const keys = exactSquaredDistances(points, judged);
    order.sort((a, b) => {
      const ka = keys[a]!;
      const kb = keys[b]!;
      if (ka !== kb) return ka < kb ? -1 : 1;
      return tieBreak(a, b);
    });
  }
  const ranked = new Array<RankedTicket>(n);
  for (let position = 0; position < n; position++) {
    const ticket = tickets[order[position]!]!;
    ranked[position] = { ticket, distance: distance(ticket.point, judged), rank: position + 1 };
  }
  return ranked;
}

/** Whether rankTickets keys these points by exact doubles (true) or by BigInt (for tests and the bench). */
export function usesFastKeys(points: readonly TicketPoint[], judged: { x: number; y: number } | JudgedMean): boolean {
  return fastSquaredDistances(points, judged) !== null;
}
