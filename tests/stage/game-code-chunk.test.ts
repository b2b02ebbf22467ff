import { describe, expect, it } from 'vitest';
import { GAME_CODE_CHUNKS, gameCodeGroup, type ModuleGraph } from '../../scripts/game-code-chunk.ts';

const root = '/site';
const id = (file: string) => `${root}/${file}`;

/**
 * A small site as Rolldown describes it: `static` lists what each module imports, `lazy` what the
 * router imports dynamically. Modules the graph does not list do not exist (null).
 */
function graphOf(modules: Record<string, string[]>, lazy: string[]): ModuleGraph {
  const importers = new Map<string, string[]>();
  for (const [file, imports] of Object.entries(modules))
    for (const imported of imports) importers.set(imported, [...(importers.get(imported) ?? []), id(file)]);
  return {
    getModuleInfo(moduleId) {
      const file = moduleId.slice(root.length + 1);
      if (!(file in modules)) return null;
      return {
        isEntry: file === 'src/main.tsx',
        importedIds: modules[file]!.map(id),
        importers: importers.get(file) ?? [],
        dynamicImporters: lazy.includes(file) ? [id('src/app/routes.tsx')] : [],
      };
    },
  };
}

const SITE = {
  'src/main.tsx': ['src/app/routes.tsx'],
  'src/app/routes.tsx': ['src/shared/i18n.ts'],
  'src/shared/i18n.ts': [],
  'src/screens/home/HomePage.tsx': ['src/ui/Countdown.tsx', 'src/shared/i18n.ts'],
  'src/screens/play/PlayScreenPage.tsx': [
    'src/screens/game/GameBoard.tsx',
    'src/ui/Countdown.tsx',
    'src/api/contests.ts',
    'src/stage/scene/StageCanvas.tsx',
  ],
  'src/screens/trial/QuickGameScreenPage.tsx': [
    'src/screens/game/GameBoard.tsx',
    'src/screens/game/odd.ts',
    'src/screens/trial/ResultPanel.tsx',
  ],
  'src/screens/trial/ResultPanel.tsx': ['src/ui/format.ts', 'domain/tickets.ts'],
  'src/app/LocationGate.tsx': ['machines/location-gate.machine.ts'],
  'machines/location-gate.machine.ts': ['node_modules/xstate/dist/xstate.esm.js', 'domain/tickets.ts'],
  'src/screens/cart/CartPage.tsx': ['domain/tickets.ts', 'src/ui/cart-only.ts'],
  'src/screens/game/GameBoard.tsx': [
    'src/ui/format.ts',
    'domain/tickets.ts',
    'machines/marking.ts',
    'node_modules/xstate/dist/xstate.esm.js',
    'src/shared/i18n.ts',
  ],
  'machines/marking.ts': ['machines/draft.ts'],
  'machines/draft.ts': ['machines/marking.ts'],
  'src/ui/Countdown.tsx': ['src/ui/use-now.ts', 'src/ui/format.ts'],
  'src/ui/use-now.ts': [],
  'src/ui/format.ts': [],
  'domain/tickets.ts': [],
  'src/ui/cart-only.ts': [],
  'src/api/contests.ts': ['src/api/http.ts'],
  'src/api/http.ts': ['node_modules/axios/index.js'],
  'src/screens/game/odd.ts': ['src/screens/game/odd-inner.ts'],
  'src/screens/game/odd-inner.ts': ['node_modules/left-pad/index.js'],
  'src/stage/scene/StageCanvas.tsx': [],
  'node_modules/xstate/dist/xstate.esm.js': [],
  'node_modules/axios/index.js': [],
  'node_modules/left-pad/index.js': [],
};
const LAZY = [
  'src/screens/home/HomePage.tsx',
  'src/screens/play/PlayScreenPage.tsx',
  'src/screens/trial/QuickGameScreenPage.tsx',
  'src/screens/cart/CartPage.tsx',
  'src/app/LocationGate.tsx',
  'src/api/http.ts',
];

