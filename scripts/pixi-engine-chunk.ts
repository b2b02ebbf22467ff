/**
 * A build step for the stage's start (issue 29): the Pixi the stage evaluates first
 * (src/stage/scene/engine-steps.ts) in one chunk, instead of the six more files Rolldown cut it
 * into by the way Pixi's optional parts share it (the event system, accessibility, filters, the
 * WebGL and WebGPU renderers). Each file was one more request (prefetched, then read from the
 * cache, parsed and compiled as the import ran) and the chain of imports was found one file after
 * another: traced at 4x, the import took 130-200 ms, its evaluation only 20-57 of them. Measured
 * at 4x against the build before, interleaved cold loads, the engine ready after load (median /
 * p90): play, OpenGL, 1065 / 1202 -> 991 / 1164 ms (12 loads each), 1536 / 1911 -> 1439 / 1737
 * (16, a slower hour) and 1218 / 1435 -> 1181 / 1365 (16); practice, OpenGL, 1035 / 1350 ->
 * 1036 / 1173 (10); with the software compositor, play 1098 / 1194 -> 1121 / 1223 (10) and
 * 1396 / 1764 -> 1400 / 1642 (16), practice 1082 / 1328 -> 1076 / 1389 (16). Brotli's bytes grow
 * by 2 KB: the classes of Pixi's event system and filters, which Pixi's core imports, now come
 * with it (class definitions; nothing is registered; since moved out again, below).
 *
 * Nor the parts of Pixi the stage never starts (issue 29): the WebGL and WebGPU renderers (the stage
 * draws on a 2D canvas, Pixi's Canvas renderer, StageCanvas.tsx, which Pixi's renderer choice takes
 * first) and the browser's extensions (the event system, accessibility, DOM elements, filters, which
 * the stage skips in production). Pixi imports each only dynamically, but their modules came with
 * the chunk all the same, because Pixi's index re-exports them: 179 KB of its 548 (and 10 KB of the
 * scene's own chunk, the eval-free shader code of `pixi.js/unsafe-eval`: scene/eval-free.ts),
 * compiled and their classes defined before every stage's first frame. An earlier group
 * (UNSTARTED_PARTS_CHUNK) takes them and the modules only they import, without their imports
 * (which the engine has), into a file that only their dynamic imports ask for. The engine's files
 * 727 -> 538 KB (178 -> 141 KB brotli). Measured at 4x against the build before, interleaved cold
 * loads, OpenGL composite, the engine ready after load (median / p90), with the renderers alone
 * out: practice 1860 / 1983 -> 1738 / 1842 ms (16 loads each), play 2388 / 2838 -> 2153 / 2918 (14).
 *
 * What the chunk never takes: the modules that switch on Pixi's optional parts as they are
 * evaluated (browserAll, webworkerAll and the `init` modules they import: the event system,
 * accessibility, DOM elements, filters), which the stage leaves out in production
 * (StageCanvas.tsx, SKIP_BROWSER_EXTENSIONS) and which would then run with the chunk; Pixi's
 * eval-free polyfills (`pixi.js/unsafe-eval`, which the stage no longer imports) and Pixi's
 * application, which the scene's own chunks import in their own step. Whatever a taken module
 * imports comes with it (Rolldown's default), so the chunk is whole, but for the modules the
 * earlier group has taken.
 */

import type { ModuleGraph } from './game-code-chunk.ts';

/** Pixi and the packages only Pixi uses. */
const PIXI_PACKAGES = /node_modules[\\/](pixi\.js|@pixi[\\/]colord|eventemitter3|earcut|tiny-lru|parse-svg-path)[\\/]/;

/** Pixi's modules left to their own chunks (see above). */
const LEFT_OUT =
  /pixi\.js[\\/]lib[\\/](accessibility|events|dom|filters|environment-webworker|unsafe-eval|app|scene[\\/]particle-container|utils[\\/]browser[\\/](isMobile|isWeb)|rendering[\\/]renderers[\\/]autoDetectRenderer)|browserAll|webworkerAll/;

/** Whether the module `id` belongs in the engine's chunk. */
export function inEngineChunk(id: string): boolean {
  return PIXI_PACKAGES.test(id) && !LEFT_OUT.test(id);
}

