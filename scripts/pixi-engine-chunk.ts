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
 * What the chunk never takes: the modules that switch on Pixi's optional parts as they are
 * evaluated (browserAll, webworkerAll and the `init` modules they import: the event system,
 * accessibility, DOM elements, filters), which the stage leaves out in production
 * (StageCanvas.tsx, SKIP_BROWSER_EXTENSIONS) and which would then run with the chunk; Pixi's
 * eval-free polyfills (`pixi.js/unsafe-eval`) and Pixi's application, which the scene's own
 * chunks import in their own step. Whatever a taken module imports comes with it (Rolldown's
 * default), so the chunk is whole.
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

/** The chunk group (Rolldown's codeSplitting.groups) that gathers them. */
export const PIXI_ENGINE_CHUNK = { name: 'engine', test: inEngineChunk };
