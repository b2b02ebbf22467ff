import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbstractRenderer } from 'pixi.js';

/** Eval refused, as the site's CSP (script-src 'self') refuses it in the browser. */
function refuseEval() {
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct() {
        throw new EvalError('Refused to evaluate a string as JavaScript');
      },
    }),
  );
}

type Checked = { _unsafeEvalCheck(): void };

describe("the stage's eval-free start (src/stage/scene/eval-free.ts)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lets a renderer start where eval is refused, which Pixi's own check does not", async () => {
    const pixisCheck = (AbstractRenderer.prototype as unknown as Checked)._unsafeEvalCheck;
    refuseEval();
    expect(() => pixisCheck.call({})).toThrow();

    await import('../../src/stage/scene/eval-free.ts');
    expect(() => (AbstractRenderer.prototype as unknown as Checked)._unsafeEvalCheck()).not.toThrow();
  });
});
