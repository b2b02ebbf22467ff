import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  UNSTARTED_PARTS_CHUNK,
  inEngineChunk,
  inUnstartedParts,
  type ImporterGraph,
} from '../../scripts/pixi-engine-chunk.ts';

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

/**
 * Pixi's modules and who imports each (its `import` and `export ... from` statements, and its
 * `import()` calls), as Rolldown's graph tells a chunk group: the whole of Pixi's lib, as the site's
 * build sees it through the index.
 */
function pixiGraph(): ImporterGraph {
  const importers = new Map<string, string[]>();
  const dynamicImporters = new Map<string, string[]>();
  const add = (to: Map<string, string[]>, imported: string, importer: string) =>
    to.set(imported, [...(to.get(imported) ?? []), importer]);
  const files = readdirSync(pixi, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
  for (const file of files) {
    const importer = path.join(pixi, file);
    const code = readFileSync(importer, 'utf8');
    const resolve = (specifier: string) => path.resolve(path.dirname(importer), specifier);
    for (const [, specifier] of code.matchAll(/^(?:import|export)\b[^'";]*?(?:from\s*)?'(\.[^']+)'/gm))
      add(importers, resolve(specifier!), importer);
    for (const [, specifier] of code.matchAll(/\bimport\('(\.[^']+)'\)/g))
      add(dynamicImporters, resolve(specifier!), importer);
  }
  return {
    getModuleInfo: (id) =>
      id.startsWith(pixi)
        ? { importers: importers.get(id) ?? [], dynamicImporters: dynamicImporters.get(id) ?? [] }
        : null,
  };
}

describe('the parts of Pixi the stage never starts, in a chunk of their own (scripts/pixi-engine-chunk.ts)', () => {
  const graph = pixiGraph();
  const at = (file: string) => path.join(pixi, file);

  it('takes the WebGL and WebGPU renderers, the browser extensions, and what only they import', () => {
    for (const file of [
      'rendering/renderers/gl/WebGLRenderer.mjs',
      'rendering/renderers/gpu/WebGPURenderer.mjs',
      'environment-browser/browserAll.mjs',
      'rendering/renderers/gl/texture/GlTextureSystem.mjs',
      'rendering/renderers/gl/context/GlContextSystem.mjs',
      'rendering/renderers/gpu/pipeline/PipelineSystem.mjs',
      'scene/graphics/gl/GlGraphicsAdaptor.mjs',
      'events/init.mjs',
      'events/EventSystem.mjs',
      'accessibility/AccessibilitySystem.mjs',
      'filters/FilterSystem.mjs',
    ]) {
      expect(inUnstartedParts(at(file), graph), file).toBe(true);
      expect(UNSTARTED_PARTS_CHUNK.name(at(file), graph), file).toBe('pixi-unstarted');
    }
    // Imported dynamically only: by Pixi's renderer choice, and by its start.
    expect(graph.getModuleInfo(at('rendering/renderers/gl/WebGLRenderer.mjs'))!.dynamicImporters).toEqual([
      at('rendering/renderers/autoDetectRenderer.mjs'),
    ]);
    expect(graph.getModuleInfo(at('environment-browser/browserAll.mjs'))!.dynamicImporters).toEqual([
      at('environment-browser/browserExt.mjs'),
    ]);
  });

  it("leaves to the engine what other code imports, what Pixi's index switches on, and what only an index names", () => {
    // Every shader names both programs; the Canvas renderer is the stage's; the index imports rendering/init.mjs for its effect.
    expect(readFileSync(at('rendering/renderers/shared/shader/Shader.mjs'), 'utf8')).toMatch(/GlProgram\.mjs'/);
    expect(readFileSync(at('index.mjs'), 'utf8')).toMatch(/^import '\.\/rendering\/init\.mjs';$/m);
    for (const file of [
      'rendering/renderers/gl/shader/GlProgram.mjs',
      'rendering/renderers/gpu/shader/GpuProgram.mjs',
      'rendering/renderers/canvas/CanvasRenderer.mjs',
      'rendering/renderers/shared/texture/Texture.mjs',
      'rendering/init.mjs',
      'rendering/mask/alpha/AlphaMask.mjs',
      'scene/graphics/shared/Graphics.mjs',
      'index.mjs',
    ]) {
      expect(inUnstartedParts(at(file), graph), file).toBe(false);
      expect(UNSTARTED_PARTS_CHUNK.name(at(file), graph), file).toBeNull();
    }
  });

  it("does not take their modules' imports along (the engine has what they import from Pixi's core)", () => {
    expect(UNSTARTED_PARTS_CHUNK.includeDependenciesRecursively).toBe(false);
  });
});
