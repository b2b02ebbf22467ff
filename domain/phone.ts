/**
 * Indian mobile numbers. Forms hold the 10-digit national number; '+91' is added when it is sent.
 */

export const INDIA_CALLING_CODE = '+91';
export const PHONE_DIGITS = 10;

/**
 * What a phone field keeps of what was typed or pasted: digits only, at most 10.
 * A country or trunk prefix in front of the number is dropped first, so that pasting
 * '+91 98765 43210', '0091 98765 43210', '919876543210' or '09876543210' gives '9876543210'
 * instead of the first ten digits of the prefixed string.
 */
export function normalizePhoneInput(raw: string): string {
  return stripPhonePrefix(raw).slice(0, PHONE_DIGITS);
}

/**
 * The digits of `raw` without a +91, 0091, 91 or 0 prefix, and without cutting: a schema uses it
 * to tell a pasted '+91 98765 43210' from eleven stray digits.
 */
export function stripPhonePrefix(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  // '+91' is unambiguous even while the rest is still being typed; the bare prefixes below are
  // only recognised on a complete number, since a 10-digit mobile may itself start with 91 or 0.
  if (raw.replace(/[^\d+]/g, '').startsWith('+91')) return digits.slice(2);
  if (digits.length === 14 && digits.startsWith('0091')) return digits.slice(4);
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** The number as sent to the server and SMS gateway: '+91' and the 10 digits. */
export function toIndianE164(phone: string): string {
  return `${INDIA_CALLING_CODE}${normalizePhoneInput(phone)}`;
}

/** Indian mobile numbers have 10 digits and start with 6, 7, 8 or 9. */
export function isValidIndianMobile(digits10: string): boolean {
  return /^[6-9]\d{9}$/.test(digits10);
}

/** The number as a person reads it, never broken across lines: '+91 98765 43210' (no-break spaces). */
export function formatPhoneForDisplay(phone: string): string {
  const digits = normalizePhoneInput(phone);
  return `${INDIA_CALLING_CODE}\u00a0${digits.slice(0, 5)}\u00a0${digits.slice(5)}`;
}
