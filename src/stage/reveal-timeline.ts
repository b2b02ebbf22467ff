/**
 * The reveal as a moment, as a pure function of the time since it began: the picture dims, the
 * camera moves towards the ball, a ring draws round the ball and pulses once, each mark's line
 * draws to the ball one after another, the closest distance counts up, the closest ticket is
 * celebrated, then the original picture fades in. The scene draws frames only while it runs;
 * with reduced motion the final frame comes at once.
 */

export const REVEAL_MS = {
  dim: 350,
  zoomFrom: 150,
  zoom: 900,
  ringFrom: 900,
  ring: 550,
  linesFrom: 1350,
  line: 380,
  /** The pause between two lines' starts, at most; shorter with many marks so the lines take at most `linesAll`. */
  stagger: 260,
  linesAll: 1400,
  count: 900,
  celebrate: 900,
  crossfade: 700,
} as const;

export interface RevealFrame {
  /** How dark the veil over the picture is, 0..1. */
  dim: number;
  /** The camera's way from where it was to the view of the ball and the marks, eased, 0..1. */
  zoom: number;
  /** The ring drawn round the ball, 0..1, and its pulse (a scale above 1 that comes back to 1). */
  ring: number;
  ringPulse: number;
  /** Each line's progress from its mark to the ball, 0..1, in the order the lines are drawn. */
  lines: number[];
  /** Each distance label's opacity, in the same order. */
  labels: number[];
  /** The closest distance's count from 0 to its value, 0..1. */
  count: number;
  /** The celebration of the closest ticket, 0..1 (0 before it starts). */
  celebrate: number;
  /** The original picture's opacity over the game picture, 0..1. */
  crossfade: number;
  done: boolean;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const progress = (t: number, from: number, length: number) =>
  length <= 0 ? (t >= from ? 1 : 0) : clamp01((t - from) / length);
/** Slow in and out. */
export const easeInOut = (x: number) => (x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2);
const easeOut = (x: number) => 1 - (1 - x) ** 3;

/** When each part starts, for `lineCount` lines. */
export function revealSchedule(lineCount: number) {
  const stagger =
    lineCount > 1 ? Math.min(REVEAL_MS.stagger, (REVEAL_MS.linesAll - REVEAL_MS.line) / (lineCount - 1)) : 0;
  const linesEnd = REVEAL_MS.linesFrom + (lineCount > 0 ? stagger * (lineCount - 1) + REVEAL_MS.line : 0);
  const countFrom = linesEnd;
  const celebrateFrom = countFrom + REVEAL_MS.count;
  const crossfadeFrom = celebrateFrom + REVEAL_MS.celebrate * 0.5;
  const end = crossfadeFrom + REVEAL_MS.crossfade;
  return { stagger, linesEnd, countFrom, celebrateFrom, crossfadeFrom, end };
}

export function revealDuration(lineCount: number): number {
  return revealSchedule(lineCount).end;
}

/** The reveal `elapsedMs` after it began, with `lineCount` lines; `reducedMotion` gives the final frame. */
export function revealFrame(elapsedMs: number, lineCount: number, reducedMotion = false): RevealFrame {
  const s = revealSchedule(lineCount);
  const t = reducedMotion ? s.end : Math.max(0, elapsedMs);
  const dimIn = progress(t, 0, REVEAL_MS.dim);
  const crossfade = easeInOut(progress(t, s.crossfadeFrom, REVEAL_MS.crossfade));
  const ringT = progress(t, REVEAL_MS.ringFrom, REVEAL_MS.ring);
  const lines = Array.from({ length: lineCount }, (_, i) =>
    easeOut(progress(t, REVEAL_MS.linesFrom + s.stagger * i, REVEAL_MS.line)),
  );
  return {
    // The veil lifts as the original picture comes in, leaving a light one under the lines and labels.
    dim: 0.5 * dimIn * (1 - 0.6 * crossfade),
    zoom: easeInOut(progress(t, REVEAL_MS.zoomFrom, REVEAL_MS.zoom)),
    ring: easeOut(ringT),
    ringPulse: 1 + 0.35 * Math.sin(Math.PI * progress(t, REVEAL_MS.ringFrom + REVEAL_MS.ring * 0.6, REVEAL_MS.ring)),
    lines,
    labels: lines.map((line) => clamp01((line - 0.7) / 0.3)),
    count: easeOut(progress(t, s.countFrom, REVEAL_MS.count)),
    celebrate: progress(t, s.celebrateFrom, REVEAL_MS.celebrate),
    crossfade,
    done: t >= s.end,
  };
}

/** A view: `scale` CSS px per original px, the original point (cx, cy) in the middle of the stage. */
export interface ViewAim {
  scale: number;
  cx: number;
  cy: number;
}

/**
 * Where the reveal's camera goes: the ball and every mark in view with `margin` CSS px to spare,
 * as close as that allows, never closer than `maxScale` nor farther than `minScale` (the fit).
 */
export function revealAim(
  points: ReadonlyArray<{ x: number; y: number }>,
  ball: { x: number; y: number },
  stage: { width: number; height: number },
  minScale: number,
  maxScale: number,
  margin = 56,
): ViewAim {
  const all = [ball, ...points];
  const xs = all.map((p) => p.x + 0.5);
  const ys = all.map((p) => p.y + 0.5);
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  const room = { width: Math.max(1, stage.width - margin * 2), height: Math.max(1, stage.height - margin * 2) };
  const scale = Math.min(room.width / Math.max(1, right - left), room.height / Math.max(1, bottom - top));
  return { scale: Math.min(maxScale, Math.max(minScale, scale)), cx: (left + right) / 2, cy: (top + bottom) / 2 };
}

/** The way between two aims at `t` (0..1): the scale moves geometrically, so the zoom feels even. */
export function interpolateAim(from: ViewAim, to: ViewAim, t: number): ViewAim {
  const k = Math.min(1, Math.max(0, t));
  return {
    scale: from.scale * (to.scale / from.scale) ** k,
    cx: from.cx + (to.cx - from.cx) * k,
    cy: from.cy + (to.cy - from.cy) * k,
  };
}

/**
 * The ring round the true ball, in CSS px: big enough to find at a glance on a phone (26 px, 22
 * elsewhere) and always wider than the ball as drawn (`ballOnScreen`, its width on screen).
 */
export function revealBallRadius(stageWidth: number, ballOnScreen: number): number {
  return Math.max(stageWidth < 600 ? 26 : 22, ballOnScreen / 2 + 8);
}