describe("the game screens' own code in a few chunks (scripts/game-code-chunk.ts)", () => {
  const group = (file: string) => gameCodeGroup(id(file), graphOf(SITE, LAZY));

  it("puts what a game screen shares with a page with a byte budget in 'shared', the rest by the game screens that use it", () => {
    for (const file of ['src/ui/Countdown.tsx', 'src/ui/use-now.ts', 'src/ui/format.ts'])
      expect(group(file), file).toBe('shared');
    // Both game screens: the board imports the shared formatting (`game` may import `shared`, whose group comes first).
    for (const file of [
      'src/screens/game/GameBoard.tsx',
      'domain/tickets.ts',
      'machines/marking.ts',
      'machines/draft.ts',
    ])
      expect(group(file), file).toBe('game');
    // One of them (the location gate is the play screen's): each evaluates only its own.
    expect(group('machines/location-gate.machine.ts')).toBe('game-play');
    expect(group('src/screens/trial/ResultPanel.tsx')).toBe('game-practice');
  });

  it("leaves the entry's code, the screens themselves, dynamically imported modules and other screens' code alone", () => {
    for (const file of [
      'src/shared/i18n.ts', // the entry's (the app chunk)
      'src/screens/play/PlayScreenPage.tsx', // the manifest names each screen's chunk
      'src/api/http.ts', // imported dynamically (the game libraries, evaluated one per task)
      'src/ui/cart-only.ts', // no game screen uses it
      'src/stage/scene/StageCanvas.tsx', // the engine's
      'node_modules/xstate/dist/xstate.esm.js', // a library's own group
    ])
      expect(group(file), file).toBeNull();
  });

  it('takes a module only if everything it imports, at any depth, may come with it', () => {
    // The contests API imports the HTTP client, a chunk of its own: taking it would pull the client in.
    expect(group('src/api/contests.ts')).toBeNull();
    // A package no group names, two imports down: neither module is taken.
    expect(group('src/screens/game/odd-inner.ts')).toBeNull();
    expect(group('src/screens/game/odd.ts')).toBeNull();
  });

  it('answers the same whichever module Rolldown asks about first', () => {
    const files = Object.keys(SITE);
    const forwards = files.map((file) => gameCodeGroup(id(file), graphOf(SITE, LAZY)));
    const graph = graphOf(SITE, LAZY);
    const backwards = [...files]
      .reverse()
      .map((file) => gameCodeGroup(id(file), graph))
      .reverse();
    expect(backwards).toEqual(forwards);
  });

  it('names the libraries the game screens evaluate one per task as chunks of their own, before the two groups', () => {
    const names = GAME_CODE_CHUNKS.map((chunk) => (typeof chunk.name === 'string' ? chunk.name : 'by module'));
    expect(names).toEqual(['schemas', 'xstate', 'dialog', 'by module', 'by module', 'by module', 'by module']);
    // The groups by module, in order: a module goes to the first that names it.
    const graph = graphOf(SITE, LAZY);
    const named = (file: string) =>
      GAME_CODE_CHUNKS.map((chunk) => (typeof chunk.name === 'function' ? chunk.name(id(file), graph) : null)).filter(
        Boolean,
      );
    expect(named('src/ui/format.ts')).toEqual(['shared']);
    expect(named('src/screens/game/GameBoard.tsx')).toEqual(['game']);
    expect(named('machines/location-gate.machine.ts')).toEqual(['game-play']);
    expect(named('src/screens/trial/ResultPanel.tsx')).toEqual(['game-practice']);
    expect(named('src/api/contests.ts')).toEqual([]);
    const library = (path: string) =>
      GAME_CODE_CHUNKS.find((chunk) => 'test' in chunk && chunk.test instanceof RegExp && chunk.test.test(path))?.name;
    expect(library('/site/node_modules/zod/v4/classic/schemas.js')).toBe('schemas');
    expect(library('/site/node_modules/@xstate/react/dist/xstate-react.esm.js')).toBe('xstate');
    expect(library('/site/node_modules/@radix-ui/react-dialog/dist/index.mjs')).toBe('dialog');
    expect(library('/site/node_modules/axios/lib/axios.js')).toBeUndefined();
  });
});
