import { describe, expect, it } from 'vitest';
import {
  REVEAL_MS,
  interpolateAim,
  revealAim,
  revealDuration,
  revealBallRadius,
  revealFrame,
  revealSchedule,
} from '../../src/stage/reveal-timeline.ts';

describe('revealFrame', () => {
  it('starts with nothing shown: no veil, no ring, no lines, no count, the game picture', () => {
    const frame = revealFrame(0, 3);
    expect(frame).toMatchObject({ dim: 0, zoom: 0, ring: 0, count: 0, celebrate: 0, crossfade: 0, done: false });
    expect(frame.lines).toEqual([0, 0, 0]);
  });

  it('dims first, then zooms, then rings the ball, then draws the lines one after another', () => {
    expect(revealFrame(REVEAL_MS.dim, 3).dim).toBeCloseTo(0.5);
    const zooming = revealFrame(REVEAL_MS.zoomFrom + REVEAL_MS.zoom / 2, 3);
    expect(zooming.zoom).toBeGreaterThan(0.3);
    expect(zooming.zoom).toBeLessThan(0.7);
    expect(zooming.lines.every((line) => line === 0)).toBe(true);
    expect(revealFrame(REVEAL_MS.ringFrom + REVEAL_MS.ring, 3).ring).toBe(1);
    const { stagger } = revealSchedule(3);
    const midLines = revealFrame(REVEAL_MS.linesFrom + stagger + REVEAL_MS.line / 2, 3);
    expect(midLines.lines[0]).toBeGreaterThan(midLines.lines[1]!);
    expect(midLines.lines[1]).toBeGreaterThan(0);
    expect(midLines.lines[2]).toBe(0);
  });

  it('counts the closest distance up after the last line, then celebrates, then fades the original in', () => {
    const s = revealSchedule(4);
    expect(revealFrame(s.countFrom - 1, 4).count).toBe(0);
    const counting = revealFrame(s.countFrom + REVEAL_MS.count / 2, 4).count;
    expect(counting).toBeGreaterThan(0);
    expect(counting).toBeLessThan(1);
    expect(revealFrame(s.celebrateFrom, 4).count).toBe(1);
    expect(revealFrame(s.celebrateFrom + 100, 4).celebrate).toBeGreaterThan(0);
    expect(revealFrame(s.crossfadeFrom - 1, 4).crossfade).toBe(0);
    expect(revealFrame(s.end, 4)).toMatchObject({ crossfade: 1, count: 1, celebrate: 1, zoom: 1, ring: 1, done: true });
  });

  it('the ring pulses once and comes back to its size', () => {
    const pulses = Array.from({ length: 60 }, (_, i) => revealFrame(i * 50, 2).ringPulse);
    expect(Math.max(...pulses)).toBeGreaterThan(1.2);
    expect(pulses[0]).toBe(1);
    expect(pulses[pulses.length - 1]).toBeCloseTo(1);
  });

  it('keeps the lines within their time with many marks', () => {
    expect(revealSchedule(20).linesEnd - REVEAL_MS.linesFrom).toBeLessThanOrEqual(REVEAL_MS.linesAll + 1e-9);
    expect(revealDuration(20)).toBeLessThan(7000);
  });

  it('with reduced motion gives the final frame at once', () => {
    expect(revealFrame(0, 3, true)).toEqual(revealFrame(revealDuration(3), 3));
    expect(revealFrame(0, 3, true).done).toBe(true);
  });

  it('leaves a light veil under the lines at the end', () => {
    const end = revealFrame(revealDuration(2), 2);
    expect(end.dim).toBeGreaterThan(0);
    expect(end.dim).toBeLessThan(0.3);
    expect(end.labels).toEqual([1, 1]);
  });
});

describe('revealAim', () => {
  const stage = { width: 400, height: 300 };

  it('frames the ball and every mark with the margin to spare', () => {
    const aim = revealAim(
      [
        { x: 100, y: 100 },
        { x: 300, y: 160 },
      ],
      { x: 200, y: 130 },
      stage,
      0.1,
      10,
      50,
    );
    expect(aim.cx).toBeCloseTo(200.5);
    expect(aim.cy).toBeCloseTo(130.5);
    // 200 px wide into 300 px of room, 60 px high into 200: the width decides.
    expect(aim.scale).toBeCloseTo(1.5);
  });

  it('stays within the zoom limits', () => {
    expect(revealAim([{ x: 200, y: 130 }], { x: 201, y: 131 }, stage, 0.1, 4).scale).toBe(4);
    expect(revealAim([{ x: 0, y: 0 }], { x: 9000, y: 6000 }, stage, 0.1, 4).scale).toBe(0.1);
  });

  it('moves evenly from one aim to another', () => {
    const from = { scale: 1, cx: 0, cy: 0 };
    const to = { scale: 4, cx: 100, cy: 50 };
    expect(interpolateAim(from, to, 0)).toEqual(from);
    expect(interpolateAim(from, to, 1)).toEqual(to);
    expect(interpolateAim(from, to, 0.5)).toEqual({ scale: 2, cx: 50, cy: 25 });
  });
});

describe('revealBallRadius', () => {
  it('rings the ball large on a phone, and always wider than the ball as drawn', () => {
    expect(revealBallRadius(360, 4)).toBe(26);
    expect(revealBallRadius(1280, 4)).toBe(22);
    expect(revealBallRadius(1280, 60)).toBe(38);
    expect(revealBallRadius(360, 80)).toBeGreaterThan(40);
  });
});
