import HttpBackend, { type RequestCallback } from 'i18next-http-backend';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nOptions, onOrigin } from '../../src/shared/i18n.ts';

const ORIGIN = 'https://cricspot.example';
const spec = i18nOptions.backend as { loadPath: string; addPath: string; customHeaders: Record<string, string> };

const RealURL = globalThis.URL;
afterEach(() => {
  globalThis.URL = RealURL;
});

/**
 * The real backend reading one namespace with these options, its request answered at once: the URLs
 * it asked for, and those that `new URL()` refused (threw on) meanwhile.
 */
async function read(options: object): Promise<{ urls: string[]; refused: string[]; data: unknown }> {
  const urls: string[] = [];
  const refused: string[] = [];
  globalThis.URL = new Proxy(RealURL, {
    construct(target, args: ConstructorParameters<typeof URL>, newTarget) {
      try {
        return Reflect.construct(target, args, newTarget) as URL;
      } catch (error) {
        refused.push(String(args[0]));
        throw error;
      }
    },
  });
  const backend = new HttpBackend(undefined, {
    ...options,
    request: (_options: object, url: string, _payload: unknown, callback: RequestCallback) => {
      urls.push(url);
      callback(null, { status: 200, data: '{"hello":"नमस्ते"}' });
    },
  });
  const data = await new Promise((resolve, reject) =>
    backend.read('hi', 'common', (error, read) => (error ? reject(new Error(String(error))) : resolve(read))),
  );
  globalThis.URL = RealURL;
  return { urls, refused, data };
}

describe('the translation files on the page’s own origin (issue 29)', () => {
  it('asks for the spec’s /locales/{lng}/{ns}.json and reports to /locales/add/{lng}/{ns}, on the origin, headers kept', () => {
    expect(spec.loadPath).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(spec.addPath).toBe('/locales/add/{{lng}}/{{ns}}');
    expect(onOrigin(spec, ORIGIN)).toEqual({
      loadPath: `${ORIGIN}/locales/{{lng}}/{{ns}}.json`,
      addPath: `${ORIGIN}/locales/add/{{lng}}/{{ns}}`,
      customHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
    });
  });

  it('reads a namespace from the same address, with no URL refused on the way', async () => {
    const { urls, refused, data } = await read(onOrigin(spec, ORIGIN));
    expect(urls).toEqual([`${ORIGIN}/locales/hi/common.json`]);
    expect(new URL(urls[0]!).pathname).toBe('/locales/hi/common.json');
    expect(data).toEqual({ hello: 'नमस्ते' });
    expect(refused).toEqual([]);
  });

  it('with the path alone, the backend’s own URL parse throws on every file (why the origin is given)', async () => {
    const { urls, refused } = await read(spec);
    expect(urls).toEqual(['/locales/hi/common.json']);
    expect(refused).toEqual(['/locales/hi/common.json']);
  });
});
