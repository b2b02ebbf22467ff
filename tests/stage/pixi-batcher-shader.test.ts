import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RendererType } from 'pixi.js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CANVAS_RENDERER_TYPE,
  canvasBatchWithoutShader,
  lazyBatcherShader,
} from '../../scripts/pixi-batcher-shader.ts';

const shared = path.resolve(import.meta.dirname, '../../node_modules/pixi.js/lib/rendering/batcher/shared');
const batcherSource = readFileSync(path.join(shared, 'DefaultBatcher.mjs'), 'utf8');
const pipeSource = readFileSync(path.join(shared, 'BatcherPipe.mjs'), 'utf8');
const scratch = mkdtempSync(path.join(tmpdir(), 'pixi-batcher-shader-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface StandInShader {
  maxTextures: number;
}
interface Batcher {
  shader: StandInShader | null;
  _updateMaxTextures(maxTextures: number): void;
  destroy(): void;
}
type BatcherClass = new (options: { maxTextures: number }) => Batcher;

/** Writes `code` beside the scratch files with its relative imports pointing at Pixi's own modules. */
function standalone(code: string, replace: (code: string) => string = (text) => text): string {
  const key = `m${Math.random().toString(36).slice(2)}`;
  const resolved = replace(code)
    .replace(
      /from '(\.[^']+)'/g,
      (_all, relative: string) => `from '${pathToFileURL(path.join(shared, relative)).href}'`,
    )
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const file = path.join(scratch, `${key}.mjs`);
  writeFileSync(file, resolved);
  return pathToFileURL(file).href;
}

/** Pixi's DefaultBatcher.mjs, transformed or not, with a stand-in shader that counts how often it is made. */
async function loadBatcher(code: string): Promise<{ DefaultBatcher: BatcherClass; made: StandInShader[] }> {
  const key = `shaders${Math.random().toString(36).slice(2)}`;
  const made: StandInShader[] = [];
  (globalThis as Record<string, unknown>)[key] = made;
  const url = standalone(code, (text) =>
    text.replace(
      /^import \{ DefaultShader \} from .*$/m,
      `class DefaultShader { constructor(maxTextures) { this.maxTextures = maxTextures; globalThis.${key}.push(this); } }`,
    ),
  );
  const module = (await import(url)) as { DefaultBatcher: BatcherClass };
  return { DefaultBatcher: module.DefaultBatcher, made };
}

describe("Pixi's batch shader made on first use (scripts/pixi-batcher-shader.ts)", () => {
  it('is made as the batcher is constructed, as Pixi ships it', async () => {
    const { DefaultBatcher, made } = await loadBatcher(batcherSource);
    new DefaultBatcher({ maxTextures: 16 });
    expect(made).toHaveLength(1);
  });

  it('is made only when asked for, once for all batchers, with their texture count', async () => {
    const { DefaultBatcher, made } = await loadBatcher(lazyBatcherShader(batcherSource));
    const first = new DefaultBatcher({ maxTextures: 16 });
    const second = new DefaultBatcher({ maxTextures: 16 });
    expect(made).toHaveLength(0);
    expect(first.shader?.maxTextures).toBe(16);
    expect(second.shader).toBe(first.shader);
    expect(made).toHaveLength(1);
  });

  it('follows a new texture count whether or not the shader was made, as before', async () => {
    const { DefaultBatcher, made } = await loadBatcher(lazyBatcherShader(batcherSource));
    const unasked = new DefaultBatcher({ maxTextures: 16 });
    unasked._updateMaxTextures(8);
    expect(made).toHaveLength(0);
    expect(unasked.shader?.maxTextures).toBe(8);

    const asked = new DefaultBatcher({ maxTextures: 8 });
    expect(asked.shader).toBe(unasked.shader);
    asked._updateMaxTextures(4);
    expect(asked.shader?.maxTextures).toBe(4);
    const later = new DefaultBatcher({ maxTextures: 16 });
    later._updateMaxTextures(2);
    expect(later.shader?.maxTextures).toBe(2);
    expect(made.map((shader) => shader.maxTextures)).toEqual([8, 4, 2]);
  });

  it('keeps what a program sets, and none once destroyed', async () => {
    const { DefaultBatcher } = await loadBatcher(lazyBatcherShader(batcherSource));
    const batcher = new DefaultBatcher({ maxTextures: 16 });
    const own = { maxTextures: 3 };
    batcher.shader = own;
    expect(batcher.shader).toBe(own);
    batcher.destroy();
    expect(batcher.shader).toBeNull();
  });

  it('fails the build when a Pixi upgrade changed the code it rewrites', () => {
    expect(() => lazyBatcherShader(batcherSource.replace('this.shader = defaultShader;\n  }', '}'))).toThrow(
      /Pixi changed DefaultBatcher\.mjs/,
    );
  });
});

interface Pipe {
  execute(batch: { action: string; batcher: { geometry: unknown; readonly shader: unknown } }): void;
}
type PipeClass = new (renderer: { type: number }, adaptor: Record<string, unknown>) => Pipe;

/** Runs a batch's start through Pixi's BatcherPipe, transformed or not: whether the batcher's shader was asked, and what the adaptor got. */
async function startBatch(code: string, rendererType: number): Promise<{ asked: boolean; given: unknown }> {
  // Without registering its batchers again: Pixi's extensions take one handler per type.
  const url = standalone(code, (text) => text.replace(/^extensions\.(handleByMap|add)\(.*$/gm, ''));
  const { BatcherPipe } = (await import(url)) as { BatcherPipe: PipeClass };
  let asked = false;
  let given: unknown = 'nothing';
  const shader = { maxTextures: 16 };
  const pipe = new BatcherPipe(
    { type: rendererType },
    {
      start: (_pipe: unknown, _geometry: unknown, passed: unknown) => {
        given = passed;
      },
      execute: () => undefined,
    },
  );
  pipe.execute({
    action: 'startBatch',
    batcher: {
      geometry: {},
      get shader() {
        asked = true;
        return shader;
      },
    },
  });
  return { asked, given: given === shader ? 'the shader' : given };
}

describe("Pixi's batch pipe and the Canvas renderer's batches (canvasBatchWithoutShader)", () => {
  it('names the Canvas renderer as Pixi does', () => {
    expect(CANVAS_RENDERER_TYPE).toBe(RendererType.CANVAS);
  });

  it('asks every batcher for its shader as Pixi ships it', async () => {
    expect(await startBatch(pipeSource, RendererType.CANVAS)).toEqual({ asked: true, given: 'the shader' });
  });

  it('gives the Canvas renderer no shader, and the others theirs', async () => {
    const code = canvasBatchWithoutShader(pipeSource);
    expect(await startBatch(code, RendererType.CANVAS)).toEqual({ asked: false, given: null });
    expect(await startBatch(code, RendererType.WEBGL)).toEqual({ asked: true, given: 'the shader' });
    expect(await startBatch(code, RendererType.WEBGPU)).toEqual({ asked: true, given: 'the shader' });
  });

  it('fails the build when a Pixi upgrade changed the code it rewrites', () => {
    expect(() => canvasBatchWithoutShader(pipeSource.replace('const shader = batcher.shader;', ''))).toThrow(
      /Pixi changed BatcherPipe\.mjs/,
    );
  });
});
