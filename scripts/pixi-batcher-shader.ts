/**
 * A build step for the stage's start (issue 29): Pixi's DefaultBatcher makes its WebGL/WebGPU
 * shader as it is constructed (the first render builds one), compiling both shader programs and
 * asking a WebGL test context for its precision. The stage draws with Pixi's Canvas renderer,
 * whose batch adaptor ignores the shader: traced at 4x CPU, 57 ms of the first frame's render
 * (31 ms of it making the test context), for nothing. This step makes the batcher's shader on first
 * use, and the batch pipe pass none to the Canvas renderer's adaptor; WebGL and WebGPU renderers
 * get the same shader as before, made as their first batch starts. It fails the build if a Pixi
 * upgrade changed the code it expects.
 */
import type { Plugin } from 'vite';
import { dependencyRewrites, replaceEachOnce } from './dependency-rewrite.ts';

const BATCHER = /pixi\.js[\\/]lib[\\/]rendering[\\/]batcher[\\/]shared[\\/]DefaultBatcher\.mjs$/;
const PIPE = /pixi\.js[\\/]lib[\\/]rendering[\\/]batcher[\\/]shared[\\/]BatcherPipe\.mjs$/;

const EAGER = `    defaultShader ?? (defaultShader = new DefaultShader(options.maxTextures));
    this.shader = defaultShader;
  }`;
/** The shader's texture count kept; the shader made by the getter, shared as Pixi shares it. */
const LAZY = `    this._shaderTextures = options.maxTextures;
  }
  get shader() {
    if (this._shader === void 0) {
      defaultShader ?? (defaultShader = new DefaultShader(this._shaderTextures));
      this._shader = defaultShader;
    }
    return this._shader;
  }
  set shader(value) {
    this._shader = value;
  }`;
const UPDATE = `  _updateMaxTextures(maxTextures) {
    if (this.shader.maxTextures === maxTextures) return;`;
/** A batcher whose shader is not made yet makes it with the new count when first asked. */
const LAZY_UPDATE = `  _updateMaxTextures(maxTextures) {
    if (this._shader === void 0) {
      this._shaderTextures = maxTextures;
      if (defaultShader === null || defaultShader.maxTextures === maxTextures) return;
    }
    if (this.shader.maxTextures === maxTextures) return;`;

/** Pixi's RendererType.CANVAS (rendering/renderers/types.mjs); tests/stage checks it. */
export const CANVAS_RENDERER_TYPE = 4;
const START = `      const shader = batcher.shader;
      this._adaptor.start(this, geometry, shader);`;
const START_WITHOUT_SHADER = `      const shader = this.renderer.type === ${CANVAS_RENDERER_TYPE} ? null : batcher.shader;
      this._adaptor.start(this, geometry, shader);`;

const changed = (module: string) =>
  `pixi-batcher-shader: Pixi changed ${module}; check where its batch shader is made and used`;

/** DefaultBatcher.mjs with its shader made on first use instead of in the constructor. */
export function lazyBatcherShader(code: string): string {
  return replaceEachOnce(
    code,
    [
      [EAGER, LAZY],
      [UPDATE, LAZY_UPDATE],
    ],
    changed('DefaultBatcher.mjs'),
  );
}

/** BatcherPipe.mjs asking a batcher for its shader only for a renderer that draws with one. */
export function canvasBatchWithoutShader(code: string): string {
  return replaceEachOnce(code, [[START, START_WITHOUT_SHADER]], changed('BatcherPipe.mjs'));
}

/** The Vite plugin applying lazyBatcherShader and canvasBatchWithoutShader to Pixi's modules. */
export function lazyPixiBatcherShader(): Plugin {
  return dependencyRewrites('cricspot-lazy-pixi-batcher-shader', [
    [BATCHER, lazyBatcherShader],
    [PIPE, canvasBatchWithoutShader],
  ]);
}
