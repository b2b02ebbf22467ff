import { type Camera, polygon, project, toCamera, type World } from './camera.ts';
import { DEMO_HEIGHT, DEMO_WIDTH } from './frame.ts';
import { STUMPS_APART } from './ground.ts';
import { type Light, SKIN } from './light.ts';
import { between, f1, pickOne, type Random } from './random.ts';

/** Boundary boards, the stands with their crowd, roof and floodlights, on rings round the ground. */
export function stadiumSvg(cam: Camera, light: Light, rnd: Random): string {
  const centre = { x: 0, z: STUMPS_APART / 2 };
  const ring = (angle: number, radius: number, h: number): World => ({
    x: centre.x + Math.cos(angle) * radius,
    z: centre.z + Math.sin(angle) * radius,
    h,
  });
  const visible = (angle: number) => {
    const p = toCamera(cam, ring(angle, 80, 0));
    if (p.depth < 10) return false;
    const x = cam.originX + (p.right * cam.focal) / p.depth;
    return x > -900 && x < DEMO_WIDTH + 900;
  };
  const step = (1.5 * Math.PI) / 180;
  const angles: number[] = [];
  for (let a = 0; a < Math.PI * 2; a += step) if (visible(a) || visible(a + step)) angles.push(a);

  const parts: string[] = [];
  // Stand structure: lower and upper tiers.
  for (const a of angles) {
    const lower = polygon(cam, [ring(a, 68, 0), ring(a + step, 68, 0), ring(a + step, 92, 22), ring(a, 92, 22)]);
    if (lower)
      parts.push(`<polygon points="${lower}" fill="${light.stand}" stroke="${light.stand}" stroke-width="2"/>`);
    const roof = polygon(cam, [ring(a, 90, 24), ring(a + step, 90, 24), ring(a + step, 100, 30), ring(a, 100, 30)]);
    if (roof) parts.push(`<polygon points="${roof}" fill="#3b3d42" stroke="#3b3d42" stroke-width="2"/>`);
  }
  // The crowd: one small figure per seat, seats 0.55 m apart on 24 rows.
  const shirts = [
    '#1f5fbf',
    '#1f5fbf',
    '#2a6dd1',
    '#ff9933',
    '#f2f2f2',
    '#f2c21b',
    '#d33',
    '#1e7a4a',
    '#6b1f3a',
    '#333',
    '#e3702b',
    '#9bd',
  ];
  if (angles.length > 0) {
    const a0 = angles[0]!;
    const a1 = angles[angles.length - 1]! + step;
    for (let row = 0; row < 24; row += 1) {
      const radius = 69 + row * 0.95;
      const h = 0.9 + row * 0.87;
      const seats = Math.ceil(((a1 - a0) * radius) / 0.55);
      for (let i = 0; i < seats; i += 1) {
        if (rnd() < 0.12) continue; // empty seat
        const a = a0 + ((i + between(rnd, -0.2, 0.2)) * 0.55) / radius;
        const body = project(cam, ring(a, radius, h + 0.35));
        if (body.depth < 10 || body.x < -60 || body.x > DEMO_WIDTH + 60 || body.y < -60 || body.y > DEMO_HEIGHT + 60)
          continue;
        const s = body.s;
        parts.push(
          `<rect x="${f1(body.x - 0.2 * s)}" y="${f1(body.y - 0.05 * s)}" width="${f1(0.4 * s)}" height="${f1(0.5 * s)}" rx="${f1(0.1 * s)}" fill="${pickOne(rnd, shirts)}"/><circle cx="${f1(body.x)}" cy="${f1(body.y - 0.17 * s)}" r="${f1(0.11 * s)}" fill="${pickOne(rnd, SKIN)}"/>`,
        );
      }
    }
  }
  // Floodlight towers.
  for (const a of [0.6, 2.5, 3.8, 5.7]) {
    const base = project(cam, ring(a, 105, 0));
    if (base.depth < 20 || base.x < -300 || base.x > DEMO_WIDTH + 300) continue;
    const top = project(cam, ring(a, 105, 48));
    parts.push(
      `<line x1="${f1(base.x)}" y1="${f1(base.y)}" x2="${f1(top.x)}" y2="${f1(top.y)}" stroke="#555a60" stroke-width="${f1(0.8 * base.s)}"/>`,
    );
    const w = 6 * top.s;
    const h = 3.5 * top.s;
    const lit = light.time === 'night' || light.time === 'evening';
    parts.push(
      `<rect x="${f1(top.x - w / 2)}" y="${f1(top.y - h)}" width="${f1(w)}" height="${f1(h)}" fill="${lit ? '#fffbe8' : '#4a4f55'}"/>`,
    );
    if (lit) parts.push(`<circle cx="${f1(top.x)}" cy="${f1(top.y - h / 2)}" r="${f1(w * 1.4)}" fill="url(#glow)"/>`);
  }
  // Boundary boards.
  const boardColours = ['#0b3d91', '#e4002b', '#ffcc00', '#00843d', '#111111', '#ff6a13', '#ffffff'];
  for (let i = 0; i < 180; i += 1) {
    const a = (i / 180) * Math.PI * 2;
    const b = ((i + 1) / 180) * Math.PI * 2;
    const board = polygon(cam, [ring(a, 65, 0), ring(b, 65, 0), ring(b, 65, 0.9), ring(a, 65, 0.9)]);
    if (!board) continue;
    parts.push(
      `<polygon points="${board}" fill="${boardColours[Math.floor(i / 3) % boardColours.length]}" stroke="#222" stroke-width="1"/>`,
    );
  }
  return parts.join('');
}
