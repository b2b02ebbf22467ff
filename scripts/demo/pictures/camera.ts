import { f1 } from './random.ts';

// Camera. World: x across the pitch (off side positive for a right-handed batter), z along it
// from the striker's stumps (z = 0) to the bowler's (z = 20.12), h up; metres.

export interface World {
  x: number;
  z: number;
  h: number;
}
export interface Screen {
  x: number;
  y: number;
  /** Pixels per metre at this depth. */
  s: number;
  depth: number;
}

export interface Camera {
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

export const NEAR = 2;

/**
 * A level camera `distance` metres from `target` (on the ground), at `height`, turned by `yaw`
 * degrees from the bowler's end (0) toward the off side (90); the target lands on screen at
 * (targetX, targetY) and a 1.8 m player standing there is `playerPx` tall.
 */
export function makeCamera(o: {
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

export function toCamera(cam: Camera, p: World): { right: number; up: number; depth: number } {
  const dx = p.x - cam.cx;
  const dz = p.z - cam.cz;
  return { right: dx * cam.rx + dz * cam.rz, up: p.h - cam.ch, depth: dx * cam.fx + dz * cam.fz };
}

function fromCamera(cam: Camera, c: { right: number; up: number; depth: number }): Screen {
  const s = cam.focal / c.depth;
  return { x: cam.originX + c.right * s, y: cam.horizonY - c.up * s, s, depth: c.depth };
}

export function project(cam: Camera, p: World): Screen {
  return fromCamera(cam, toCamera(cam, p));
}

/** A world polygon clipped to what is in front of the camera, as an SVG points list ('' when hidden). */
export function polygon(cam: Camera, points: World[]): string {
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

export const ground = (x: number, z: number): World => ({ x, z, h: 0 });
export const quad = (x0: number, z0: number, x1: number, z1: number) => [
  ground(x0, z0),
  ground(x1, z0),
  ground(x1, z1),
  ground(x0, z1),
];
