import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GPU_RENDERERS_CHUNK,
  inEngineChunk,
  onlyForGpuRenderers,
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
 * Pixi's modules and who imports each (its `import` and `export ... from` statements), as Rolldown's
 * graph tells a chunk group: the whole of Pixi's lib, as the site's build sees it through the index.
 */
function pixiGraph(): ImporterGraph {
  const importers = new Map<string, string[]>();
  const files = readdirSync(pixi, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
  for (const file of files) {
    const importer = path.join(pixi, file);
    const code = readFileSync(importer, 'utf8');
    for (const [, specifier] of code.matchAll(/^(?:import|export)\b[^'";]*?(?:from\s*)?'(\.[^']+)'/gm)) {
      const imported = path.resolve(path.dirname(importer), specifier!);
      importers.set(imported, [...(importers.get(imported) ?? []), importer]);
    }
  }
  return {
    getModuleInfo: (id) => (importers.has(id) || id.startsWith(pixi) ? { importers: importers.get(id) ?? [] } : null),
  };
}

describe("the WebGL and WebGPU renderers' own chunk (scripts/pixi-engine-chunk.ts)", () => {
  const graph = pixiGraph();
  const at = (file: string) => path.join(pixi, file);

  it('takes the modules of those renderers that only they (or an index) import', () => {
    for (const file of [
      'rendering/renderers/gl/WebGLRenderer.mjs',
      'rendering/renderers/gpu/WebGPURenderer.mjs',
      'rendering/renderers/gl/texture/GlTextureSystem.mjs',
      'rendering/renderers/gl/context/GlContextSystem.mjs',
      'rendering/renderers/gpu/pipeline/PipelineSystem.mjs',
      'scene/graphics/gl/GlGraphicsAdaptor.mjs',
    ]) {
      expect(graph.getModuleInfo(at(file))!.importers.length, file).toBeGreaterThan(0);
      expect(onlyForGpuRenderers(at(file), graph), file).toBe(true);
      expect(GPU_RENDERERS_CHUNK.name(at(file), graph), file).toBe('gpu-renderers');
    }
  });

  it('leaves to the engine what code outside those renderers imports, and everything outside their folders', () => {
    // Every shader names both programs; the Canvas renderer is the stage's.
    expect(readFileSync(at('rendering/renderers/shared/shader/Shader.mjs'), 'utf8')).toMatch(/GlProgram\.mjs'/);
    for (const file of [
      'rendering/renderers/gl/shader/GlProgram.mjs',
      'rendering/renderers/gpu/shader/GpuProgram.mjs',
      'rendering/renderers/canvas/CanvasRenderer.mjs',
      'rendering/renderers/shared/texture/Texture.mjs',
      'scene/graphics/shared/Graphics.mjs',
      'index.mjs',
    ]) {
      expect(onlyForGpuRenderers(at(file), graph), file).toBe(false);
      expect(GPU_RENDERERS_CHUNK.name(at(file), graph), file).toBeNull();
    }
  });

  it("does not take their modules' imports along (the engine has what they import from Pixi's core)", () => {
    expect(GPU_RENDERERS_CHUNK.includeDependenciesRecursively).toBe(false);
  });
});
