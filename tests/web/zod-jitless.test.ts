import { afterAll, describe, expect, it, vi } from 'vitest';
import { zodWithoutEval } from '../../src/shared/zod-jitless.ts';

type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
const global = globalThis as ZodGlobal;
const before = global.__zod_globalConfig;
afterAll(() => {
  global.__zod_globalConfig = before;
});

// Zod is evaluated once per test file, after zodWithoutEval as main.tsx orders it in the page
// (tests/support/zod-as-in-browser.ts runs it first).
describe('zod without its eval probe in the browser (issue 29)', () => {
  it('makes the configuration zod reads when no zod code has run yet', () => {
    const shared = global.__zod_globalConfig;
    delete global.__zod_globalConfig;
    zodWithoutEval();
    expect(global.__zod_globalConfig).toEqual({ jitless: true });
    global.__zod_globalConfig = shared;
  });

  it('makes and parses object schemas without making a Function (the probe the policy refused)', async () => {
    const made = vi.spyOn(globalThis, 'Function');
    try {
      const { z } = await import('zod');
      expect(z.config()).toBe(global.__zod_globalConfig);
      const schema = z.object({ id: z.number(), name: z.string() });
      expect(schema.parse({ id: 7, name: 'Virat', extra: true })).toEqual({ id: 7, name: 'Virat' });
      expect(schema.safeParse({ id: '7' }).success).toBe(false);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('changes a configuration zod already shares instead of replacing it', () => {
    const shared: { jitless?: boolean; customError?: unknown } = { customError: undefined };
    global.__zod_globalConfig = shared;
    zodWithoutEval();
    expect(global.__zod_globalConfig).toBe(shared);
    expect(shared).toEqual({ customError: undefined, jitless: true });
  });
});
