import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LabelBox, type Rect, layoutLabels, overlaps, visiblePicture } from '../../src/stage/label-layout.ts';

const options = { gap: 20, padding: 3, bounds: { width: 800, height: 600 } };

const hitsCircle = (rect: Rect, c: { x: number; y: number; r: number }) => {
  const nx = Math.max(rect.x, Math.min(c.x, rect.x + rect.width));
  const ny = Math.max(rect.y, Math.min(c.y, rect.y + rect.height));
  return Math.hypot(c.x - nx, c.y - ny) < c.r;
};

describe('layoutLabels', () => {
  it('puts a lone label under its mark, centred, clear of the mark', () => {
    const placed = layoutLabels(
      [{ id: 'a', anchor: { x: 100, y: 100 }, width: 60, height: 16 }],
      { x: 400, y: 300, r: 22 },
      options,
    );
    expect(placed.get('a')).toEqual({ x: 70, y: 120, width: 60, height: 16 });
  });

  it('moves a label off the ball when the spot under its mark is on the ball', () => {
    const ball = { x: 100, y: 130, r: 22 };
    const rect = layoutLabels([{ id: 'a', anchor: { x: 100, y: 100 }, width: 60, height: 16 }], ball, options).get(
      'a',
    )!;
    expect(hitsCircle(rect, ball)).toBe(false);
    // Above the mark, the next spot.
    expect(rect.y + rect.height).toBeLessThanOrEqual(100);
  });

  it('separates the labels of marks that sit on top of each other, the first given keeping the best spot', () => {
    const boxes: LabelBox[] = [
      { id: 'best', anchor: { x: 300, y: 300 }, width: 90, height: 18 },
      { id: 'b', anchor: { x: 302, y: 301 }, width: 90, height: 18 },
      { id: 'c', anchor: { x: 298, y: 303 }, width: 90, height: 18 },
    ];
    const placed = layoutLabels(boxes, { x: 600, y: 100, r: 22 }, options);
    expect(placed.get('best')).toEqual({ x: 255, y: 320, width: 90, height: 18 });
    const rects = [...placed.values()];
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
  });

  it('moves a label off another mark when it can', () => {
    const other = { x: 100, y: 128, r: 12 };
    const rect = layoutLabels(
      [{ id: 'a', anchor: { x: 100, y: 100 }, width: 60, height: 16 }],
      { x: 400, y: 300, r: 22 },
      { ...options, obstacles: [other] },
    ).get('a')!;
    expect(hitsCircle(rect, other)).toBe(false);
  });

  it('keeps a label inside the stage at its edge', () => {
    const rect = layoutLabels(
      [{ id: 'a', anchor: { x: 790, y: 590 }, width: 80, height: 16 }],
      { x: 100, y: 100, r: 22 },
      options,
    ).get('a')!;
    expect(rect.x + rect.width).toBeLessThanOrEqual(800);
    expect(rect.y + rect.height).toBeLessThanOrEqual(600);
    expect(rect.x).toBeGreaterThanOrEqual(0);
  });

  it('moves an earlier label to make room for a later one, never the first (three marks by a corner)', () => {
    // Found by the property below: under its mark, the second label left the third no clear spot.
    const marks = [
      { x: 640, y: 87 },
      { x: 715, y: 40 },
      { x: 726, y: 105 },
    ];
    const boxes = marks.map((anchor, i) => ({ id: String(i), anchor, width: 84, height: 16 }));
    const placed = layoutLabels(boxes, { x: 100, y: 100, r: 22 }, { ...options, slack: 24 });
    expect([...placed.keys()]).toEqual(['0', '1', '2']);
    // The first keeps its best spot, under its mark; the second moved off its own.
    expect(placed.get('0')).toEqual({ x: 598, y: 107, width: 84, height: 16 });
    expect(placed.get('1')).not.toEqual({ x: 673, y: 60, width: 84, height: 16 });
    const rects = [...placed.values()];
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
  });

  it("takes a spot off the lines to the ball when one is free: its own line, another mark's", () => {
    const ball = { x: 400, y: 300, r: 22 };
    // Its own line runs straight down from the mark: under it the label would sit on it; above, not.
    const lone = { id: 'a', anchor: { x: 100, y: 100 }, width: 60, height: 16 };
    const down = { from: lone.anchor, to: { x: 100, y: 400 } };
    expect(layoutLabels([lone], ball, { ...options, lines: [down] }).get('a')).toEqual({
      x: 70,
      y: 64,
      width: 60,
      height: 16,
    });
    // The second label's spot under its mark is on the first mark's line, above it is clear.
    const first = { x: 100, y: 300 };
    const second = { x: 250, y: 270 };
    const boxes = [first, second].map((anchor, i) => ({ id: String(i), anchor, width: 60, height: 16 }));
    const lines = [first, second].map((from) => ({ from, to: ball }));
    expect(layoutLabels(boxes, ball, options).get('1')).toEqual({ x: 220, y: 290, width: 60, height: 16 });
    const placed = layoutLabels(boxes, ball, { ...options, lines });
    expect(placed.get('1')).toEqual({ x: 220, y: 234, width: 60, height: 16 });
    expect(placed.get('0')).toEqual({ x: 70, y: 320, width: 60, height: 16 });
  });

  it('keeps a label on a line rather than leave it out', () => {
    const ball = { x: 400, y: 300, r: 22 };
    const box = { id: 'a', anchor: { x: 100, y: 100 }, width: 60, height: 16 };
    // Lines through every spot round the mark.
    const lines = [-40, 0, 40].flatMap((d) => [
      { from: { x: 0, y: 100 + d }, to: { x: 300, y: 100 + d } },
      { from: { x: 100 + d, y: 0 }, to: { x: 100 + d, y: 300 } },
    ]);
    const later = { id: 'b', anchor: { x: 300, y: 500 }, width: 60, height: 16 };
    const placed = layoutLabels([later, box], ball, { ...options, lines });
    expect([...placed.keys()]).toEqual(['b', 'a']);
  });

  /** How far apart spread marks are at least (CSS px). */
  const SPREAD_PX = 90;
  // Without the lines, and with them as the reveal passes them (each mark's line to the ball).
  for (const [name, withLines] of [
    [
      'never overlaps labels with each other or the ball, and shows every one, for up to 6 marks spread over a stage',
      false,
    ],
    ['with the lines to the ball too: never overlaps labels with each other or the ball, and shows every one', true],
  ] as const) {
    it(name, () => {
      const mark = fc.record({ x: fc.integer({ min: 40, max: 760 }), y: fc.integer({ min: 40, max: 560 }) });
      fc.assert(
        fc.property(
          fc.uniqueArray(mark, {
            minLength: 1,
            maxLength: 6,
            selector: (m) => `${Math.round(m.x / 130)},${Math.round(m.y / 70)}`,
          }),
          fc.record({ x: fc.integer({ min: 100, max: 700 }), y: fc.integer({ min: 100, max: 500 }) }),
          (marks, ballAt) => {
            // Spread out: apart from the ball, and from each other. The grid above keeps the marks in
            // different cells, but two cells' marks may sit either side of a cell's edge, a few px
            // apart (a seed found three marks within 60 px of each other at the stage's left edge).
            fc.pre(marks.every((m) => Math.hypot(m.x - ballAt.x, m.y - ballAt.y) >= 90));
            fc.pre(
              marks.every((a, i) => marks.every((b, j) => j <= i || Math.hypot(a.x - b.x, a.y - b.y) >= SPREAD_PX)),
            );
            const ball = { ...ballAt, r: 22 };
            const boxes = marks.map((m, i) => ({ id: String(i), anchor: m, width: 84, height: 16 }));
            const lines = withLines ? marks.map((from) => ({ from, to: ballAt })) : undefined;
            // As the reveal lays them out: a label may use 24 px past the bounds (inside the picture).
            const rects = [...layoutLabels(boxes, ball, { ...options, slack: 24, lines }).values()];
            // Spread out, every mark keeps its label.
            expect(rects).toHaveLength(marks.length);
            for (const rect of rects) expect(hitsCircle(rect, ball)).toBe(false);
            for (let i = 0; i < rects.length; i++)
              for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});

describe('a tight cluster of marks (ten tickets round one guess)', () => {
  const ball = { x: 420, y: 330, r: 26 };
  const cluster = Array.from({ length: 10 }, (_, i) => ({
    x: 300 + (i % 4) * 22,
    y: 260 + Math.floor(i / 4) * 22,
  }));
  const boxes: LabelBox[] = cluster.map((anchor, i) => ({ id: String(i), anchor, width: 92, height: 16 }));
  const obstacles = cluster.map((m) => ({ x: m.x, y: m.y, r: 12 }));

  it('shows the first label always, and leaves out those with no clear spot rather than piling them up', () => {
    const placed = layoutLabels(boxes, ball, { ...options, obstacles });
    expect(placed.has('0')).toBe(true);
    expect(placed.size).toBeGreaterThan(1);
    expect(placed.size).toBeLessThan(boxes.length);
    const rects = [...placed.values()];
    for (let i = 0; i < rects.length; i++) {
      expect(hitsCircle(rects[i]!, ball)).toBe(false);
      for (const mark of obstacles) expect(hitsCircle(rects[i]!, mark)).toBe(false);
      for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!)).toBe(false);
    }
  });

  it('keeps the first label even when no spot is clear for it', () => {
    const crowded = layoutLabels(
      [{ id: 'best', anchor: { x: 100, y: 100 }, width: 60, height: 16 }],
      { x: 100, y: 100, r: 200 },
      options,
    );
    expect(crowded.has('best')).toBe(true);
  });
});

describe('the part of the picture on the stage (the reveal labels stay 24 px inside it)', () => {
  const stage = { width: 900, height: 600 };
  const image = { width: 4000, height: 2000 };

  it('is the fitted picture between its bands, inset', () => {
    // Fitted: 900 x 450, 75 px down.
    const fit = { scale: 0.225, x: 0, y: 75 };
    expect(visiblePicture(fit, image, stage)).toEqual({ x: 0, y: 75, width: 900, height: 450 });
    expect(visiblePicture(fit, image, stage, 24)).toEqual({ x: 24, y: 99, width: 852, height: 402 });
  });

  it('is the stage when the zoomed picture covers it, less the band it rose by', () => {
    const zoomed = { scale: 1, x: -1000, y: -1456 };
    expect(visiblePicture(zoomed, image, stage, 24)).toEqual({ x: 24, y: 24, width: 852, height: 544 - 48 });
  });

  it('keeps labels inside bounds that do not start at the stage corner', () => {
    const bounds = { x: 100, y: 100, width: 300, height: 200 };
    // A mark near the left edge of the bounds: its label goes right or below, not out to the left.
    const placed = layoutLabels(
      [{ id: 'a', anchor: { x: 110, y: 200 }, width: 80, height: 16 }],
      { x: 300, y: 300, r: 20 },
      { ...options, bounds },
    ).get('a')!;
    expect(placed.x).toBeGreaterThanOrEqual(bounds.x);
    expect(placed.y).toBeGreaterThanOrEqual(bounds.y);
    expect(placed.x + placed.width).toBeLessThanOrEqual(bounds.x + bounds.width);
  });
});
