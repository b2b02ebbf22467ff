import sharp from 'sharp';

/**
 * Demo cricket photos drawn by code, so a fresh install has practice pairs and a contest
 * picture without shipping or downloading images. A scene is a small 3D world (pitch, creases,
 * stumps, players, boundary boards, stands) seen through a pinhole camera whose angle, lens,
 * light and kits vary with the seed; it is rendered twice, with and without the ball, and the
 * two renders differ only where the ball was. Ground shadows are not drawn for the ball, so
 * the ball-removed picture leaves nothing at its spot.
 */

/** The world is drawn in this space and scaled to the requested size. */
export const DEMO_WIDTH = 2400;
export const DEMO_HEIGHT = 1600;
export const DEMO_JPEG_QUALITY = 85;

export interface DemoScene {
  seed: number;
  /** Short description for logs, e.g. 'end-on, day, ball in flight'. */
  title: string;
  width: number;
  height: number;
  /** The ball centre in pixels of these pictures. */
  ball: { x: number; y: number };
  /** Radius of the drawn ball, in pixels of these pictures. */
  ballRadius: number;
  withBall: Buffer;
  withoutBall: Buffer;
}

export interface DemoRenderOptions {
  width?: number;
  height?: number;
  quality?: number;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness: the same seed draws the same scene on every machine.

type Random = () => number;

function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rnd: Random, lo: number, hi: number) => lo + (hi - lo) * rnd();
const pickOne = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

// ---------------------------------------------------------------------------------------------
// Camera. World: x across the pitch (off side positive for a right-handed batter), z along it
// from the striker's stumps (z = 0) to the bowler's (z = 20.12), h up; metres.

interface World {
  x: number;
  z: number;
  h: number;
}
interface Screen {
  x: number;
  y: number;
  /** Pixels per metre at this depth. */
  s: number;
  depth: number;
}

interface Camera {
  cx: number;
  cz: number;
  ch: number;
  /** Forward (fx, fz) and right (rx, rz) unit vectors on the ground; the camera looks level. */
  fx: number;
  fz: number;
  rx: number;
  rz: number;
  focal: number;
  originX: number;
  horizonY: number;
}

const NEAR = 2;

/**
 * A level camera `distance` metres from `target` (on the ground), at `height`, turned by `yaw`
 * degrees from the bowler's end (0) toward the off side (90); the target lands on screen at
 * (targetX, targetY) and a 1.8 m player standing there is `playerPx` tall.
 */
function makeCamera(o: {
  target: { x: number; z: number };
  yaw: number;
  distance: number;
  height: number;
  playerPx: number;
  targetX: number;
  targetY: number;
}): Camera {
  const a = (o.yaw * Math.PI) / 180;
  // Looking from the bowler's end toward the striker is looking toward -z.
  const fx = -Math.sin(a);
  const fz = -Math.cos(a);
  const rx = -fz;
  const rz = fx;
  const focal = (o.playerPx / 1.8) * o.distance;
  return {
    cx: o.target.x - fx * o.distance,
    cz: o.target.z - fz * o.distance,
    ch: o.height,
    fx,
    fz,
    rx,
    rz,
    focal,
    originX: o.targetX,
    horizonY: o.targetY - (focal * o.height) / o.distance,
  };
}

function toCamera(cam: Camera, p: World): { right: number; up: number; depth: number } {
  const dx = p.x - cam.cx;
  const dz = p.z - cam.cz;
  return { right: dx * cam.rx + dz * cam.rz, up: p.h - cam.ch, depth: dx * cam.fx + dz * cam.fz };
}

function fromCamera(cam: Camera, c: { right: number; up: number; depth: number }): Screen {
  const s = cam.focal / c.depth;
  return { x: cam.originX + c.right * s, y: cam.horizonY - c.up * s, s, depth: c.depth };
}

function project(cam: Camera, p: World): Screen {
  return fromCamera(cam, toCamera(cam, p));
}

/** A world polygon clipped to what is in front of the camera, as an SVG points list ('' when hidden). */
function polygon(cam: Camera, points: World[]): string {
  const inCam = points.map((p) => toCamera(cam, p));
  const clipped: typeof inCam = [];
  for (let i = 0; i < inCam.length; i += 1) {
    const a = inCam[i]!;
    const b = inCam[(i + 1) % inCam.length]!;
    if (a.depth >= NEAR) clipped.push(a);
    if (a.depth >= NEAR !== b.depth >= NEAR) {
      const t = (NEAR - a.depth) / (b.depth - a.depth);
      clipped.push({ right: a.right + t * (b.right - a.right), up: a.up + t * (b.up - a.up), depth: NEAR });
    }
  }
  if (clipped.length < 3) return '';
  return clipped
    .map((c) => fromCamera(cam, c))
    .map((p) => `${f1(p.x)},${f1(p.y)}`)
    .join(' ');
}

const ground = (x: number, z: number): World => ({ x, z, h: 0 });
const quad = (x0: number, z0: number, x1: number, z1: number) => [
  ground(x0, z0),
  ground(x1, z0),
  ground(x1, z1),
  ground(x0, z1),
];

// ---------------------------------------------------------------------------------------------
// Light and colour.

type TimeOfDay = 'day' | 'afternoon' | 'evening' | 'night';

