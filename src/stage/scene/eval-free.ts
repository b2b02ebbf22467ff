/**
 * The site's CSP forbids eval (script-src 'self', server/plugins/security.ts), and every Pixi
 * renderer, the 2D canvas one too, refuses to start where eval is blocked: its start tests
 * `new Function` (AbstractRenderer's `_unsafeEvalCheck`) and throws. `pixi.js/unsafe-eval` lifts
 * that test and replaces the code Pixi would generate with eval by code that needs none, but all of
 * that code is the WebGL and WebGPU renderers' (their uniforms', uniform buffers' and shaders'
 * sync) and the particle container's, none of which the stage uses: it draws on a 2D canvas
 * (StageCanvas.tsx), which generates no code. So only the test is lifted here, as
 * `pixi.js/unsafe-eval` lifts it, and the stage's chunks no longer carry those renderers (10 KB of
 * the scene's chunk, and through them most of Pixi's 179 KB left out: scripts/pixi-engine-chunk.ts;
 * issue 29).
 * Were the stage ever to draw with WebGL again, `pixi.js/unsafe-eval` must come back.
 */
import { AbstractRenderer } from 'pixi.js';

Object.assign(AbstractRenderer.prototype, {
  // As pixi.js/unsafe-eval does: the renderer this stage uses evaluates no generated code.
  _unsafeEvalCheck() {},
});
