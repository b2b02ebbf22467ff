import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inEngineChunk } from '../../scripts/pixi-engine-chunk.ts';

const pixi = path.resolve(import.meta.dirname, '../../node_modules/pixi.js/lib');

/** Whether Pixi's module `file` switches on an optional part as it is evaluated (an extension added or mixed in at its top level). */
const registersAnExtension = (file: string) => /^extensions\.(add|mixin)\(/m.test(readFileSync(file, 'utf8'));

describe("the engine's chunk (scripts/pixi-engine-chunk.ts)", () => {
  it('takes the Pixi the stage evaluates first and the packages only Pixi uses', () => {
    for (const file of [
      'scene/container/Container.mjs',
      'scene/sprite/Sprite.mjs',
      'scene/graphics/shared/Graphics.mjs',
      'scene/text/Text.mjs',
      'rendering/renderers/shared/texture/Texture.mjs',
      'rendering/renderers/canvas/CanvasRenderer.mjs',
      'ticker/Ticker.mjs',
      'index.mjs',
    ])
      expect(inEngineChunk(path.join(pixi, file)), file).toBe(true);
    for (const dependency of ['eventemitter3/index.mjs', 'earcut/src/earcut.js', '@pixi/colord/index.mjs'])
      expect(inEngineChunk(path.resolve(pixi, '../..', dependency)), dependency).toBe(true);
  });

  it("leaves out what switches on Pixi's optional parts, which the stage never starts in production", () => {
    for (const file of ['accessibility/init.mjs', 'dom/init.mjs', 'events/init.mjs', 'filters/init.mjs']) {
      expect(registersAnExtension(path.join(pixi, file)), file).toBe(true);
      expect(inEngineChunk(path.join(pixi, file)), file).toBe(false);
    }
    for (const file of ['environment-browser/browserAll.mjs', 'environment-webworker/webworkerAll.mjs']) {
      expect(readFileSync(path.join(pixi, file), 'utf8'), file).toMatch(/import '\.\.\/filters\/init\.mjs'/);
      expect(inEngineChunk(path.join(pixi, file)), file).toBe(false);
    }
  });

  it("leaves the eval-free polyfills and Pixi's application to the scene's own steps", () => {
    for (const file of ['unsafe-eval/init.mjs', 'app/Application.mjs', 'rendering/renderers/autoDetectRenderer.mjs'])
      expect(inEngineChunk(path.join(pixi, file)), file).toBe(false);
  });

  it('takes nothing outside Pixi and its own packages', () => {
    for (const id of [
      path.resolve(pixi, '../../react-dom/index.js'),
      path.resolve(pixi, '../../@pixi/react/lib/index.mjs'),
      path.resolve(import.meta.dirname, '../../src/stage/scene/engine-steps.ts'),
    ])
      expect(inEngineChunk(id), id).toBe(false);
  });
});