interface Light {
  time: TimeOfDay;
  skyTop: string;
  skyBottom: string;
  grassA: string;
  grassB: string;
  pitch: string;
  pitchWorn: string;
  stand: string;
  /** Shadows on the ground: direction (unit, world) and length per metre of height. */
  shadows: Array<{ dx: number; dz: number; length: number; opacity: number }>;
  tint: { colour: string; opacity: number };
}

function lightFor(time: TimeOfDay, rnd: Random): Light {
  const sun = between(rnd, 0, Math.PI * 2);
  const dir = { dx: Math.cos(sun), dz: Math.sin(sun) };
  switch (time) {
    case 'day':
      return {
        time,
        skyTop: '#5d9fd8',
        skyBottom: '#cfe6f5',
        grassA: '#4f9a3c',
        grassB: '#5aa845',
        pitch: '#c9b07a',
        pitchWorn: '#b89a63',
        stand: '#6c6f75',
        shadows: [{ ...dir, length: 0.45, opacity: 0.42 }],
        tint: { colour: '#ffffff', opacity: 0 },
      };
    case 'afternoon':
      return {
        time,
        skyTop: '#6fa6d6',
        skyBottom: '#e6eef0',
        grassA: '#4a9238',
        grassB: '#56a042',
        pitch: '#cdb07c',
        pitchWorn: '#b9985f',
        stand: '#706d6b',
        shadows: [{ ...dir, length: 1.1, opacity: 0.4 }],
        tint: { colour: '#ffd9a0', opacity: 0.06 },
      };
    case 'evening':
      return {
        time,
        skyTop: '#4a5f8c',
        skyBottom: '#f2b27a',
        grassA: '#4b8a34',
        grassB: '#57963d',
        pitch: '#d0a872',
        pitchWorn: '#b88f5a',
        stand: '#5f5553',
        shadows: [{ ...dir, length: 2.6, opacity: 0.38 }],
        tint: { colour: '#ff9d4d', opacity: 0.1 },
      };
    case 'night':
      return {
        time,
        skyTop: '#060b1a',
        skyBottom: '#1c2a48',
        grassA: '#3f9a48',
        grassB: '#4aa852',
        pitch: '#d3bd8d',
        pitchWorn: '#c0a675',
        stand: '#2f3238',
        // Floodlights from four towers: four faint shadows.
        shadows: [0.8, 2.4, 3.9, 5.5].map((angle) => ({
          dx: Math.cos(angle),
          dz: Math.sin(angle),
          length: 0.9,
          opacity: 0.16,
        })),
        tint: { colour: '#9fb8ff', opacity: 0.05 },
      };
  }
}

interface Kit {
  shirt: string;
  trousers: string;
  trim: string;
  cap: string;
}

const KITS: readonly Kit[] = [
  { shirt: '#1f5fbf', trousers: '#1b3f86', trim: '#ff9933', cap: '#123a7a' }, // blue
  { shirt: '#f2c21b', trousers: '#f2c21b', trim: '#1d3f8f', cap: '#f2c21b' }, // yellow
  { shirt: '#6b1f3a', trousers: '#3e1122', trim: '#f2c94c', cap: '#5a1830' }, // maroon
  { shirt: '#1e7a4a', trousers: '#0f4d2c', trim: '#f4d03f', cap: '#145c37' }, // green
  { shirt: '#e3702b', trousers: '#2b2b2b', trim: '#ffffff', cap: '#c85a1a' }, // orange
  { shirt: '#6a2ca0', trousers: '#3d1866', trim: '#f5c518', cap: '#4f1f7a' }, // purple
  { shirt: '#f4f1e8', trousers: '#f4f1e8', trim: '#1f5fbf', cap: '#17335f' }, // test whites
];

const SKIN = ['#8d5524', '#a0662f', '#c68642', '#7a4a24', '#b07040'];

// ---------------------------------------------------------------------------------------------
// People, drawn in screen space at their feet: a pose is a set of joints in metres (x to the
// player's front when dir = 1, h up), scaled by the pixels per metre at their depth.

type Joint = readonly [number, number];
interface Pose {
  hip: Joint;
  neck: Joint;
  head: Joint;
  kneeL: Joint;
  footL: Joint;
  kneeR: Joint;
  footR: Joint;
  elbowL: Joint;
  handL: Joint;
  elbowR: Joint;
  handR: Joint;
  /** Bat angle in degrees from straight down (0), turning toward the front (positive). */
  bat?: number;
}

type Role = 'batter' | 'bowler' | 'keeper' | 'fielder' | 'umpire';

interface Person {
  role: Role;
  at: { x: number; z: number };
  pose: Pose;
  dir: 1 | -1;
  kit: Kit;
  skin: string;
  pads: boolean;
  helmet: boolean;
  gloves: string | null;
}

