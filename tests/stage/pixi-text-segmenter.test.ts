import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyGraphemeSegmenter } from '../../scripts/pixi-text-segmenter.ts';

const source = readFileSync(
  path.resolve(import.meta.dirname, '../../node_modules/pixi.js/lib/scene/text/canvas/CanvasTextMetrics.mjs'),
  'utf8',
);
const scratch = mkdtempSync(path.join(tmpdir(), 'pixi-text-segmenter-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Metrics {
  graphemeSegmenter(text: string): string[];
  _measureTextCore(
    text: string,
    letterSpacing: number,
    context: unknown,
  ): { metricWidth: number; letterSpacingVal: number };
}

/** Pixi's CanvasTextMetrics.mjs, transformed or not, with its imports replaced by stand-ins; counts the segmenters it makes. */
async function load(code: string): Promise<{ metrics: Metrics; made: () => number }> {
  const key = `segmenter${Math.random().toString(36).slice(2)}`;
  let made = 0;
  (globalThis as Record<string, unknown>)[key] = class extends Intl.Segmenter {
    constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
      super(...args);
      made += 1;
    }
  };
  const standalone = code
    .replace(/^import \{ lru \} from .*$/m, 'const lru = () => new Map();')
    .replace(
      /^import \{ DOMAdapter \} from .*$/m,
      'const DOMAdapter = { get: () => ({ getCanvasRenderingContext2D: () => ({ prototype: {} }) }) };',
    )
    .replace(/^import .*$/gm, '')
    .replace(/^\/\/# sourceMappingURL=.*$/m, '')
    .replaceAll('Intl?.Segmenter', `globalThis.${key}`)
    .replaceAll('Intl.Segmenter', `globalThis.${key}`);
  const file = path.join(scratch, `${key}.mjs`);
  writeFileSync(file, standalone);
  const module = (await import(pathToFileURL(file).href)) as { CanvasTextMetrics: Metrics };
  return { metrics: module.CanvasTextMetrics, made: () => made };
}

/** A 2D context whose every letter is 7 px wide. */
const context = { measureText: (text: string) => ({ width: 7 * [...text].length }) };

describe("Pixi's text metrics make their grapheme segmenter only when a text needs splitting (scripts/pixi-text-segmenter.ts)", () => {
  it('makes one when the module is evaluated, as Pixi ships it, and splits every text it measures', async () => {
    const { metrics, made } = await load(source);
    expect(made()).toBe(1);
    expect(metrics._measureTextCore('12', 0, context).metricWidth).toBe(14);
  });

  it('makes none for the stage: evaluated, then measuring labels without letter spacing, with the same widths', async () => {
    const shipped = (await load(source)).metrics;
    const { metrics, made } = await load(lazyGraphemeSegmenter(source));
    expect(made()).toBe(0);
    for (const label of ['1', '12', 'नमस्ते'])
      expect(metrics._measureTextCore(label, 0, context)).toMatchObject(shipped._measureTextCore(label, 0, context));
    expect(made()).toBe(0);
  });

  it('makes one on the first text with letter spacing or the first split, once, with the same answers', async () => {
    const shipped = (await load(source)).metrics;
    const { metrics, made } = await load(lazyGraphemeSegmenter(source));
    expect(metrics._measureTextCore('नमस्ते', 2, context)).toMatchObject(shipped._measureTextCore('नमस्ते', 2, context));
    expect(made()).toBe(1);
    expect(metrics.graphemeSegmenter('नमस्ते 👍🏽')).toEqual(shipped.graphemeSegmenter('नमस्ते 👍🏽'));
    expect(metrics.graphemeSegmenter('नमस्ते')).toHaveLength(3);
    expect(made()).toBe(1);
  });

  it('fails the build when a Pixi upgrade changed the code it rewrites', () => {
    expect(() => lazyGraphemeSegmenter(source.replace('const segmenter = new Intl.Segmenter();', ''))).toThrow(
      /Pixi changed CanvasTextMetrics\.mjs/,
    );
    expect(() => lazyGraphemeSegmenter(source.replace('(text).length - 1) * letterSpacing', '(text).length)'))).toThrow(
      /Pixi changed CanvasTextMetrics\.mjs/,
    );
  });
});
