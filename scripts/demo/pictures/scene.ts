import { ballMarkup, inFrame, offTheBat } from './ball.ts';
import { type Camera, makeCamera, NEAR, project } from './camera.ts';
import { DEMO_HEIGHT, DEMO_WIDTH } from './frame.ts';
import { groundSvg, STUMPS_APART, stumpsSvg } from './ground.ts';
import { KITS, lightFor, type TimeOfDay } from './light.ts';
import { type Person, personFor, personSvg } from './people.ts';
import { POSES } from './poses.ts';
import { between, mulberry32, pickOne } from './random.ts';
import { stadiumSvg } from './stadium.ts';

// The scene: a composition, its camera, light and players, drawn in layers.

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
export interface SceneSvg {
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

/** Which way (screen left or right) a player facing along the world direction (dx, dz) looks. */
function facing(cam: Camera, dx: number, dz: number): 1 | -1 {
  return dx * cam.rx + dz * cam.rz >= 0 ? 1 : -1;
}

export function buildScene(seed: number): SceneSvg {
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