const POSES = {
  stance: {
    hip: [0, 0.92],
    neck: [0.1, 1.45],
    head: [0.16, 1.62],
    kneeL: [0.22, 0.5],
    footL: [0.25, 0],
    kneeR: [-0.14, 0.5],
    footR: [-0.2, 0],
    elbowL: [0.28, 1.15],
    handL: [0.2, 0.95],
    elbowR: [0.2, 1.12],
    handR: [0.16, 0.98],
    bat: -25,
  },
  backlift: {
    hip: [0, 0.9],
    neck: [0.06, 1.44],
    head: [0.14, 1.6],
    kneeL: [0.28, 0.48],
    footL: [0.36, 0],
    kneeR: [-0.14, 0.5],
    footR: [-0.22, 0],
    elbowL: [0.05, 1.25],
    handL: [-0.18, 1.28],
    elbowR: [-0.05, 1.2],
    handR: [-0.2, 1.22],
    bat: 150,
  },
  drive: {
    hip: [0.12, 0.82],
    neck: [0.36, 1.32],
    head: [0.46, 1.46],
    kneeL: [0.58, 0.46],
    footL: [0.72, 0],
    kneeR: [-0.2, 0.4],
    footR: [-0.38, 0],
    elbowL: [0.56, 1.08],
    handL: [0.66, 0.86],
    elbowR: [0.48, 1.02],
    handR: [0.62, 0.84],
    bat: 25,
  },
  pull: {
    hip: [-0.02, 0.9],
    neck: [-0.06, 1.44],
    head: [0.0, 1.6],
    kneeL: [0.24, 0.5],
    footL: [0.34, 0],
    kneeR: [-0.2, 0.48],
    footR: [-0.3, 0],
    elbowL: [0.22, 1.3],
    handL: [0.4, 1.3],
    elbowR: [0.14, 1.22],
    handR: [0.36, 1.26],
    bat: 95,
  },
  release: {
    hip: [0, 0.95],
    neck: [-0.08, 1.48],
    head: [-0.04, 1.65],
    kneeL: [0.3, 0.52],
    footL: [0.46, 0],
    kneeR: [-0.36, 0.46],
    footR: [-0.62, 0.08],
    elbowL: [0.3, 1.3],
    handL: [0.4, 1.05],
    elbowR: [-0.04, 1.9],
    handR: [0.02, 2.2],
  },
  followThrough: {
    hip: [0.1, 0.88],
    neck: [0.38, 1.36],
    head: [0.5, 1.5],
    kneeL: [0.42, 0.48],
    footL: [0.55, 0],
    kneeR: [-0.28, 0.5],
    footR: [-0.56, 0.2],
    elbowL: [0.0, 1.0],
    handL: [-0.2, 0.82],
    elbowR: [0.5, 1.05],
    handR: [0.42, 0.72],
  },
  keeper: {
    hip: [-0.1, 0.55],
    neck: [0.12, 1.02],
    head: [0.2, 1.17],
    kneeL: [0.25, 0.42],
    footL: [0.12, 0],
    kneeR: [0.2, 0.4],
    footR: [-0.16, 0],
    elbowL: [0.38, 0.74],
    handL: [0.5, 0.58],
    elbowR: [0.34, 0.7],
    handR: [0.48, 0.54],
  },
  slip: {
    hip: [-0.08, 0.78],
    neck: [0.18, 1.24],
    head: [0.28, 1.38],
    kneeL: [0.2, 0.45],
    footL: [0.2, 0],
    kneeR: [0.0, 0.42],
    footR: [-0.24, 0],
    elbowL: [0.34, 0.9],
    handL: [0.42, 0.7],
    elbowR: [0.28, 0.86],
    handR: [0.38, 0.66],
  },
  standing: {
    hip: [0, 0.95],
    neck: [0.02, 1.5],
    head: [0.04, 1.67],
    kneeL: [0.08, 0.5],
    footL: [0.12, 0],
    kneeR: [-0.06, 0.5],
    footR: [-0.1, 0],
    elbowL: [0.12, 1.2],
    handL: [0.14, 0.95],
    elbowR: [-0.1, 1.2],
    handR: [-0.08, 0.95],
  },
} satisfies Record<string, Pose>;

