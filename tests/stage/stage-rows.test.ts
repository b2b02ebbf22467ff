// The stage bench's rows as data (bench/support/stage-rows.ts): bench/stage-compare.ts pools two
// builds' runs with these, so its figures must be the ones bench/stage-ready.ts would print.
import { describe, expect, it } from 'vitest';
import { comparisonLines, medianP90, overTarget, poolRows, type StageRow } from '../../bench/support/stage-rows.ts';

const row = (label: string, values: number[], target: number | null = 100, route = '/quick_game_screen'): StageRow => ({
  compositor: 'gl',
  route,
  label,
  values,
  target,
});

describe('the stage bench rows', () => {
  it('pools the same row of several runs in run order, the rows in the order they first came', () => {
    const first = [row('INP, tap once ready', [64, 72]), row('ready, after load', [540], 1500)];
    const second = [
      row('ready, after load', [600], 1500),
      row('INP, tap once ready', [88]),
      row('INP, tap once ready', [120], 100, '/play_screen'),
    ];
    const pooled = poolRows([first, second]);
    expect(pooled.map((r) => [r.route, r.label, r.values])).toEqual([
      ['/quick_game_screen', 'INP, tap once ready', [64, 72, 88]],
      ['/quick_game_screen', 'ready, after load', [540, 600]],
      ['/play_screen', 'INP, tap once ready', [120]],
    ]);
    // The runs' own rows are left as they were.
    expect(first[0]!.values).toEqual([64, 72]);
  });

  it('takes the median and p90 as the bench prints them, leaving out loads with no figure', () => {
    expect(medianP90([10, 1, 9, 2, 8, 3, 7, 4, 6, 5])).toEqual({ median: 5, p90: 9 });
    expect(medianP90([56, Number.NaN, 136, 64])).toEqual({ median: 64, p90: 136 });
    const none = medianP90([Number.NaN]);
    expect(Number.isNaN(none.median) && Number.isNaN(none.p90)).toBe(true);
  });

  it('counts the loads over a row target, and none for a row without one', () => {
    expect(overTarget(row('INP', [100, 101, 64, Number.NaN, 160]))).toBe(2);
    expect(overTarget(row('its chip, after the tap', [300, 400], null))).toBeNull();
  });

  it('sets two builds side by side, a row B lacks shown as missing', () => {
    const a = [row('INP, tap once ready', [64, 72, 160]), row('its chip, after the tap', [110], null)];
    const b = [row('INP, tap once ready', [56, 64, 88])];
    // The labels' column as wide as the longest label and two spaces; then two cells of 22.
    const label = (text: string) => `  ${text.padEnd(34)}`;
    expect(comparisonLines(a, b)).toEqual([
      'gl /quick_game_screen'.padEnd(36) + 'A'.padStart(22) + 'B'.padStart(22),
      label('INP, tap once ready (target 100)') + '72 / 160 (1 over)'.padStart(22) + '64 / 88 (0 over)'.padStart(22),
      label('its chip, after the tap') + '110 / 110'.padStart(22) + '-'.padStart(22),
    ]);
  });
});
