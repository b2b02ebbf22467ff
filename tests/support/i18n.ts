import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from '../../src/shared/i18n.ts';

export const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

export function readLocales(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const lng of readdirSync(localesDir)) {
    out[lng] = {};
    for (const file of readdirSync(path.join(localesDir, lng))) {
      out[lng][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8'));
    }
  }
  return out;
}

/** The app's i18next options with the locale files loaded from disk instead of over HTTP. */
export async function createTestI18n(lng = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  const { backend: _backend, detection: _detection, saveMissing: _saveMissing, ...options } = i18nOptions;
  await instance.use(initReactI18next).init({
    ...options,
    lng,
    resources: readLocales() as never,
    ns: Object.keys(readLocales().en ?? {}),
    react: { useSuspense: false },
  });
  return instance;
}