function personSvg(
  person: Person,
  foot: Screen,
  light: Light,
  cam: Camera,
): { svg: string; bat?: { x0: number; y0: number; x1: number; y1: number; s: number } } {
  const s = foot.s;
  const P = (j: Joint) => `${f1(foot.x + j[0] * s * person.dir)},${f1(foot.y - j[1] * s)}`;
  const XY = (j: Joint) => ({ x: foot.x + j[0] * s * person.dir, y: foot.y - j[1] * s });
  const limb = (a: Joint, b: Joint, c: Joint, width: number, colour: string) =>
    `<polyline points="${P(a)} ${P(b)} ${P(c)}" fill="none" stroke="${colour}" stroke-width="${f1(width * s)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const { pose, kit } = person;
  const parts: string[] = [];

  // Shadows first, flat on the ground in the world, so they follow the camera's perspective.
  for (const sh of light.shadows) {
    const len = 1.75 * sh.length;
    const px = -sh.dz;
    const pz = sh.dx;
    const w0 = 0.28;
    const w1 = 0.16;
    const pts = [
      ground(person.at.x + px * w0, person.at.z + pz * w0),
      ground(person.at.x + sh.dx * len + px * w1, person.at.z + sh.dz * len + pz * w1),
      ground(person.at.x + sh.dx * (len + 0.22), person.at.z + sh.dz * (len + 0.22)),
      ground(person.at.x + sh.dx * len - px * w1, person.at.z + sh.dz * len - pz * w1),
      ground(person.at.x - px * w0, person.at.z - pz * w0),
      ground(person.at.x - sh.dx * 0.2, person.at.z - sh.dz * 0.2),
    ];
    const points = polygon(cam, pts);
    if (points) parts.push(`<polygon points="${points}" fill="#0c1a08" opacity="${sh.opacity}"/>`);
  }

  const legColour = person.pads ? '#f3f1ea' : kit.trousers;
  const legWidth = person.pads ? 0.17 : 0.14;
  const far = person.dir === 1 ? 'R' : 'L';
  // Back limbs first (darker), then the body, then the front limbs.
  const backShade = (c: string) => `${c}`;
  parts.push(
    limb(
      pose.hip,
      far === 'R' ? pose.kneeR : pose.kneeL,
      far === 'R' ? pose.footR : pose.footL,
      legWidth,
      backShade(legColour),
    ),
  );
  parts.push(
    limb(pose.neck, far === 'R' ? pose.elbowR : pose.elbowL, far === 'R' ? pose.handR : pose.handL, 0.1, kit.shirt),
  );
  // Torso: a tapered shape from hips to shoulders.
  const hip = XY(pose.hip);
  const neck = XY(pose.neck);
  const ang = Math.atan2(neck.y - hip.y, neck.x - hip.x) + Math.PI / 2;
  const ox = Math.cos(ang);
  const oy = Math.sin(ang);
  const hw = 0.17 * s;
  const sw = 0.22 * s;
  const torso = `M${f1(hip.x + ox * hw)},${f1(hip.y + oy * hw)} L${f1(neck.x + ox * sw)},${f1(neck.y + oy * sw)} Q${f1(neck.x)},${f1(neck.y - 0.06 * s)} ${f1(neck.x - ox * sw)},${f1(neck.y - oy * sw)} L${f1(hip.x - ox * hw)},${f1(hip.y - oy * hw)} Z`;
  parts.push(`<path d="${torso}" fill="${kit.shirt}" stroke="${kit.trim}" stroke-width="${f1(0.025 * s)}"/>`);
  // Light from one side gives the flat shapes some volume.
  parts.push(`<path d="${torso}" fill="url(#shade${person.dir === 1 ? 'R' : 'L'})"/>`);
  // Trousers at the hips.
  parts.push(
    `<ellipse cx="${f1(hip.x)}" cy="${f1(hip.y)}" rx="${f1(0.19 * s)}" ry="${f1(0.12 * s)}" fill="${kit.trousers}"/>`,
  );
  parts.push(
    limb(pose.hip, far === 'R' ? pose.kneeL : pose.kneeR, far === 'R' ? pose.footL : pose.footR, legWidth, legColour),
  );
  // Shoes.
  for (const foot2 of [pose.footL, pose.footR]) {
    const p = XY(foot2);
    parts.push(
      `<ellipse cx="${f1(p.x + 0.06 * s * person.dir)}" cy="${f1(p.y - 0.03 * s)}" rx="${f1(0.13 * s)}" ry="${f1(0.05 * s)}" fill="#f5f5f5" stroke="#777" stroke-width="${f1(0.01 * s)}"/>`,
    );
  }

  let bat: { x0: number; y0: number; x1: number; y1: number; s: number } | undefined;
  if (pose.bat !== undefined) {
    const hands = XY(pose.handL);
    const a = ((pose.bat * Math.PI) / 180) * person.dir;
    // Down is +y on screen; turning toward the front is +x for dir = 1.
    const ux = Math.sin(a);
    const uy = Math.cos(a);
    const handleEnd = { x: hands.x + ux * 0.3 * s, y: hands.y + uy * 0.3 * s };
    const toe = { x: hands.x + ux * 0.86 * s, y: hands.y + uy * 0.86 * s };
    parts.push(
      `<line x1="${f1(hands.x - ux * 0.06 * s)}" y1="${f1(hands.y - uy * 0.06 * s)}" x2="${f1(handleEnd.x)}" y2="${f1(handleEnd.y)}" stroke="#222" stroke-width="${f1(0.045 * s)}" stroke-linecap="round"/>`,
    );
    parts.push(
      `<line x1="${f1(handleEnd.x)}" y1="${f1(handleEnd.y)}" x2="${f1(toe.x)}" y2="${f1(toe.y)}" stroke="#e9d4a2" stroke-width="${f1(0.11 * s)}" stroke-linecap="round"/>`,
    );
    parts.push(
      `<line x1="${f1(handleEnd.x)}" y1="${f1(handleEnd.y)}" x2="${f1(toe.x)}" y2="${f1(toe.y)}" stroke="#c9ab70" stroke-width="${f1(0.03 * s)}" stroke-linecap="round" opacity="0.7"/>`,
    );
    bat = { x0: handleEnd.x, y0: handleEnd.y, x1: toe.x, y1: toe.y, s };
  }

  parts.push(
    limb(pose.neck, far === 'R' ? pose.elbowL : pose.elbowR, far === 'R' ? pose.handL : pose.handR, 0.1, kit.shirt),
  );
  if (person.gloves) {
    for (const h of [pose.handL, pose.handR]) {
      const p = XY(h);
      parts.push(
        `<circle cx="${f1(p.x)}" cy="${f1(p.y)}" r="${f1((person.role === 'keeper' ? 0.085 : 0.06) * s)}" fill="${person.gloves}" stroke="#999" stroke-width="${f1(0.01 * s)}"/>`,
      );
    }
  } else {
    for (const h of [pose.handL, pose.handR]) {
      const p = XY(h);
      parts.push(`<circle cx="${f1(p.x)}" cy="${f1(p.y)}" r="${f1(0.045 * s)}" fill="${person.skin}"/>`);
    }
  }

  // Head: skin, then helmet with grille, cap, or an umpire's hat.
  const head = XY(pose.head);
  const r = 0.115 * s;
  parts.push(
    `<rect x="${f1(neck.x - 0.05 * s)}" y="${f1(neck.y - 0.1 * s)}" width="${f1(0.1 * s)}" height="${f1(0.12 * s)}" fill="${person.skin}"/>`,
  );
  parts.push(`<circle cx="${f1(head.x)}" cy="${f1(head.y)}" r="${f1(r)}" fill="${person.skin}"/>`);
  parts.push(`<circle cx="${f1(head.x)}" cy="${f1(head.y)}" r="${f1(r)}" fill="url(#round)"/>`);
  const d = person.dir;
  if (person.helmet) {
    parts.push(
      `<path d="M${f1(head.x - r * 1.15)},${f1(head.y + r * 0.1)} A${f1(r * 1.15)},${f1(r * 1.2)} 0 0 1 ${f1(head.x + r * 1.15)},${f1(head.y + r * 0.1)} Z" fill="${kit.cap}"/>`,
    );
    parts.push(
      `<line x1="${f1(head.x + d * r * 0.2)}" y1="${f1(head.y + r * 0.1)}" x2="${f1(head.x + d * r * 1.45)}" y2="${f1(head.y + r * 0.05)}" stroke="${kit.cap}" stroke-width="${f1(r * 0.28)}" stroke-linecap="round"/>`,
    );
    for (let i = 0; i < 3; i += 1) {
      const gy = head.y + r * (0.3 + i * 0.28);
      parts.push(
        `<line x1="${f1(head.x + d * r * 0.55)}" y1="${f1(gy)}" x2="${f1(head.x + d * r * 1.3)}" y2="${f1(gy - r * 0.05)}" stroke="#c8c8c8" stroke-width="${f1(r * 0.09)}"/>`,
      );
    }
    parts.push(
      `<line x1="${f1(head.x + d * r * 1.3)}" y1="${f1(head.y + r * 0.05)}" x2="${f1(head.x + d * r * 1.1)}" y2="${f1(head.y + r * 0.95)}" stroke="#c8c8c8" stroke-width="${f1(r * 0.09)}"/>`,
    );
  } else if (person.role === 'umpire') {
    parts.push(
      `<ellipse cx="${f1(head.x)}" cy="${f1(head.y - r * 0.45)}" rx="${f1(r * 1.7)}" ry="${f1(r * 0.28)}" fill="#f4f4f0"/>`,
    );
    parts.push(
      `<ellipse cx="${f1(head.x)}" cy="${f1(head.y - r * 0.7)}" rx="${f1(r * 0.95)}" ry="${f1(r * 0.55)}" fill="#f4f4f0"/>`,
    );
  } else {
    parts.push(
      `<path d="M${f1(head.x - r)},${f1(head.y - r * 0.15)} A${f1(r)},${f1(r * 1.05)} 0 0 1 ${f1(head.x + r)},${f1(head.y - r * 0.15)} Z" fill="${kit.cap}"/>`,
    );
    parts.push(
      `<line x1="${f1(head.x)}" y1="${f1(head.y - r * 0.2)}" x2="${f1(head.x + d * r * 1.6)}" y2="${f1(head.y - r * 0.1)}" stroke="${kit.cap}" stroke-width="${f1(r * 0.22)}" stroke-linecap="round"/>`,
    );
  }
  return { svg: parts.join(''), bat };
}

// ---------------------------------------------------------------------------------------------
// The ground, stands and background.

const PITCH_HALF_WIDTH = 1.525;
const STUMPS_APART = 20.12;

function groundSvg(cam: Camera, light: Light, rnd: Random): string {
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

function stumpsSvg(cam: Camera, z: number): { depth: number; svg: string } {
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

/** Boundary boards, the stands with their crowd, roof and floodlights, on rings round the ground. */
function stadiumSvg(cam: Camera, light: Light, rnd: Random): string {
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

// ---------------------------------------------------------------------------------------------
// The scene.

type Shot = 'flight' | 'bat';

interface Composition {
  yaw: number;
  distance: number;
  height: number;
  playerPx: number;
  time: TimeOfDay;
  shot: Shot;
  pace: boolean;
  mirror: boolean;
}

/**
 * Seven compositions cover the demo set; other seeds repeat them with small changes. Close
 * angled and side-on frames show a spinner's over (keeper up at the stumps, a short leg), since
 * a pace keeper 13 m back would be out of the frame.
 */
const COMPOSITIONS: readonly Composition[] = [
  { yaw: 4, distance: 55, height: 3.8, playerPx: 560, time: 'day', shot: 'flight', pace: true, mirror: false },
  { yaw: 88, distance: 26, height: 3, playerPx: 560, time: 'afternoon', shot: 'bat', pace: false, mirror: false },
  { yaw: 38, distance: 40, height: 4, playerPx: 520, time: 'evening', shot: 'bat', pace: false, mirror: true },
  { yaw: -6, distance: 60, height: 4.2, playerPx: 540, time: 'night', shot: 'flight', pace: true, mirror: false },
  { yaw: -85, distance: 30, height: 3, playerPx: 500, time: 'day', shot: 'flight', pace: false, mirror: true },
  { yaw: -42, distance: 38, height: 3.5, playerPx: 540, time: 'afternoon', shot: 'bat', pace: false, mirror: false },
  { yaw: 10, distance: 50, height: 3.6, playerPx: 580, time: 'evening', shot: 'bat', pace: true, mirror: false },
];

interface Drawable {
  depth: number;
  svg: string;
}

/** A scene in layers: `far` (sky, stands) is blurred like a photo's background, `near` is sharp. */
interface SceneSvg {
  title: string;
  defs: string;
  mirror: boolean;
  far: string;
  near: string;
  ballSvg: string;
  /** In final picture space (after any mirroring), in DEMO_WIDTH x DEMO_HEIGHT units. */
  ball: { x: number; y: number; r: number };
  farBlur: number;
}

function personFor(role: Role, at: { x: number; z: number }, pose: Pose, dir: 1 | -1, kit: Kit, rnd: Random): Person {
  return {
    role,
    at,
    pose,
    dir,
    kit,
    skin: pickOne(rnd, SKIN),
    pads: role === 'batter' || role === 'keeper',
    helmet: role === 'batter' || (role === 'fielder' && rnd() < 0.15),
    gloves: role === 'batter' ? '#f4f4f4' : role === 'keeper' ? '#f0f0f0' : null,
  };
}

/** Which way (screen left or right) a player facing along the world direction (dx, dz) looks. */
function facing(cam: Camera, dx: number, dz: number): 1 | -1 {
  return dx * cam.rx + dz * cam.rz >= 0 ? 1 : -1;
}

function buildScene(seed: number): SceneSvg {
  const rnd = mulberry32(seed * 7919 + 17);
  const base = COMPOSITIONS[((seed % COMPOSITIONS.length) + COMPOSITIONS.length) % COMPOSITIONS.length]!;
  const comp: Composition = {
    ...base,
    yaw: base.yaw + between(rnd, -3, 3),
    playerPx: base.playerPx * between(rnd, 0.94, 1.06),
  };
  const light = lightFor(comp.time, rnd);
  const batting = pickOne(rnd, KITS);
  let fielding = pickOne(rnd, KITS);
  while (fielding === batting) fielding = pickOne(rnd, KITS);

  const batterAt = { x: 0.32, z: 1.5 };
  const side = comp.yaw >= 0 ? 1 : -1;
  const sideOn = Math.abs(comp.yaw) > 60;
  // How far the ball has travelled from the bowler's hand, when it is in flight.
  const travelled = between(rnd, 0.3, 0.8);
  const cam = makeCamera({
    // Side-on, the frame holds keeper, stumps, batter and the ball's last metres.
    target: { x: batterAt.x, z: batterAt.z + (sideOn ? (comp.shot === 'flight' ? 1.2 : -0.7) : 0) },
    yaw: comp.yaw,
    distance: comp.distance,
    height: comp.height,
    playerPx: comp.playerPx,
    targetX: DEMO_WIDTH * (sideOn ? 0.5 : 0.5 + side * between(rnd, 0.02, 0.08)),
    targetY: DEMO_HEIGHT * (sideOn ? between(rnd, 0.76, 0.8) : between(rnd, 0.66, 0.72)),
  });

  const people: Person[] = [];
  const towardBowler = facing(cam, 0, 1);
  const batterPose =
    comp.shot === 'bat' ? pickOne(rnd, [POSES.drive, POSES.pull]) : pickOne(rnd, [POSES.backlift, POSES.stance]);
  people.push(personFor('batter', batterAt, batterPose, towardBowler, batting, rnd));
  people.push(
    personFor(
      'keeper',
      comp.pace ? { x: 0.5, z: -13 } : { x: 0.25, z: -0.9 },
      POSES.keeper,
      towardBowler,
      fielding,
      rnd,
    ),
  );
  if (comp.pace) {
    for (const [x, z] of [
      [2.2, -12.5],
      [3.8, -12],
      [5.4, -11.3],
    ] as const) {
      people.push(personFor('fielder', { x, z }, POSES.slip, towardBowler, fielding, rnd));
    }
  } else {
    // Short leg, crouched and looking at the bat.
    const at = { x: -2.1, z: 2.9 };
    const toBatter = project(cam, { ...batterAt, h: 0 }).x >= project(cam, { ...at, h: 0 }).x ? 1 : -1;
    people.push({ ...personFor('fielder', at, POSES.slip, toBatter, fielding, rnd), helmet: true });
  }
  // At the crease while the ball has just left the hand; later veering off the pitch, as
  // bowlers must, so that they do not run on it.
  const bowlerAt =
    comp.shot === 'flight' && travelled < 0.45
      ? { x: -0.75, z: STUMPS_APART - 0.4 }
      : { x: -1.55, z: STUMPS_APART - 1.9 };
  const towardStriker = facing(cam, 0, -1);
  const justReleased = comp.shot === 'flight' && travelled < 0.45;
  const releasePoint = { x: -0.65, z: STUMPS_APART - 0.7, h: 2.15 };
  people.push(
    personFor('bowler', bowlerAt, justReleased ? POSES.release : POSES.followThrough, towardStriker, fielding, rnd),
  );
  people.push({
    ...personFor(
      'umpire',
      { x: 0.95, z: STUMPS_APART + 1.9 },
      POSES.standing,
      towardStriker,
      { shirt: '#f4f4f0', trousers: '#1d1d1f', trim: '#d9d9d9', cap: '#f4f4f0' },
      rnd,
    ),
    helmet: false,
  });
  // The non-striker backs up on the side away from the bowler.
  people.push(personFor('batter', { x: 2.8, z: STUMPS_APART + 0.3 }, POSES.standing, towardStriker, batting, rnd));
  for (let i = 0; i < 5; i += 1) {
    const a = between(rnd, 0, Math.PI * 2);
    const radius = between(rnd, 22, 45);
    people.push(
      personFor(
        'fielder',
        { x: Math.cos(a) * radius, z: STUMPS_APART / 2 + Math.sin(a) * radius },
        POSES.slip,
        pickOne(rnd, [1, -1] as const),
        fielding,
        rnd,
      ),
    );
  }

  const drawables: Drawable[] = [];
  let batterBat: { x0: number; y0: number; x1: number; y1: number; s: number } | undefined;
  for (const person of people) {
    const foot = project(cam, { ...person.at, h: 0 });
    if (foot.depth < NEAR + 1) continue;
    const { svg, bat } = personSvg(person, foot, light, cam);
    if (person === people[0]) batterBat = bat;
    drawables.push({ depth: foot.depth, svg });
  }
  drawables.push(stumpsSvg(cam, 0), stumpsSvg(cam, STUMPS_APART));
  drawables.sort((a, b) => b.depth - a.depth);

  // The ball: on its way from the bowler's hand to the striker, or just off the bat face.
  let ball: { x: number; y: number; r: number };
  const struck = batterBat ? offTheBat(batterBat, people[0]!.dir, rnd) : undefined;
  if (comp.shot === 'flight' || !struck || !inFrame(struck)) {
    const from = releasePoint;
    const to = { x: batterAt.x + 0.05, z: batterAt.z + 0.9, h: 0.55 };
    // Pitched up: it dips through the air and is still above the pitch when it arrives. A
    // close camera sees only the last metres, so the ball travels on until it is in frame.
    const at = (t: number) => {
      const p = {
        x: from.x + (to.x - from.x) * t,
        z: from.z + (to.z - from.z) * t,
        h: from.h + (to.h - from.h) * t + Math.sin(Math.PI * t) * 0.35,
      };
      const screen = project(cam, p);
      return { x: screen.x, y: screen.y, r: Math.max(7, 0.036 * screen.s) };
    };
    const seen: number[] = [];
    for (let t = Math.min(travelled, 0.6); t <= 0.99; t += 0.01) if (inFrame(at(t))) seen.push(t);
    const later = seen.filter((t) => t >= travelled);
    ball = at(later.length ? pickOne(rnd, later) : seen.length ? pickOne(rnd, seen) : 0.9);
  } else {
    ball = struck;
  }

  const view = Math.abs(comp.yaw) < 20 ? 'end-on' : sideOn ? 'side-on' : 'angled';
  const tint =
    light.tint.opacity > 0
      ? `<rect width="${DEMO_WIDTH}" height="${DEMO_HEIGHT}" fill="${light.tint.colour}" opacity="${light.tint.opacity}"/>`
      : '';
  const defs = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light.skyTop}"/><stop offset="1" stop-color="${light.skyBottom}"/></linearGradient>
<linearGradient id="shadeR" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.12"/></linearGradient>
<linearGradient id="shadeL" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.12"/></linearGradient>
<radialGradient id="round" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fffbe0" stop-opacity="0.55"/><stop offset="1" stop-color="#fffbe0" stop-opacity="0"/></radialGradient>
<radialGradient id="ballShade" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="#f0504a"/><stop offset="0.55" stop-color="#b3161b"/><stop offset="1" stop-color="#5e0a0d"/></radialGradient>
</defs>`;
  return {
    title: `${view}, ${comp.time}, ${comp.pace ? 'pace' : 'spin'}, ball ${comp.shot === 'bat' ? 'off the bat' : 'in flight'}`,
    defs,
    mirror: comp.mirror,
    far: `<rect width="${DEMO_WIDTH}" height="${DEMO_HEIGHT}" fill="url(#sky)"/>${stadiumSvg(cam, light, rnd)}`,
    near: `${groundSvg(cam, light, rnd)}${drawables.map((d) => d.svg).join('')}${tint}<rect width="${DEMO_WIDTH}" height="${DEMO_HEIGHT}" fill="url(#vignette)"/>`,
    ballSvg: ballMarkup(ball, rnd),
    ball: comp.mirror ? { ...ball, x: DEMO_WIDTH - ball.x } : ball,
    // A long lens leaves the stands further out of focus.
    farBlur: comp.playerPx > 540 ? 6 : 4.5,
  };
}

