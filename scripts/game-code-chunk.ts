/**
 * A build step for the game screens' start (issue 29): their own code in a few chunks instead of
 * the twenty-odd small files Rolldown cut it into by the way the site's other screens share it
 * (each file one set of screens that import it: the cart, the checkout, the account, the
 * entries...). Every file was one more request and, after the load event, one more round of the
 * browser's work on it (its request, its data, the module map's notice, its compile: about 300
 * such tasks on the play screen before its engine was ready, traced at 4x). The play screen's
 * code went from 32 files to 16 and the practice screen's from 20 to 11, 6.6 and 3.7 KB fewer on
 * the wire (brotli compresses one file better than ten), and the home page's own code from 7 files
 * to 2. Measured at 4x against the build before (interleaved cold loads, 12 each, OpenGL, the
 * machine slow: its fixed script 300-470 ms at 4x), medians after the load event: on the play
 * screen the marks drawn 1506 -> 1299 ms and the engine ready 2340 -> 2129 ms; on the practice
 * screen 1004 -> 994 and 1840 -> 1838 (the same).
 *
 * The groups, in order (Rolldown gives a module to the first group that takes it):
 * - the libraries the game screens evaluate one per task (src/app/routes.tsx, gameLibraries): zod,
 *   XState with its React binding, and the dialog's Radix parts, each a chunk of its own, as
 *   Rolldown had cut them; named here so that the groups below stop at them;
 * - `shared`: the site's own code that a game screen shares with a page that has a byte budget
 *   (bench/wire.ts: the home page, the information pages, contact, the winners' pages, the press)
 *   or that every page loads (the background watchers): formatting, the countdown, the sponsor's
 *   line. Those pages load it as one small file;
 * - `game`: the site's own code that both game screens use, and no page with a byte budget (the
 *   screens without one, the cart, the checkout, the account, the entries, may): the board, the
 *   ticket bar, the hints, the preview of the marks, the tickets' rules;
 * - `game-play` and `game-practice`: what only the play screen (with its location check) or only
 *   the practice screen uses, so that neither evaluates the other's code.
 *
 * A group takes along whatever its modules import (Rolldown's includeDependenciesRecursively, so
 * that no chunk imports another in a circle), so a module is taken only if everything it imports,
 * all the way down, is taken by its group or one it may use (MAY_IMPORT), is a library above, or
 * is the entry's (the `app` chunk): else a module of a budgeted page could be pulled into `game`.
 * What is left (a module that imports the HTTP client, a module a screen imports dynamically,
 * which the build's manifest names) keeps Rolldown's own cut.
 */

/** What Rolldown tells a group's `name` function of a module (its ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    isEntry: boolean;
  } | null;
}

/** The play screen and the screens its first paint renders with (src/app/routes.tsx, FIRST_PAINT_CODE). */
const PLAY_SCREENS = /[\\/]src[\\/](screens[\\/]play[\\/](PlayScreenPage|PlayLoading)|app[\\/]LocationGate)\.tsx$/;

/** The practice screen. */
const PRACTICE_SCREENS = /[\\/]src[\\/]screens[\\/]trial[\\/]QuickGameScreenPage\.tsx$/;

/** The screens of the pages with a byte budget (bench/wire.ts), and the watchers every page loads. */
const BUDGETED_SCREENS =
  /[\\/]src[\\/](screens[\\/](home[\\/]HomePage|info[\\/]InfoPage|contact[\\/]ContactPage|press[\\/]Press\w+|winners[\\/]\w+|not-found[\\/]NotFoundPage)|app[\\/]watchers[\\/]\w+)\.tsx$/;

/** The libraries, each a chunk of its own (see above). */
const LIBRARIES = {
  schemas: /node_modules[\\/]zod[\\/]/,
  xstate: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/,
  dialog:
    /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|detect-node-es|get-nonce)[\\/]/,
} as const;

const inLibrary = (id: string) => Object.values(LIBRARIES).some((test) => test.test(id));

