import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The cookie notice's answer (DPDP Act 2023: say what is stored and why, and record the choice).
 * The site stores only what its features need (the session cookie, the language chosen, drafts
 * the player is typing, the app version); it loads no analytics or advertising scripts at all.
 * 'all' would also allow optional measurement if it is ever added: such code must ask
 * `optionalStorageAllowed()` first, so nothing optional runs before consent.
 */
export type ConsentChoice = 'all' | 'necessary';

/** Raise when the notice says something new, so every visitor is asked again. */
export const CONSENT_VERSION = 1;

export interface Consent {
  choice: ConsentChoice;
  at: string;
  version: number;
}

export function readConsent(): Consent | null {
  try {
    const parsed = JSON.parse(
      window.localStorage.getItem(STORAGE_KEYS.cookieConsent) ?? 'null',
    ) as Partial<Consent> | null;
    if (
      !parsed ||
      (parsed.choice !== 'all' && parsed.choice !== 'necessary') ||
      parsed.version !== CONSENT_VERSION ||
      typeof parsed.at !== 'string'
    )
      return null;
    return { choice: parsed.choice, at: parsed.at, version: parsed.version };
  } catch {
    return null;
  }
}

export function saveConsent(choice: ConsentChoice, now = new Date()): Consent {
  const consent: Consent = { choice, at: now.toISOString(), version: CONSENT_VERSION };
  try {
    window.localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(consent));
  } catch {
    // Storage refused (private mode): the notice shows again next visit, which is harmless.
  }
  window.dispatchEvent(new Event(CONSENT_EVENT));
  return consent;
}

/** Fired on window when the visitor answers the notice (the notifications offer waits for it). */
export const CONSENT_EVENT = 'cricspot:consent';

export const optionalStorageAllowed = (): boolean => readConsent()?.choice === 'all';