/** A point just off the face of the bat, away from the batter, where a struck ball would be. */
function offTheBat(
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
function inFrame(p: { x: number; y: number }): boolean {
  return p.x > 300 && p.x < DEMO_WIDTH - 300 && p.y > 200 && p.y < DEMO_HEIGHT - 200;
}

function ballMarkup(ball: { x: number; y: number; r: number }, rnd: Random): string {
  const { x, y, r } = ball;
  const tilt = between(rnd, -60, 60);
  // The seam: a raised band of stitches round the ball, seen edge-on as a gentle curve.
  return `<g transform="translate(${f1(x)},${f1(y)}) rotate(${f1(tilt)})">
<circle r="${f1(r)}" fill="url(#ballShade)"/>
<path d="M${f1(-r * 0.95)},${f1(-r * 0.12)} Q0,${f1(r * 0.28)} ${f1(r * 0.95)},${f1(-r * 0.12)}" fill="none" stroke="#f3e6d0" stroke-width="${f1(Math.max(1, r * 0.13))}" stroke-dasharray="${f1(Math.max(1, r * 0.12))} ${f1(Math.max(1, r * 0.08))}"/>
<path d="M${f1(-r * 0.95)},${f1(r * 0.06)} Q0,${f1(r * 0.46)} ${f1(r * 0.95)},${f1(r * 0.06)}" fill="none" stroke="#e9dcc4" stroke-width="${f1(Math.max(1, r * 0.1))}" stroke-dasharray="${f1(Math.max(1, r * 0.12))} ${f1(Math.max(1, r * 0.08))}"/>
</g>`;
}

// ---------------------------------------------------------------------------------------------
// Rendering.

function grain(width: number, height: number, seed: number): Buffer {
  const rnd = mulberry32(seed ^ 0x9e3779b9);
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i += 1) out[i] = 128 + Math.round((rnd() + rnd() + rnd() - 1.5) * 22);
  return out;
}