/** The site's own code (not a package's), but the stage's scene, which the engine's chunks take. */
const siteCode = (id: string) =>
  !/node_modules/.test(id) &&
  /[\\/](src|domain|machines)[\\/]/.test(id) &&
  !/[\\/]src[\\/]stage[\\/]scene[\\/]/.test(id);

type Group = 'shared' | 'game' | 'game-play' | 'game-practice';

/** The groups a group's modules may import, at any depth: its own and those before it that it may use. */
const MAY_IMPORT: Readonly<Record<Group, readonly Group[]>> = {
  shared: ['shared'],
  game: ['game', 'shared'],
  'game-play': ['game-play', 'game', 'shared'],
  'game-practice': ['game-practice', 'game', 'shared'],
};

/**
 * The group for each module, for one graph (Rolldown asks once per module, and makes its graph anew
 * for each build: a graph seen before answers from what was worked out for it).
 */
const answers = new WeakMap<ModuleGraph, Map<string, Group | null>>();
const reaching = new WeakMap<ModuleGraph, Map<string, ReadonlySet<string>>>();

/** The entries (the app's and every dynamically imported module) whose static imports lead to `id`. */
function entriesReaching(id: string, graph: ModuleGraph): ReadonlySet<string> {
  let memo = reaching.get(graph);
  if (!memo) reaching.set(graph, (memo = new Map()));
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  memo.set(id, found); // a module on an import cycle: its importers' entries are gathered once
  const info = graph.getModuleInfo(id);
  if (!info) return found;
  if (info.isEntry || info.dynamicImporters.length > 0) found.add(id);
  for (const importer of info.importers) for (const entry of entriesReaching(importer, graph)) found.add(entry);
  return found;
}

/** Whether the app's entry imports `id` (statically, at any depth): the `app` chunk has it. */
const fromTheEntry = (id: string, graph: ModuleGraph) =>
  [...entriesReaching(id, graph)].some((entry) => graph.getModuleInfo(entry)?.isEntry === true);

/** The group `id` belongs to by who uses it, before its imports are looked at. */
function groupByUse(id: string, graph: ModuleGraph): Group | null {
  const info = graph.getModuleInfo(id);
  // An entry or a dynamically imported module keeps its own chunk: the build's manifest names it.
  if (!info || info.isEntry || info.dynamicImporters.length > 0 || !siteCode(id)) return null;
  if (fromTheEntry(id, graph)) return null;
  const entries = [...entriesReaching(id, graph)];
  const play = entries.some((entry) => PLAY_SCREENS.test(entry));
  const practice = entries.some((entry) => PRACTICE_SCREENS.test(entry));
  if (!play && !practice) return null;
  if (entries.some((entry) => BUDGETED_SCREENS.test(entry))) return 'shared';
  return play && practice ? 'game' : play ? 'game-play' : 'game-practice';
}

/** The group that takes `id`: its group by use, if everything it imports may come with it (see above). */
export function gameCodeGroup(id: string, graph: ModuleGraph): Group | null {
  let memo = answers.get(graph);
  if (!memo) answers.set(graph, (memo = new Map()));
  if (memo.has(id)) return memo.get(id)!;
  const group = groupByUse(id, graph);
  let answer = group;
  // Everything `id` imports, at any depth, down to the libraries and the entry's own code.
  const seen = new Set<string>([id]);
  const queue = [id];
  while (answer !== null && queue.length > 0) {
    for (const imported of graph.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (seen.has(imported) || inLibrary(imported) || fromTheEntry(imported, graph)) continue;
      seen.add(imported);
      const its = groupByUse(imported, graph);
      if (its === null || !MAY_IMPORT[group!].includes(its)) answer = null;
      queue.push(imported);
    }
  }
  memo.set(id, answer);
  return answer;
}

/** The chunk groups (Rolldown's codeSplitting.groups), after the entry's and the engine's. */
export const GAME_CODE_CHUNKS = [
  ...Object.entries(LIBRARIES).map(([name, test]) => ({ name, test })),
  ...(Object.keys(MAY_IMPORT) as Group[]).map((group) => ({
    name: (id: string, graph: ModuleGraph) => (gameCodeGroup(id, graph) === group ? group : null),
  })),
];
