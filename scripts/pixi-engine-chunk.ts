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
 * with it (class definitions; nothing is registered).
 *
 * Nor Pixi's WebGL and WebGPU renderers (issue 29): the stage draws on a 2D canvas (Pixi's Canvas
 * renderer, StageCanvas.tsx), which Pixi's renderer choice (autoDetectRenderer) takes first, so
 * the other two are never imported. Their modules came with the chunk all the same, because Pixi's
 * index re-exports them: 124 KB of its 548 (and 10 KB of the scene's own chunk, the eval-free
 * shader code of `pixi.js/unsafe-eval`, scene/eval-free.ts), compiled and their classes defined
 * before every stage's first frame. An earlier group (`gpu-renderers`, GPU_RENDERERS_CHUNK) takes
 * the modules of those renderers' folders that only they use, without their imports (which the
 * engine has), so they stay in a file of their own that only those renderers' dynamic imports ask
 * for. Measured at 4x against the build before, interleaved cold loads, OpenGL composite, the
 * engine ready after load (median / p90): practice 1860 / 1983 -> 1738 / 1842 ms (16 loads each),
 * play 2388 / 2838 -> 2153 / 2918 (14); the engine's files 178 -> 154 KB brotli.
 *
 * What the chunk never takes: the modules that switch on Pixi's optional parts as they are
 * evaluated (browserAll, webworkerAll and the `init` modules they import: the event system,
 * accessibility, DOM elements, filters), which the stage leaves out in production
 * (StageCanvas.tsx, SKIP_BROWSER_EXTENSIONS) and which would then run with the chunk; Pixi's
 * eval-free polyfills (`pixi.js/unsafe-eval`, which the stage no longer imports) and Pixi's
 * application, which the scene's own chunks import in their own step. Whatever a taken module
 * imports comes with it (Rolldown's default), so the chunk is whole, but for the renderers' modules
 * the earlier group has taken.
 */

/** Pixi and the packages only Pixi uses. */
const PIXI_PACKAGES = /node_modules[\\/](pixi\.js|@pixi[\\/]colord|eventemitter3|earcut|tiny-lru|parse-svg-path)[\\/]/;

/** Pixi's modules left to their own chunks (see above). */
const LEFT_OUT =
  /pixi\.js[\\/]lib[\\/](accessibility|events|dom|filters|environment-webworker|unsafe-eval|app|scene[\\/]particle-container|utils[\\/]browser[\\/](isMobile|isWeb)|rendering[\\/]renderers[\\/]autoDetectRenderer)|browserAll|webworkerAll/;

/** Whether the module `id` belongs in the engine's chunk. */
export function inEngineChunk(id: string): boolean {
  return PIXI_PACKAGES.test(id) && !LEFT_OUT.test(id);
}

/** What Rolldown tells a group's `name` function of a module (its ChunkingContext), as far as used here. */
export interface ImporterGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** A module of a renderer's own folder: the WebGL renderer's (`gl`) or the WebGPU renderer's (`gpu`), in Pixi's rendering or scene. */
const RENDERER_FOLDER = /pixi\.js[\\/]lib[\\/].*[\\/](gl|gpu)[\\/]/;

/** A barrel: a module that re-exports others (Pixi's index files), which the bundler drops where nothing uses what it names. */
const BARREL = /[\\/]index\.mjs$/;

/** What was worked out for each graph (Rolldown asks once per module, and makes its graph anew for each build). */
const answers = new WeakMap<ImporterGraph, Map<string, boolean>>();

/**
 * Whether `id` is a module of the WebGL or WebGPU renderer that nothing else imports: only their
 * own modules that are so, or a barrel. A module that code outside those renderers imports (a
 * shader's program class, which every shader names) is not.
 */
export function onlyForGpuRenderers(id: string, graph: ImporterGraph): boolean {
  if (!RENDERER_FOLDER.test(id)) return false;
  let memo = answers.get(graph);
  if (!memo) answers.set(graph, (memo = new Map()));
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, true); // a module on an import cycle among them: the cycle alone does not make it needed
  const info = graph.getModuleInfo(id);
  const answer = (info?.importers ?? []).every(
    (importer) => BARREL.test(importer) || onlyForGpuRenderers(importer, graph),
  );
  memo.set(id, answer);
  return answer;
}

/**
 * The WebGL and WebGPU renderers' own modules (see above), before the engine's group takes them
 * through Pixi's index. Without their imports: what they import from Pixi's core stays the engine's.
 */
export const GPU_RENDERERS_CHUNK = {
  name: (id: string, graph: ImporterGraph) =>
    inEngineChunk(id) && onlyForGpuRenderers(id, graph) ? 'gpu-renderers' : null,
  includeDependenciesRecursively: false,
};

/** The chunk group (Rolldown's codeSplitting.groups) that gathers them. */
export const PIXI_ENGINE_CHUNK = { name: 'engine', test: inEngineChunk };

/** Both groups, in the order Rolldown must ask them. */
export const PIXI_CHUNKS = [GPU_RENDERERS_CHUNK, PIXI_ENGINE_CHUNK];
