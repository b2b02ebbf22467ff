import { DEMO_HEIGHT, DEMO_WIDTH } from './frame.ts';
import { between, f1, type Random } from './random.ts';

// The ball: where a struck one flies, where it may be placed, and how it is drawn.

/** A point just off the face of the bat, away from the batter, where a struck ball would be. */
export function offTheBat(
  b: { x0: number; y0: number; x1: number; y1: number; s: number },
  dir: 1 | -1,
  rnd: Random,
): { x: number; y: number; r: number } {
  const along = between(rnd, 0.55, 0.8);
  const onBat = { x: b.x0 + (b.x1 - b.x0) * along, y: b.y0 + (b.y1 - b.y0) * along };
  const len = Math.hypot(b.x1 - b.x0, b.y1 - b.y0) || 1;
  let nx = -(b.y1 - b.y0) / len;
  let ny = (b.x1 - b.x0) / len;
  if (nx * dir < 0) {
    nx = -nx;
    ny = -ny;
  }
  const gap = between(rnd, 0.22, 0.6) * b.s;
  return { x: onBat.x + nx * gap, y: onBat.y + ny * gap - 0.05 * b.s, r: Math.max(7, 0.036 * b.s) };
}

/** Well inside the picture, so the answer is never at an edge. */
export function inFrame(p: { x: number; y: number }): boolean {
  return p.x > 300 && p.x < DEMO_WIDTH - 300 && p.y > 200 && p.y < DEMO_HEIGHT - 200;
}

export function ballMarkup(ball: { x: number; y: number; r: number }, rnd: Random): string {
  const { x, y, r } = ball;
  const tilt = between(rnd, -60, 60);
  // The seam: a raised band of stitches round the ball, seen edge-on as a gentle curve.
  return `<g transform="translate(${f1(x)},${f1(y)}) rotate(${f1(tilt)})">
<circle r="${f1(r)}" fill="url(#ballShade)"/>
<path d="M${f1(-r * 0.95)},${f1(-r * 0.12)} Q0,${f1(r * 0.28)} ${f1(r * 0.95)},${f1(-r * 0.12)}" fill="none" stroke="#f3e6d0" stroke-width="${f1(Math.max(1, r * 0.13))}" stroke-dasharray="${f1(Math.max(1, r * 0.12))} ${f1(Math.max(1, r * 0.08))}"/>
<path d="M${f1(-r * 0.95)},${f1(r * 0.06)} Q0,${f1(r * 0.46)} ${f1(r * 0.95)},${f1(r * 0.06)}" fill="none" stroke="#e9dcc4" stroke-width="${f1(Math.max(1, r * 0.1))}" stroke-dasharray="${f1(Math.max(1, r * 0.12))} ${f1(Math.max(1, r * 0.08))}"/>
</g>`;
}
