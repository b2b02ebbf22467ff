import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cpuCanvasProbe, deferCanvasProbe } from '../../scripts/pixi-canvas-probe.ts';

const source = readFileSync(
  path.resolve(import.meta.dirname, '../../node_modules/pixi.js/lib/rendering/renderers/canvas/utils/canvasUtils.mjs'),
  'utf8',
);

type Probe = ReturnType<typeof vi.fn<() => boolean>>;
interface CanvasUtils {
  canUseMultiply: boolean;
  tintMethod: unknown;
  tintWithMultiply: unknown;
  tintWithPerPixel: unknown;
}
const scratch = mkdtempSync(path.join(tmpdir(), 'pixi-canvas-probe-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Pixi's canvasUtils.mjs, transformed or not, with its imports replaced by stand-ins; the probe is `probe`. */
async function load(code: string, probe: Probe): Promise<CanvasUtils> {
  const key = `probe${Math.random().toString(36).slice(2)}`;
  (globalThis as Record<string, unknown>)[key] = probe;
  const standalone = code
    .replace(
      /^import \{ canUseNewCanvasBlendModes \} from .*$/m,
      `const canUseNewCanvasBlendModes = globalThis.${key};`,
    )
    .replace(/^import .*$/gm, '')
    .replace(/^\/\/# sourceMappingURL=.*$/m, '')
    .replace(/\bColor\b|\bDOMAdapter\b|\bgroupD8\b/g, 'undefined');
  const file = path.join(scratch, `${key}.mjs`);
  writeFileSync(file, standalone);
  const module = (await import(pathToFileURL(file).href)) as { canvasUtils: CanvasUtils };
  return module.canvasUtils;
}

describe("Pixi's 2D-canvas blend probe (scripts/pixi-canvas-probe.ts)", () => {
  it('runs when canvasUtils is evaluated, as Pixi ships it', async () => {
    const probe = vi.fn(() => true);
    await load(source, probe);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('runs only when the Canvas renderer first asks, once, with the same answers as before', async () => {
    const probe = vi.fn(() => true);
    const utils = await load(deferCanvasProbe(source), probe);
    expect(probe).not.toHaveBeenCalled();
    expect(utils.tintMethod).toBe(utils.tintWithMultiply);
    expect(utils.canUseMultiply).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);

    const without = vi.fn(() => false);
    const fallback = await load(deferCanvasProbe(source), without);
    expect(fallback.tintMethod).toBe(fallback.tintWithPerPixel);
    expect(fallback.canUseMultiply).toBe(false);
    expect(without).toHaveBeenCalledTimes(1);
  });

  it('keeps what a program sets', async () => {
    const utils = await load(
      deferCanvasProbe(source),
      vi.fn(() => true),
    );
    utils.canUseMultiply = false;
    expect(utils.tintMethod).toBe(utils.tintWithPerPixel);
    const custom = () => undefined;
    utils.tintMethod = custom;
    expect(utils.tintMethod).toBe(custom);
  });

  it('fails the build when a Pixi upgrade changed the code it rewrites', () => {
    expect(() => deferCanvasProbe(source.replace('tintMethod: null,', 'tintMethod: undefined,'))).toThrow(
      /Pixi changed canvasUtils\.mjs/,
    );
  });
});

const probeSource = readFileSync(
  path.resolve(
    import.meta.dirname,
    '../../node_modules/pixi.js/lib/rendering/renderers/canvas/utils/canUseNewCanvasBlendModes.mjs',
  ),
  'utf8',
);

interface FakeCanvas {
  asked: Array<Record<string, unknown> | undefined>;
  getContext(kind: string, options?: Record<string, unknown>): unknown;
}

/** Pixi's probe, transformed or not, drawing on stand-in canvases whose multiply gives `pixel`. */
async function runProbe(code: string, pixel: number[]): Promise<{ answer: boolean; canvases: FakeCanvas[] }> {
  const key = `adapter${Math.random().toString(36).slice(2)}`;
  const canvases: FakeCanvas[] = [];
  const context = {
    fillStyle: '',
    globalCompositeOperation: '',
    fillRect: () => undefined,
    drawImage: () => undefined,
    getImageData: () => ({ data: Uint8ClampedArray.from(pixel) }),
  };
  (globalThis as Record<string, unknown>)[key] = {
    get: () => ({
      createCanvas: () => {
        const canvas: FakeCanvas = {
          asked: [],
          getContext(_kind, options) {
            this.asked.push(options);
            return context;
          },
        };
        canvases.push(canvas);
        return canvas;
      },
    }),
  };
  const standalone = code
    .replace(/^import \{ DOMAdapter \} from .*$/m, `const DOMAdapter = globalThis.${key};`)
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const file = path.join(scratch, `${key}.mjs`);
  writeFileSync(file, standalone);
  const module = (await import(pathToFileURL(file).href)) as { canUseNewCanvasBlendModes: () => boolean };
  return { answer: module.canUseNewCanvasBlendModes(), canvases };
}

describe("Pixi's blend probe on the CPU (cpuCanvasProbe)", () => {
  it('draws on canvases the GPU never holds as Pixi ships it', async () => {
    const { canvases } = await runProbe(probeSource, [255, 0, 0, 255]);
    expect(canvases).toHaveLength(3);
    expect(canvases.flatMap((canvas) => canvas.asked)).toContain(undefined);
  });

  it('asks every canvas of the probe for a CPU context, with the same answers', async () => {
    const blends = await runProbe(cpuCanvasProbe(probeSource), [255, 0, 0, 255]);
    expect(blends.answer).toBe(true);
    expect(blends.canvases).toHaveLength(3);
    for (const canvas of blends.canvases) expect(canvas.asked).toEqual([{ willReadFrequently: true }]);
    const without = await runProbe(cpuCanvasProbe(probeSource), [255, 0, 255, 255]);
    expect(without.answer).toBe(false);
  });

  it('fails the build when a Pixi upgrade changed the probe', () => {
    expect(() => cpuCanvasProbe(probeSource.replace('const context = canvas.getContext("2d");', ''))).toThrow(
      /Pixi changed canUseNewCanvasBlendModes\.mjs/,
    );
  });
});