/** What Rolldown tells a group's `name` function of a module (game-code-chunk.ts), as far as used here. */
export interface ImporterGraph {
  getModuleInfo(
    id: string,
  ): Pick<NonNullable<ReturnType<ModuleGraph['getModuleInfo']>>, 'importers' | 'dynamicImporters'> | null;
}

/**
 * The parts of Pixi the stage never starts, each imported only dynamically: the WebGL and WebGPU
 * renderers (by Pixi's renderer choice, which takes the 2D canvas first) and the browser's and web
 * worker's extensions (by Pixi's start, which the stage tells to skip them in production).
 */
const UNSTARTED_PARTS =
  /pixi\.js[\\/]lib[\\/](rendering[\\/]renderers[\\/](gl[\\/]WebGLRenderer|gpu[\\/]WebGPURenderer)|environment-browser[\\/]browserAll|environment-webworker[\\/]webworkerAll)\.mjs$/;

/** A module of Pixi's own code. */
const PIXI_MODULE = /pixi\.js[\\/]lib[\\/]/;

/** A barrel: a module that re-exports others (Pixi's index files), which the bundler drops where nothing uses what it names. */
const BARREL = /[\\/]index\.mjs$/;

/**
 * A module that switches a part of Pixi on as it is evaluated (an `init` module), which Pixi's
 * index imports for that effect, not to re-export it: that import counts.
 */
const SWITCH_ON = /[\\/]init\.mjs$/;

/** What was worked out for each graph (Rolldown asks once per module, and makes its graph anew for each build). */
const answers = new WeakMap<ImporterGraph, Map<string, boolean>>();

/**
 * Whether `id` belongs to the parts of Pixi the stage never starts (UNSTARTED_PARTS): one of them,
 * or a module of Pixi that only they import, directly or through others that only they import (a
 * barrel's re-export does not count). A module that any other code imports, statically or
 * dynamically (a shader's program class, which every shader names), does not; nor one that only
 * barrels name, which the site's code may use through Pixi's index.
 *
 * Worked out over everything that imports `id`, at any depth, as the largest set of such modules
 * closed under that rule, so that import cycles among them do not change the answer.
 */
export function inUnstartedParts(id: string, graph: ImporterGraph): boolean {
  let memo = answers.get(graph);
  if (!memo) answers.set(graph, (memo = new Map()));
  const known = memo.get(id);
  if (known !== undefined) return known;
  // Who imports each module: statically (but for a barrel's re-export; its import of an `init`
  // module counts) and dynamically.
  const importersOf = new Map<string, { statically: string[]; all: string[] }>();
  const importing = (module: string) => {
    let found = importersOf.get(module);
    if (!found) {
      const info = graph.getModuleInfo(module);
      const statically = (info?.importers ?? []).filter((importer) => !BARREL.test(importer) || SWITCH_ON.test(module));
      importersOf.set(module, (found = { statically, all: [...statically, ...(info?.dynamicImporters ?? [])] }));
    }
    return found;
  };
  // Everything that imports `id`, at any depth.
  const above = new Set<string>([id]);
  for (const module of above) for (const importer of importing(module).all) above.add(importer);
  const parts = new Set(
    [...above].filter(
      (module) =>
        UNSTARTED_PARTS.test(module) ||
        (PIXI_MODULE.test(module) && !BARREL.test(module) && importing(module).statically.length > 0),
    ),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const module of parts) {
      if (UNSTARTED_PARTS.test(module) || importing(module).all.every((importer) => parts.has(importer))) continue;
      parts.delete(module);
      changed = true;
    }
  }
  for (const module of above) memo.set(module, parts.has(module));
  return parts.has(id);
}

/**
 * The parts of Pixi the stage never starts (see above), before the engine's group takes them
 * through Pixi's index. Without their imports: what they import from Pixi's core stays the engine's.
 */
export const UNSTARTED_PARTS_CHUNK = {
  name: (id: string, graph: ImporterGraph) =>
    PIXI_MODULE.test(id) && inUnstartedParts(id, graph) ? 'pixi-unstarted' : null,
  includeDependenciesRecursively: false,
};

/** The chunk group (Rolldown's codeSplitting.groups) that gathers them. */
export const PIXI_ENGINE_CHUNK = { name: 'engine', test: inEngineChunk };

/** Both groups, in the order Rolldown must ask them. */
export const PIXI_CHUNKS = [UNSTARTED_PARTS_CHUNK, PIXI_ENGINE_CHUNK];
