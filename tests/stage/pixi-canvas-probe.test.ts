import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { deferCanvasProbe } from '../../scripts/pixi-canvas-probe.ts';

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
