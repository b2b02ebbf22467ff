import { type Camera, NEAR, polygon, project, quad, type Screen } from './camera.ts';
import type { Light } from './light.ts';
import { between, f1, pickOne, type Random } from './random.ts';

// The ground: outfield, pitch, creases and stumps.

export const PITCH_HALF_WIDTH = 1.525;
export const STUMPS_APART = 20.12;

export function groundSvg(cam: Camera, light: Light, rnd: Random): string {
  const parts: string[] = [];
  // Outfield in mowing stripes parallel to the pitch.
  for (let i = -14; i < 14; i += 1) {
    const x0 = i * 5;
    const pts = polygon(cam, quad(x0, -75, x0 + 5, 95));
    if (pts) parts.push(`<polygon points="${pts}" fill="${i % 2 === 0 ? light.grassA : light.grassB}"/>`);
  }
  // Pitch with its worn ends.
  const pitch = polygon(cam, quad(-PITCH_HALF_WIDTH, -2.4, PITCH_HALF_WIDTH, STUMPS_APART + 2.4));
  parts.push(`<polygon points="${pitch}" fill="${light.pitch}"/>`);
  // Worn ends, in layers that fade out toward the edges (no blur filter: it costs seconds).
  for (const z of [0.3, STUMPS_APART - 0.3]) {
    for (const k of [1, 0.75, 0.5]) {
      const worn = polygon(cam, quad(-1.1 * k, z - 2.2 * k, 1.1 * k, z + 2.2 * k));
      if (worn) parts.push(`<polygon points="${worn}" fill="${light.pitchWorn}" opacity="0.3"/>`);
      const middle = polygon(cam, quad(-0.45 * k, z - 3.4 * k, 0.45 * k, z + 3.4 * k));
      if (middle) parts.push(`<polygon points="${middle}" fill="${light.pitchWorn}" opacity="0.18"/>`);
    }
  }
  // Scuffs: small darker spots where bowlers land.
  for (let i = 0; i < 26; i += 1) {
    const x = between(rnd, -1.2, 1.2);
    const z = pickOne(rnd, [between(rnd, 1.5, 8), between(rnd, STUMPS_APART - 8, STUMPS_APART - 1.5)]);
    const spot = polygon(cam, quad(x - 0.08, z - 0.08, x + 0.08, z + 0.08));
    if (spot) parts.push(`<polygon points="${spot}" fill="#8a6d43" opacity="0.35"/>`);
  }
  // Creases at both ends: bowling crease through the stumps, popping crease 1.22 m in front,
  // return creases at the sides.
  const line = 0.05;
  for (const end of [0, STUMPS_APART]) {
    const toward = end === 0 ? 1 : -1;
    const popping = end + toward * 1.22;
    const lines = [
      quad(-1.32, end - line / 2, 1.32, end + line / 2),
      quad(-1.83, popping - line / 2, 1.83, popping + line / 2),
      ...[-1.32, 1.32].map((x) =>
        quad(
          x - line / 2,
          Math.min(end - toward * 1.22, popping + toward * 1.22),
          x + line / 2,
          Math.max(end - toward * 1.22, popping + toward * 1.22),
        ),
      ),
    ];
    for (const l of lines) {
      const pts = polygon(cam, l);
      if (pts) parts.push(`<polygon points="${pts}" fill="#f7f7f2"/>`);
    }
  }
  return parts.join('');
}

export function stumpsSvg(cam: Camera, z: number): { depth: number; svg: string } {
  const parts: string[] = [];
  const tops: Screen[] = [];
  let depth = 0;
  for (const x of [-0.114, 0, 0.114]) {
    const base = project(cam, { x, z, h: 0 });
    const top = project(cam, { x, z, h: 0.711 });
    depth = base.depth;
    if (base.depth < NEAR) return { depth, svg: '' };
    const w = Math.max(2, 0.036 * base.s);
    parts.push(
      `<line x1="${f1(base.x)}" y1="${f1(base.y)}" x2="${f1(top.x)}" y2="${f1(top.y)}" stroke="#efe2c0" stroke-width="${f1(w)}" stroke-linecap="round"/>`,
    );
    parts.push(
      `<line x1="${f1(base.x + w * 0.25)}" y1="${f1(base.y)}" x2="${f1(top.x + w * 0.25)}" y2="${f1(top.y)}" stroke="#b9a57a" stroke-width="${f1(w * 0.3)}"/>`,
    );
    tops.push(top);
  }
  for (let i = 0; i < 2; i += 1) {
    const a = tops[i]!;
    const b = tops[i + 1]!;
    parts.push(
      `<line x1="${f1(a.x)}" y1="${f1(a.y - 0.012 * a.s)}" x2="${f1(b.x)}" y2="${f1(b.y - 0.012 * b.s)}" stroke="#e8d6a8" stroke-width="${f1(Math.max(2, 0.02 * a.s))}" stroke-linecap="round"/>`,
    );
  }
  return { depth, svg: parts.join('') };
}
