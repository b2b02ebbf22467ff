import { type Camera, ground, polygon, type Screen } from './camera.ts';
import { type Kit, type Light, SKIN } from './light.ts';
import type { Joint, Pose } from './poses.ts';
import { f1, pickOne, type Random } from './random.ts';

// A player drawn in screen space at their feet, with their shadows on the ground.

export type Role = 'batter' | 'bowler' | 'keeper' | 'fielder' | 'umpire';

export interface Person {
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

export function personFor(
  role: Role,
  at: { x: number; z: number },
  pose: Pose,
  dir: 1 | -1,
  kit: Kit,
  rnd: Random,
): Person {
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

export function personSvg(
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
