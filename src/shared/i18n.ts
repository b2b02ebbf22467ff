import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { BRAND } from '../../domain/brand.ts';
import { namespacesAt } from '../../domain/site-paths.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { nextTask } from './yield-to-browser.ts';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the translation files are read and missing keys reported (spec section 1). */
const backendOptions = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  addPath: '/locales/add/{{lng}}/{{ns}}',
  // The server refuses a report without it (a cross-site form cannot send it).
  customHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
};

/** Where the visitor's language is looked for, first to last (spec section 1). */
const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'] as const;

/** i18next exactly as spec section 1: detection order, cache, backend paths and retry policy. */
export const i18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  ns: ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  detection: {
    order: [...DETECTION_ORDER],
    lookupQuerystring: 'lng',
    lookupCookie: 'i18next',
    lookupLocalStorage: STORAGE_KEYS.language,
    lookupSessionStorage: STORAGE_KEYS.language,
    // Kept in local storage (spec section 1), and in the i18next cookie too, so the server sends
    // the pre-rendered pages (issue 13) in that language from the first paint.
    caches: ['localStorage', 'cookie'],
    cookieMinutes: 60 * 24 * 365,
    cookieOptions: { path: '/', sameSite: 'lax' },
  },
  backend: backendOptions,
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeout: 350,
  saveMissing: import.meta.env.DEV,
  interpolation: {
    escapeValue: false,
    defaultVariables: {
      brand: BRAND.name,
      company: BRAND.company,
      supportEmail: BRAND.supportEmail,
      grievanceEmail: BRAND.grievanceEmail,
      city: BRAND.city,
    },
  },
  react: { useSuspense: true },
  returnNull: false,
};

export function currentLanguage(i18n: I18n): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

/** Keeps <html lang> true to the page, so screen readers and fonts pick Hindi correctly. */
function syncHtmlLang(lng: string) {
  document.documentElement.lang = lng.slice(0, 2) === 'hi' ? 'hi' : 'en';
}

/**
 * The backend's paths on the page's own origin (issue 29): the same GET and POST as the spec's
 * /locales/{lng}/{ns}.json, but i18next-http-backend parses every URL it loads with `new URL()` to
 * hide credentials from its logs, and a path alone threw a TypeError there (caught) for each file.
 * Under an inspector (Lighthouse, DevTools) each thrown error's stack is recorded with source
 * positions: profiled at 4x CPU, the backend's request for the first files took 13-24 ms of the
 * first paint's script with the path alone, 5-8 ms with the origin.
 */
export function onOrigin<T extends { loadPath: string; addPath: string }>(backend: T, origin: string): T {
  return { ...backend, loadPath: origin + backend.loadPath, addPath: origin + backend.addPath };
}

/**
 * Opens the sources the detection order reads (spec section 1) that wait for the browser process
 * on their first use: the cookie, local storage and session storage. Traced with the CPU at full
 * speed, those first reads were 4-17, up to 7 and 5-17 ms of the two tasks in which i18next's
 * detector starts (issue 29). src/main.tsx awaits this before initI18n: each is opened in a task of
 * its own, and the detector's reads then find them open. A browser that blocks one throws here,
 * and the detector skips that source as before.
 */
export async function openDetectionSources(): Promise<void> {
  for (const source of DETECTION_ORDER) {
    const open = OPENED_ON_FIRST_READ[source];
    if (!open) continue;
    await nextTask();
    try {
      open();
    } catch {
      // Blocked (a sandboxed frame, storage turned off): the detector finds it unavailable too.
    }
  }
  await nextTask();
}

/** The detection order's sources whose first read waits for the browser process, and that read. */
const OPENED_ON_FIRST_READ: Partial<Record<(typeof DETECTION_ORDER)[number], () => unknown>> = {
  cookie: () => document.cookie,
  localStorage: () => window.localStorage.length,
  sessionStorage: () => window.sessionStorage.length,
};

export async function initI18n(): Promise<I18n> {
  i18next.on('languageChanged', syncHtmlLang);
  // The first screen's own namespaces load beside 'common', not after the screen has started.
  const ns = ['common', ...namespacesAt(window.location.pathname)];
  const backend = onOrigin(backendOptions, window.location.origin);
  await i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...i18nOptions, ns, backend });
  syncHtmlLang(i18next.language ?? 'en');
  return i18next;
}
