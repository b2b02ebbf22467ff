/**
 * The shape of an error answer and the numbers some codes carry: the part of the catalogue
 * (domain/api-errors.ts) the web reads at run time. It imports nothing, so a screen that reads a
 * count does not pull every area's rules into its chunk (api-errors.ts checks that every key here
 * is one of its codes, and types the body's code).
 */

/**
 * The numbers some codes carry in `details`, by name. The web's sentence for the code takes them
 * (ApiErrorDetails), the server's English one too.
 */
export const ERROR_DETAIL_KEYS = {
  ONLY_N_AVAILABLE: ['available'],
  OTP_INCORRECT: ['triesLeft'],
  OTP_COOLDOWN: ['retryAfterSeconds'],
  RATE_LIMITED: ['retryAfterSeconds'],
  PROMO_BELOW_USES: ['uses'],
  TOTAL_BELOW_TAKEN: ['taken'],
} as const;
type DetailKeys = typeof ERROR_DETAIL_KEYS;
export type DetailedErrorCode = keyof DetailKeys;
export type ApiErrorDetails<C extends DetailedErrorCode> = Record<DetailKeys[C][number], number>;

/** Reads a detailed code's numbers from an answer's `details`: null when any is missing or not a count. */
export function errorDetailsOf<C extends DetailedErrorCode>(code: C, details: unknown): ApiErrorDetails<C> | null {
  if (typeof details !== 'object' || details === null) return null;
  const out: Record<string, number> = {};
  for (const key of ERROR_DETAIL_KEYS[code]) {
    const value = (details as Record<string, unknown>)[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
    out[key] = value;
  }
  return out as ApiErrorDetails<C>;
}