type Layer = 'far' | 'near' | 'ball';
type Overlay = NonNullable<Parameters<ReturnType<typeof sharp>['composite']>[0]>[number];

/** One layer of a scene as an SVG document at the requested pixel size (transparent outside what it draws). */
function layerSvg(scene: SceneSvg, layer: Layer, width: number, height: number): string {
  const flip = scene.mirror ? ` transform="translate(${DEMO_WIDTH},0) scale(-1,1)"` : '';
  const body = layer === 'far' ? scene.far : layer === 'near' ? scene.near : scene.ballSvg;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${DEMO_WIDTH} ${DEMO_HEIGHT}" preserveAspectRatio="none">${scene.defs}<g${flip}>${body}</g></svg>`;
}

/** The whole scene as one SVG (background unblurred), for looking at it in a browser. */
export function demoSceneSvg(seed: number, withBall: boolean): string {
  const scene = buildScene(seed);
  const layers: Layer[] = withBall ? ['far', 'near', 'ball'] : ['far', 'near'];
  const flip = scene.mirror ? ` transform="translate(${DEMO_WIDTH},0) scale(-1,1)"` : '';
  const body = layers.map((l) => (l === 'far' ? scene.far : l === 'near' ? scene.near : scene.ballSvg)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_WIDTH}" height="${DEMO_HEIGHT}" viewBox="0 0 ${DEMO_WIDTH} ${DEMO_HEIGHT}">${scene.defs}<g${flip}>${body}</g></svg>`;
}

