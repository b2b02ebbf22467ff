/**
 * A build step for the stage's start (issue 29): Pixi's canvasUtils (the Canvas renderer's helpers,
 * in the graph of every `pixi.js` import) tests at module evaluation whether a 2D canvas can blend
 * with 'multiply', by drawing on a canvas and reading a pixel back (canUseNewCanvasBlendModes).
 * In Chromium that canvas is drawn by the GPU process, so the read waits for everything the GPU
 * process has queued: traced at 4x, right after a tap on the picture, it held the engine chunk's
 * evaluation for 460 ms while the tap's frame was rastered. The stage draws with WebGL, which
 * never asks; the Canvas renderer (the fallback without WebGL) still gets the same answer, asked
 * when it first tints. This step makes the two module-level uses lazy getters, and fails the build
 * if a Pixi upgrade changed the code it expects (look again then: the probe may have moved).
 */
import type { Plugin } from 'vite';
import { dependencyRewrites } from './dependency-rewrite.ts';

const MODULE = /pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canvasUtils\.mjs$/;

const FIELDS = `  canUseMultiply: canUseNewCanvasBlendModes(),
  tintMethod: null,`;
const LAZY_FIELDS = `  _canUseMultiply: undefined,
  get canUseMultiply() {
    return this._canUseMultiply ??= canUseNewCanvasBlendModes();
  },
  set canUseMultiply(value) {
    this._canUseMultiply = value;
  },
  _tintMethod: null,
  get tintMethod() {
    return this._tintMethod ?? (this.canUseMultiply ? this.tintWithMultiply : this.tintWithPerPixel);
  },
  set tintMethod(method) {
    this._tintMethod = method;
  },`;
const ASSIGNMENT =
  'canvasUtils.tintMethod = canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel;';

/** canvasUtils.mjs with its blend-mode probe asked on first use instead of at evaluation. */
export function deferCanvasProbe(code: string): string {
  if (!code.includes(FIELDS) || !code.includes(ASSIGNMENT))
    throw new Error('pixi-canvas-probe: Pixi changed canvasUtils.mjs; check where its blend-mode probe runs now');
  return code.replace(FIELDS, LAZY_FIELDS).replace(ASSIGNMENT, '');
}

const PROBE_MODULE =
  /pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canUseNewCanvasBlendModes\.mjs$/;
const PROBE_CONTEXT = 'canvas.getContext("2d")';
const CPU_CONTEXT = 'canvas.getContext("2d", { willReadFrequently: true })';

/**
 * canUseNewCanvasBlendModes.mjs with its three small canvases drawn by the CPU (willReadFrequently):
 * the stage's Canvas renderer asks the probe as it starts, and its read of one pixel then needs
 * nothing from the GPU process (traced at 4x: 100-140 ms waiting for it otherwise). The answer is
 * the same: the CPU's 2D canvas blends as the GPU's does.
 */
export function cpuCanvasProbe(code: string): string {
  const uses = code.split(PROBE_CONTEXT).length - 1;
  if (uses !== 2) throw new Error('pixi-canvas-probe: Pixi changed canUseNewCanvasBlendModes.mjs; check its canvases');
  return code.replaceAll(PROBE_CONTEXT, CPU_CONTEXT);
}

/** The Vite plugin applying deferCanvasProbe and cpuCanvasProbe to Pixi's modules. */
export function lazyPixiCanvasProbe(): Plugin {
  return dependencyRewrites('cricspot-lazy-pixi-canvas-probe', [
    [MODULE, deferCanvasProbe],
    [PROBE_MODULE, cpuCanvasProbe],
  ]);
}
