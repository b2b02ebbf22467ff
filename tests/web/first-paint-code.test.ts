import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_SCREENS } from '../../domain/site-paths.ts';
import { FIRST_PAINT_CODE, loadFirstPaintCode } from '../../src/app/routes.tsx';

describe('the code a first-paint screen waits for before React takes over its HTML', () => {
  it('is named for every first-paint screen, and for nothing else', () => {
    expect(Object.keys(FIRST_PAINT_CODE).sort()).toEqual(FIRST_PAINT_SCREENS.map((screen) => screen.path).sort());
  });

  it("loads each screen's chunks, and nothing on another path", async () => {
    for (const screen of FIRST_PAINT_SCREENS) await expect(loadFirstPaintCode(screen.path)).resolves.toBeDefined();
    await expect(loadFirstPaintCode('/rules')).resolves.toEqual([]);
  });
});
