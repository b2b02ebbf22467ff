// Issue 29: i18next's browser language detector reads document.cookie when its defaults are first
// asked for, not as its module is evaluated; its default order and its cookie detection as before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyCookieProbe } from '../../scripts/language-detector-cookie-probe.ts';

const shipped = readFileSync(
  path.resolve(
    import.meta.dirname,
    '../../node_modules/i18next-browser-languagedetector/dist/esm/i18nextBrowserLanguageDetector.js',
  ),
  'utf8',
);

interface Detector {
  options: { order: string[] };
  detect(order?: string[]): string[] | string | undefined;
}
type DetectorClass = new (services?: unknown, options?: Record<string, unknown>) => Detector;

let imports = 0;
/** The module from `code`, evaluated afresh (its own module state). */
async function evaluate(code: string): Promise<DetectorClass> {
  imports += 1;
  const url = `data:text/javascript;charset=utf-8,${encodeURIComponent(`${code}\n// ${imports}`)}`;
  return ((await import(/* @vite-ignore */ url)) as { default: DetectorClass }).default;
}

/** document.cookie answered by `read` (or throwing), counting the reads. */
function cookieJar(read: () => string): { reads: () => number } {
  let reads = 0;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => {
      reads += 1;
      return read();
    },
    set: () => undefined,
  });
  return { reads: () => reads };
}

afterEach(() => {
  // Back to jsdom's own cookie (the prototype's accessor).
  Reflect.deleteProperty(document, 'cookie');
});

describe('the language detector with its cookie test made on first use', () => {
  it('reads the cookie as it is evaluated as shipped, and not with the step', async () => {
    const asShipped = cookieJar(() => '');
    await evaluate(shipped);
    expect(asShipped.reads()).toBe(1);

    const withStep = cookieJar(() => '');
    await evaluate(lazyCookieProbe(shipped));
    expect(withStep.reads()).toBe(0);
  });

  it('keeps the default order, with the cookie where it can be read and without it where reading throws', async () => {
    const cases: Array<[read: () => string, hasCookie: boolean]> = [
      [() => '', true],
      [
        () => {
          throw new Error('cookies disabled');
        },
        false,
      ],
    ];
    for (const [read, hasCookie] of cases) {
      cookieJar(read);
      const Shipped = await evaluate(shipped);
      const expected = new Shipped().options.order;
      expect(expected.includes('cookie')).toBe(hasCookie);
      cookieJar(read);
      const Rewritten = await evaluate(lazyCookieProbe(shipped));
      expect(new Rewritten().options.order).toEqual(expected);
    }
  });

  it('still finds the language in the cookie', async () => {
    const jar = cookieJar(() => 'other=1; i18next=hi');
    const Detector = await evaluate(lazyCookieProbe(shipped));
    const detector = new Detector(undefined, { order: ['cookie'], lookupCookie: 'i18next' });
    expect(detector.detect()).toBe('hi');
    expect(jar.reads()).toBeGreaterThan(0);
  });

  it('stops the build when the detector changed', () => {
    expect(() => lazyCookieProbe(shipped.replace('document.cookie;', 'document.cookie.length;'))).toThrow(
      /language-detector-cookie-probe: i18next-browser-languagedetector changed/,
    );
  });
});
