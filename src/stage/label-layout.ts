/**
 * Where the reveal's distance labels go: beside their marks, never over each other or the ball,
 * and off the lines from the marks to the ball where a free spot allows. A pure function (screen
 * px in, screen px out) with a simple greedy collision pass: labels are placed in the order given
 * (the closest ticket's first, so it gets its best spot), each at the first of its candidate spots
 * that is free; a later label with no free spot is left out.
 */

export interface LabelBox {
  id: string;
  /** The mark's centre on the stage. */
  anchor: { x: number; y: number };
  width: number;
  height: number;
}

export interface Circle {
  x: number;
  y: number;
  r: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line drawn on the stage: a mark's line to the ball. */
export interface Segment {
  from: { x: number; y: number };
  to: { x: number; y: number };
}

export interface LabelLayoutOptions {
  /** Clear space between a mark's centre and its label. */
  gap: number;
  /** Space kept between two labels, and between a label and the ball. */
  padding: number;
  /** Where labels stay when they can: the stage, or the part of the picture on it (x, y default 0). */
  bounds?: { x?: number; y?: number; width: number; height: number };
  /** What labels should rather not cover (the marks), weighed less than the ball and the other labels. */
  obstacles?: readonly Circle[];
  /**
   * The lines from the marks to the ball: of the free spots, a label takes one off every line
   * first (on its line, "16.6 ball widths" is crossed out); they never leave a label out.
   */
  lines?: readonly Segment[];
  /**
   * How far (px, all sides together) a label after the first may stand past the bounds and still
   * be shown: the reveal's bounds lie 24 px inside the picture, so a label that needs some of that
   * margin is still on the picture. 0 by default.
   */
  slack?: number;
}

/**
 * Candidate spots (the label's rect) right round an anchor: below, above, right, left, then the
 * corners; for the first label (the closest ticket's, gold like its ring) also a row farther
 * below and above, which another label may not take: it would read as the next mark's.
 */
function candidates(box: LabelBox, gap: number, farToo: boolean): Rect[] {
  const { anchor: a, width: w, height: h } = box;
  const far = farToo
    ? [
        { x: a.x - w / 2, y: a.y + gap * 2 + h },
        { x: a.x - w / 2, y: a.y - gap * 2 - h * 2 },
      ]
    : [];
  const spots = [
    { x: a.x - w / 2, y: a.y + gap },
    { x: a.x - w / 2, y: a.y - gap - h },
    { x: a.x + gap, y: a.y - h / 2 },
    { x: a.x - gap - w, y: a.y - h / 2 },
    { x: a.x + gap * 0.75, y: a.y + gap * 0.75 },
    { x: a.x - gap * 0.75 - w, y: a.y + gap * 0.75 },
    { x: a.x + gap * 0.75, y: a.y - gap * 0.75 - h },
    { x: a.x - gap * 0.75 - w, y: a.y - gap * 0.75 - h },
    ...far,
  ];
  return spots.map(({ x, y }) => ({ x, y, width: w, height: h }));
}

function rectOverlap(a: Rect, b: Rect, padding: number): number {
  const w = Math.min(a.x + a.width + padding, b.x + b.width + padding) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height + padding, b.y + b.height + padding) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function circleOverlap(rect: Rect, circle: Circle, padding: number): number {
  const nx = Math.max(rect.x, Math.min(circle.x, rect.x + rect.width));
  const ny = Math.max(rect.y, Math.min(circle.y, rect.y + rect.height));
  const depth = circle.r + padding - Math.hypot(circle.x - nx, circle.y - ny);
  return depth > 0 ? depth * depth * 4 : 0;
}

/** Half the width of a drawn line with its dark edge (reveal-layer.tsx strokes 5 px at most). */
const LINE_HALF_WIDTH = 2.5;

/** Whether `line` passes through `rect` grown by the line's half width (Liang-Barsky clipping). */
function crosses(rect: Rect, line: Segment): boolean {
  const left = rect.x - LINE_HALF_WIDTH;
  const top = rect.y - LINE_HALF_WIDTH;
  const right = rect.x + rect.width + LINE_HALF_WIDTH;
  const bottom = rect.y + rect.height + LINE_HALF_WIDTH;
  const { from, to } = line;
  // Most lines pass far from a spot: their bounding boxes do not meet.
  if (Math.max(from.x, to.x) < left || Math.min(from.x, to.x) > right) return false;
  if (Math.max(from.y, to.y) < top || Math.min(from.y, to.y) > bottom) return false;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  let enter = 0;
  let leave = 1;
  // Each edge narrows the part of the segment [enter, leave] inside the rect.
  const edges: Array<[number, number]> = [
    [-dx, from.x - left],
    [dx, right - from.x],
    [-dy, from.y - top],
    [dy, bottom - from.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) enter = Math.max(enter, r);
    else leave = Math.min(leave, r);
    if (enter > leave) return false;
  }
  return true;
}

/** How many of the lines a rect lies on. */
function crossings(rect: Rect, lines: readonly Segment[] | undefined): number {
  let count = 0;
  for (const line of lines ?? []) if (crosses(rect, line)) count++;
  return count;
}

/** How far (px, all sides together) a rect stands past the bounds. */
function outside(rect: Rect, bounds: LabelLayoutOptions['bounds']): number {
  if (!bounds) return 0;
  const left = bounds.x ?? 0;
  const top = bounds.y ?? 0;
  return (
    Math.max(0, left - rect.x) +
    Math.max(0, rect.x + rect.width - (left + bounds.width)) +
    Math.max(0, top - rect.y) +
    Math.max(0, rect.y + rect.height - (top + bounds.height))
  );
}

/**
 * The part of the picture on the stage (screen px), `inset` px in from its edges: where the
 * reveal's labels stay, so none sits on the dark band beside the picture or at its very edge.
 */
export function visiblePicture(
  view: { scale: number; x: number; y: number },
  image: { width: number; height: number },
  stage: { width: number; height: number },
  inset = 0,
): Rect {
  const left = Math.max(0, view.x) + inset;
  const top = Math.max(0, view.y) + inset;
  const right = Math.min(stage.width, view.x + image.width * view.scale) - inset;
  const bottom = Math.min(stage.height, view.y + image.height * view.scale) - inset;
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** What a label at `rect` would cover: the ball weighs most, the marks least, the labels in `placed` between. */
function clashAt(rect: Rect, ball: Circle, options: LabelLayoutOptions, placed: readonly Rect[]): number {
  let clash = circleOverlap(rect, ball, options.padding) * 4;
  for (const obstacle of options.obstacles ?? []) clash += circleOverlap(rect, obstacle, 0) / 4;
  for (const other of placed) clash += rectOverlap(rect, other, options.padding);
  return clash;
}

/** A later label's clear spots, best first: covering nothing, and at most `slack` past the bounds. */
function clearSpots(box: LabelBox, ball: Circle, options: LabelLayoutOptions, placed: readonly Rect[]): Rect[] {
  const spots: Array<{ rect: Rect; over: number; lines: number }> = [];
  for (const rect of candidates(box, options.gap, false)) {
    const over = outside(rect, options.bounds);
    if (over <= (options.slack ?? 0) && clashAt(rect, ball, options, placed) === 0)
      spots.push({ rect, over, lines: crossings(rect, options.lines) });
  }
  // Off the lines first, then in bounds before the margin, then in the candidates' order (the
  // sort is stable).
  return spots.sort((a, b) => a.lines - b.lines || a.over - b.over).map((spot) => spot.rect);
}

/**
 * Each label's top-left, by id, in the order given. The first label always gets a place (the
 * least crowded spot when none is free); each later one only where it is clear of every label
 * placed before it, the ball, the marks and the bounds' edges. When a later label finds no clear
 * spot, one label placed before it (never the first) may move to another clear spot of its own to
 * make room (three marks in a corner: the second's label under its mark left the third none,
 * above it both fit). A label that still has no clear spot is left out: in a tight cluster of
 * marks, a few readable labels say more than ten on top of each other (the result panel lists
 * every ticket's distance).
 */
export function layoutLabels(boxes: readonly LabelBox[], ball: Circle, options: LabelLayoutOptions): Map<string, Rect> {
  const placed = new Map<string, { box: LabelBox; rect: Rect }>();
  const rects = (except?: string) => [...placed].flatMap(([id, { rect }]) => (id === except ? [] : [rect]));
  for (const box of boxes) {
    if (placed.size === 0) {
      placed.set(box.id, { box, rect: firstSpot(box, ball, options) });
      continue;
    }
    const spot = clearSpots(box, ball, options, rects())[0] ?? makeRoom(box);
    if (spot) placed.set(box.id, { box, rect: spot });
  }
  return new Map([...placed].map(([id, { rect }]) => [id, rect]));

  /** Moves one label placed before `box` (the latest first, never the first) so `box` fits; its spot, or null. */
  function makeRoom(box: LabelBox): Rect | null {
    const movable = [...placed.keys()].slice(1).reverse();
    for (const id of movable) {
      const moving = placed.get(id)!;
      const others = rects(id);
      for (const moved of clearSpots(moving.box, ball, options, others)) {
        if (moved.x === moving.rect.x && moved.y === moving.rect.y) continue;
        const spot = clearSpots(box, ball, options, [...others, moved])[0];
        if (spot) {
          moving.rect = moved;
          return spot;
        }
      }
    }
    return null;
  }
}

/**
 * The first label's spot: the first free one, or else the least crowded (the ball weighs most,
 * then the bounds; a line least of all: of spots covering nothing else, one off the lines).
 */
function firstSpot(box: LabelBox, ball: Circle, options: LabelLayoutOptions): Rect {
  let best: Rect | null = null;
  let bestCost = Infinity;
  for (const rect of candidates(box, options.gap, true)) {
    const cost =
      clashAt(rect, ball, options, []) + outside(rect, options.bounds) * 50 + crossings(rect, options.lines) / 1000;
    if (cost < bestCost) {
      best = rect;
      bestCost = cost;
      if (cost === 0) break;
    }
  }
  return best!;
}

/** Whether two placed labels overlap (for the tests and the screen checks). */
export function overlaps(a: Rect, b: Rect): boolean {
  return rectOverlap(a, b, 0) > 0;
}
