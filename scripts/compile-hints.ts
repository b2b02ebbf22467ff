/**
 * V8's explicit compile hint on every chunk of the browser's code (issue 29). V8 compiles a
 * function lazily, on the main thread, the first time it is called; a script whose first line is
 * the magic comment `//# allFunctionsCalledOnLoad` (Chrome 136 and later) has all its functions
 * compiled as the script is loaded, on a background thread while it streams in. The site's chunks
 * are split by screen and by step of the stage's start, so most of what a chunk holds runs as soon
 * as it is evaluated: its first render, the engine's start, the first tap's render. Those first
 * calls no longer stop to compile where the player waits.
 *
 * Measured here at 4x CPU slowdown, interleaved with the same build without the hint (cold loads,
 * median / p90 after the load event): the practice screen's engine ready untouched 1.81 / 1.92 s
 * instead of 2.18 / 3.50 s, the play screen's 1.65 / 1.79 s instead of 1.90 / 2.24 s; the main
 * thread busy from the load to the engine being ready 2.0-2.5 s instead of 2.8-4.5 s (traced); the
 * engine's longest start tasks 30-65 ms instead of 80-120 ms (Pixi's evaluation, the renderer's
 * start, the scene's first render, the marks' warm-up); Lighthouse mobile on the practice screen
 * 95-99 (TBT 5-220 ms) instead of 90-96 (TBT 200-400 ms), the home page the same (98). Browsers
 * other than Chromium read a comment.
 *
 * Added after minification (Rolldown's postBanner, which keeps the source maps right), so the
 * minifier cannot drop it; not on the build's server-side render (src/prerender) or a worker. V8
 * heeds it on a script's first line only (traced with V8's function events: on the second line,
 * the entry still compiled 816 functions on their first call, on the first line 1): in a chunk
 * that imports others lazily, Vite writes its list of their files (`const __vite__mapDeps=...`)
 * on the first line, above the banner; the two lines change places (neither maps to a source line, so the
 * source map stays right), and that chunk's compressed copies (vite-plugin-compression2, made
 * before this step) are made again with the same settings (zlib's best).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

/** The comment V8 reads on a script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Vite's list of the files a chunk's lazy imports need, on its first line. */
const VITE_DEPS_LINE = 'const __vite__mapDeps=';

/** A chunk's code with the compile hint on its first line: above Vite's list of files where that is first. */
export function hintFirst(code: string): string {
  if (code.startsWith(COMPILE_HINT) || !code.startsWith(VITE_DEPS_LINE)) return code;
  const first = code.indexOf('\n');
  const second = code.indexOf('\n', first + 1);
  if (first < 0 || second < 0 || code.slice(first + 1, second) !== COMPILE_HINT) return code;
  return `${COMPILE_HINT}\n${code.slice(0, first)}${code.slice(second)}`;
}

/** The compressed copies the build keeps beside a file, made as vite-plugin-compression2 makes them (its defaults). */
const COMPRESSED: Record<string, (code: string) => Uint8Array> = {
  '.br': (code) =>
    brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  '.gz': (code) => gzipSync(code, { level: constants.Z_BEST_COMPRESSION }),
};

/** Puts the hint first in every chunk of `bundle` where Vite's list of files came above it, with its compressed copies. */
export function hintChunksFirst(bundle: Rolldown.OutputBundle): void {
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    const code = hintFirst(output.code);
    if (code === output.code) continue;
    output.code = code;
    for (const [suffix, compress] of Object.entries(COMPRESSED)) {
      const copy = bundle[output.fileName + suffix];
      if (copy?.type === 'asset') copy.source = compress(code);
    }
  }
}

export function compileHints(): Plugin {
  let ssr = false;
  return {
    name: 'cricspot-compile-hints',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    outputOptions(options) {
      if (ssr) return null;
      return { ...options, postBanner: COMPILE_HINT };
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (!ssr) hintChunksFirst(bundle);
      },
    },
  };
}