/**
 * Renders scene `seed` as two JPEGs of the same size, with and without the ball, and gives the
 * ball centre in their pixels. Seeds 0 to 6 are seven different compositions. The scene is
 * rendered once; the ball is laid over a copy, so away from it the two pictures are identical.
 */
export async function renderDemoScene(seed: number, options: DemoRenderOptions = {}): Promise<DemoScene> {
  const width = options.width ?? DEMO_WIDTH;
  const height = options.height ?? DEMO_HEIGHT;
  const quality = options.quality ?? DEMO_JPEG_QUALITY;
  const scale = width / DEMO_WIDTH;
  const scene = buildScene(seed);
  const svg = (layer: Layer) => Buffer.from(layerSvg(scene, layer, width, height));

  const far = await sharp(svg('far'))
    .removeAlpha()
    .blur(Math.max(0.3, scene.farBlur * scale))
    .raw()
    .toBuffer();
  const raw = { width, height, channels: 3 } as const;
  const scenery = await sharp(far, { raw })
    .composite([{ input: svg('near') }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = {
    input: grain(width, height, seed),
    raw: { width, height, channels: 1 },
    blend: 'soft-light',
  } as const;
  // Film grain so the flat vector shapes read more like a photograph.
  const finish = (layers: Overlay[]) =>
    sharp(scenery, { raw })
      .composite([...layers, noise])
      .jpeg({ quality })
      .toBuffer();
  const [withBall, withoutBall] = await Promise.all([finish([{ input: svg('ball') }]), finish([])]);
  return {
    seed,
    title: scene.title,
    width,
    height,
    ball: { x: Math.round(scene.ball.x * scale), y: Math.round(scene.ball.y * (height / DEMO_HEIGHT)) },
    ballRadius: scene.ball.r * scale,
    withBall,
    withoutBall,
  };
}
