import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLocales } from '../support/i18n.ts';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafKeys(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
  return [prefix];
}

function placeholders(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholders).sort();
  return [];
}

const locales = readLocales();

describe('locale files', () => {
  it('has English and Hindi with the same namespaces', () => {
    expect(Object.keys(locales).sort()).toEqual(['en', 'hi']);
    expect(Object.keys(locales.hi!).sort()).toEqual(Object.keys(locales.en!).sort());
  });

  it("index.html's description is the site's English one (the pre-render puts each page's language's in its place)", () => {
    const template = readFileSync('index.html', 'utf8').replace(/\s+/g, ' ');
    const description = /<meta name="description" content="([^"]*)"/.exec(template)?.[1];
    expect(description).toBe((locales.en!.common as { siteDescription: string }).siteDescription);
  });

  for (const ns of Object.keys(locales.en ?? {})) {
    it(`${ns}: every key exists in both languages`, () => {
      const en = leafKeys(locales.en![ns]);
      const hi = leafKeys(locales.hi![ns]);
      expect(
        hi.filter((k) => !en.includes(k)),
        'keys only in hi',
      ).toEqual([]);
      expect(
        en.filter((k) => !hi.includes(k)),
        'keys only in en',
      ).toEqual([]);
    });

    it(`${ns}: no empty text, and Hindi uses the same placeholders`, () => {
      for (const lng of ['en', 'hi'] as const) {
        const empty = leafKeys(locales[lng]![ns]).filter((key) => {
          const value = key
            .split(/\.|\[(\d+)\]/)
            .filter(Boolean)
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locales[lng]![ns]);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${lng} empty`).toEqual([]);
      }
      expect(placeholders(locales.hi![ns])).toEqual(placeholders(locales.en![ns]));
    });

    it(`${ns}: Hindi is written in Devanagari, not transliterated`, () => {
      const texts = leafKeys(locales.hi![ns]).length;
      const devanagari = JSON.stringify(locales.hi![ns]).match(/[\u0900-\u097F]+/g)?.length ?? 0;
      expect(devanagari).toBeGreaterThan(texts * 0.5);
    });
  }
});
