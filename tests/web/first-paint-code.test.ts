import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_SCREENS } from '../../domain/site-paths.ts';
import { FIRST_PAINT_CODE, loadFirstPaintCode } from '../../src/app/routes.tsx';
import { staticPackages } from '../support/static-imports.ts';

// The stage engine (PixiJS, @pixi/react) comes in its own chunk once a game asks for it: were it
// imported with the code a first paint waits for, that wait would include the engine's bytes.
// Importing either here fails the import that asked for it, and with it the screen's load.
vi.mock('pixi.js', () => {
  throw new Error('pixi.js was imported with the first-paint code');
});
vi.mock('@pixi/react', () => {
  throw new Error('@pixi/react was imported with the first-paint code');
});

/** The components a file exports by default, as its module loads in this test. */
async function defaultsOf(files: readonly string[]): Promise<unknown[]> {
  const modules = (await Promise.all(files.map((file) => import(/* @vite-ignore */ `../../${file}`)))) as Array<{
    default: unknown;
  }>;
  return modules.map((module) => module.default);
}

describe('the code a first-paint screen waits for before React takes over its HTML', () => {
  it('is named for every first-paint screen, and for nothing else', () => {
    expect(Object.keys(FIRST_PAINT_CODE).sort()).toEqual(FIRST_PAINT_SCREENS.map((screen) => screen.path).sort());
  });

  it('loads the screen and the parts its first paint shows (FIRST_PAINT_SCREENS), without the stage engine', async () => {
    for (const screen of FIRST_PAINT_SCREENS) {
      // A failed import resolves to undefined (lazyScreen's load), so a missing module shows here.
      const loaded = (await loadFirstPaintCode(screen.path)) as Array<{ default?: unknown } | undefined>;
      const expected = await defaultsOf([screen.screen, ...screen.also]);
      expect(expected.every((component) => typeof component === 'function')).toBe(true);
      expect(new Set(loaded.map((module) => module?.default))).toEqual(new Set(expected));
      expect(loaded).toHaveLength(expected.length);
    }
  });

  it('waits for nothing on another path', async () => {
    await expect(loadFirstPaintCode('/rules')).resolves.toEqual([]);
    await expect(loadFirstPaintCode('/')).resolves.toEqual([]);
  });

  it("keeps the stage engine out of the home page's own imports too", async () => {
    const [home] = await defaultsOf(['src/screens/home/HomePage.tsx']);
    expect(typeof home).toBe('function');
  });
});

describe('what the home page loads before it settles (issue 29)', () => {
  it('has no zod, XState, dialog library or axios: they come later, when a screen needs them', () => {
    // The entry, the home route's chunk and the background watchers' first chunk.
    const packages = staticPackages(['src/main.tsx', 'src/screens/home/HomePage.tsx', 'src/app/watchers/Watchers.tsx']);
    const late = ['zod', 'xstate', '@xstate/react', '@radix-ui/react-dialog', 'axios'];
    expect(late.filter((name) => packages.has(name)).map((name) => `${name} (${packages.get(name)})`)).toEqual([]);
  });

  it('the contact page the same: its checks, the API client and the dialogs come when the form is first used', () => {
    const packages = staticPackages(['src/screens/contact/ContactPage.tsx']);
    const late = ['zod', '@hookform/resolvers', 'xstate', '@radix-ui/react-dialog', 'axios'];
    expect(late.filter((name) => packages.has(name)).map((name) => `${name} (${packages.get(name)})`)).toEqual([]);
  });

  it('the information and press pages the same: they read their answers without the API client', () => {
    for (const screen of [
      'src/screens/info/InfoPage.tsx',
      'src/screens/press/PressListPage.tsx',
      'src/screens/press/PressDetailPage.tsx',
    ]) {
      const packages = staticPackages([screen]);
      const late = ['zod', 'xstate', '@radix-ui/react-dialog', 'axios'];
      expect(
        late.filter((name) => packages.has(name)).map((name) => `${screen}: ${name} (${packages.get(name)})`),
      ).toEqual([]);
    }
  });
});

describe('what a game screen loads before its stage starts (issue 29)', () => {
  // Each first-paint game screen with the parts its first paint shows.
  const gameScreens = FIRST_PAINT_SCREENS.filter((candidate) => candidate.image !== null);

  it('has no zod: its answers are checked without it, and the codes it reads live apart from the schemas', () => {
    // Zod built every schema of the contract it imported as the screen's code was evaluated (70 ms at 4x CPU slowdown).
    for (const screen of gameScreens) {
      const packages = staticPackages([screen.screen, ...screen.also]);
      expect(packages.has('zod') ? `${screen.path}: zod (${packages.get('zod')})` : null).toBeNull();
    }
  });

  it("has no dialog library: the reset's question loads once there is a mark to reset", () => {
    for (const screen of gameScreens) {
      const packages = staticPackages([screen.screen, ...screen.also]);
      const dialog = packages.get('@radix-ui/react-dialog');
      expect(dialog ? `${screen.path}: @radix-ui/react-dialog (${dialog})` : null).toBeNull();
    }
  });
});
