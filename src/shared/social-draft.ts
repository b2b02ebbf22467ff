import type { SocialSignupValues } from '../../domain/validation.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export const emptySocialSignup: SocialSignupValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  agreeLegal: false,
  agreeRules: false,
  agreeAge: false,
};

/** The draft under the unfound-user key (spec section 2); whatever is malformed in it is dropped. */
export function loadSocialDraft(): SocialSignupValues {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.unfoundUserDraft);
    if (!raw) return { ...emptySocialSignup };
    const draft = JSON.parse(raw) as Record<string, unknown>;
    const text = (key: keyof SocialSignupValues) => (typeof draft[key] === 'string' ? (draft[key] as string) : '');
    const flag = (key: keyof SocialSignupValues) => draft[key] === true;
    return {
      first_name: text('first_name'),
      last_name: text('last_name'),
      email: text('email'),
      phone: text('phone'),
      agreeLegal: flag('agreeLegal'),
      agreeRules: flag('agreeRules'),
      agreeAge: flag('agreeAge'),
    };
  } catch {
    return { ...emptySocialSignup };
  }
}

export function saveSocialDraft(values: SocialSignupValues): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.unfoundUserDraft, JSON.stringify(values));
  } catch {
    // A full or blocked storage only costs the draft.
  }
}

export function clearSocialDraft(): void {
  window.localStorage.removeItem(STORAGE_KEYS.unfoundUserDraft);
}

function randomToken(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's device token (spec section 3), made once and kept. */
export function deviceToken(): string {
  let token = window.localStorage.getItem(STORAGE_KEYS.deviceToken);
  if (!token) {
    token = randomToken();
    window.localStorage.setItem(STORAGE_KEYS.deviceToken, token);
  }
  return token;
}
