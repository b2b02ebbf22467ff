import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_SCREENS } from '../../domain/site-paths.ts';
import { FIRST_PAINT_CODE, loadFirstPaintCode } from '../../src/app/routes.tsx';
import { staticPackages } from '../support/static-imports.ts';

describe('the code a first-paint screen waits for before React takes over its HTML', () => {
  it('is named for every first-paint screen, and for nothing else', () => {
    expect(Object.keys(FIRST_PAINT_CODE).sort()).toEqual(FIRST_PAINT_SCREENS.map((screen) => screen.path).sort());
  });

  it("loads each screen's chunks, and nothing on another path", async () => {
    for (const screen of FIRST_PAINT_SCREENS) await expect(loadFirstPaintCode(screen.path)).resolves.toBeDefined();
    await expect(loadFirstPaintCode('/rules')).resolves.toEqual([]);
  });
});

describe('what the home page loads before it settles (issue 29)', () => {
  it('has no zod, XState, dialog library or axios: they come later, when a screen needs them', () => {
    // The entry, the home route's chunk and the background watchers' first chunk.
    const packages = staticPackages(['src/main.tsx', 'src/screens/home/HomePage.tsx', 'src/app/watchers/Watchers.tsx']);
    const late = ['zod', 'xstate', '@xstate/react', '@radix-ui/react-dialog', 'axios'];
    expect(late.filter((name) => packages.has(name)).map((name) => `${name} (${packages.get(name)})`)).toEqual([]);
  });
});
