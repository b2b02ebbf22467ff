import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODE_GROUPS,
  API_ERROR_CODES,
  type ApiErrorCode,
  ERROR_DETAIL_KEYS,
  errorDetailsOf,
  SERVER_ERROR_MESSAGES,
} from '../../domain/api-errors.ts';

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const at = (lang: string, where: string): unknown => {
  const [ns, path] = where.split(':') as [string, string];
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], locale(lang, ns));
};

/** Codes whose Hindi words live in a screen's own namespace (the screen picks them by code). */
const SCREEN_WORDS: Partial<Record<ApiErrorCode, string>> = {
  GAME_PLAY_CLOSED: 'contest:errors.GAME_PLAY_CLOSED',
  CONTEST_NOT_FOUND: 'contest:errors.CONTEST_NOT_FOUND',
  CART_EMPTY: 'contest:errors.CART_EMPTY',
  CART_ITEM_NOT_FOUND: 'contest:errors.CART_ITEM_NOT_FOUND',
  FREE_ENTRY_CONTEST: 'contest:errors.FREE_ENTRY_CONTEST',
  NOT_FREE_ENTRY: 'contest:errors.NOT_FREE_ENTRY',
  ONLY_N_AVAILABLE: 'contest:reasons.onlyNAvailable_other',
  NO_TICKETS_AVAILABLE: 'contest:reasons.noTicketsAvailable',
  TICKET_LIMIT_EXCEEDED: 'contest:reasons.ticketLimitExceeded',
  MAX_TICKET_LIMIT_REACHED: 'contest:reasons.maxTicketLimitReached',
  NO_MORE_TICKETS: 'contest:reasons.noMoreTickets',
  DUPLICATE_COORDINATES: 'contest:reasons.duplicateCoordinates',
  LAST_TICKET: 'contest:reasons.lastTicket',
  UNMARKED_TICKETS: 'contest:reasons.unmarkedTickets',
  OUT_OF_BOUNDS: 'contest:reasons.outOfBounds',
  INVALID_PROMO: 'payments:errors.invalidPromo',
  PROMO_FAILED: 'payments:errors.promoFailed',
  ORDER_ID_MISSING: 'payments:errors.orderIdMissing',
  NOT_A_WINNER: 'results:claim.errors.notAWinner',
  CLAIM_LOCKED: 'results:claim.errors.claimLocked',
  NO_IMAGE_PAIRS: 'trial:errors.noImagePairs',
  NO_GAME_IMAGE: 'trial:errors.noGameImage',
};

/** Player-facing codes with no words of their own on the Hindi site, and why. */
const NOT_TRANSLATED: Partial<Record<ApiErrorCode, string>> = {
  VALIDATION_FAILED: 'the fields carry the messages, which the validation namespace translates',
  ALREADY_REGISTERED: 'the fields carry the messages (the e-mail or the number already registered)',
  BAD_REQUEST: "the framework's own words about a malformed request, which the site's pages never send",
  INTERNAL: 'carries the request reference for support, which a translation would lose',
  WRONG_SITE_ADDRESS: 'names the two addresses of a misconfigured site, for its operator',
  NOT_BUILT: 'the operator runs the server without a build',
  NOT_READY: 'answered to the health check only',
  BAD_WEBHOOK: "answered to the payment gateway's webhook only",
  AREA_RESTRICTED: 'the location gate shows its own words from `details` (location namespace)',
};

/** The console's areas: its pages translate the messages they know by their text (admin namespace). */
const CONSOLE_GROUPS = new Set<keyof typeof API_ERROR_CODE_GROUPS>([
  'console',
  'role',
  'claim',
  'pictureUpload',
  'practicePair',
  'contestAdmin',
  'sealedAnswer',
  'judging',
]);
const CONSOLE_CODES_PLAYERS_MEET = new Set<string>(['FORBIDDEN', 'NOT_A_WINNER', 'CLAIM_LOCKED', 'INVALID_PICTURE']);

describe('the error code catalogue', () => {
  it('lists each code once, in capitals', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z_]+[A-Z]$/);
  });

  it('translates only codes it knows, with the same keys in English and Hindi', () => {
    const en = Object.keys(locale('en', 'common').serverErrors as object);
    const hi = Object.keys(locale('hi', 'common').serverErrors as object);
    expect(hi.sort()).toEqual(en.sort());
    for (const code of hi) expect(API_ERROR_CODES).toContain(code);
  });

  it('gives every code a player can meet Hindi words, or says why not', () => {
    const missing: string[] = [];
    for (const [group, codes] of Object.entries(API_ERROR_CODE_GROUPS)) {
      for (const code of Object.values(codes) as ApiErrorCode[]) {
        if (CONSOLE_GROUPS.has(group as keyof typeof API_ERROR_CODE_GROUPS) && !CONSOLE_CODES_PLAYERS_MEET.has(code))
          continue;
        if (NOT_TRANSLATED[code]) continue;
        const where = SCREEN_WORDS[code] ?? `common:serverErrors.${code}`;
        const words = at('hi', where);
        if (typeof words !== 'string' || words.trim() === '' || words === at('en', where))
          missing.push(`${code} (${where})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names in the Hindi sentence the same counts the answer carries', () => {
    const common = locale('hi', 'common').serverErrors as Record<string, string>;
    for (const [code, keys] of Object.entries(ERROR_DETAIL_KEYS)) {
      const words = common[code];
      if (!words) continue;
      for (const placeholder of words.matchAll(/{{(\w+)}}/g))
        expect(keys as readonly string[]).toContain(placeholder[1]);
    }
  });
});

describe('errorDetailsOf', () => {
  it('reads the counts a code carries', () => {
    expect(errorDetailsOf('ONLY_N_AVAILABLE', { available: 4 })).toEqual({ available: 4 });
    expect(errorDetailsOf('OTP_COOLDOWN', { retryAfterSeconds: 42, other: 'x' })).toEqual({ retryAfterSeconds: 42 });
  });

  it('gives null for an answer without them or with something else in their place', () => {
    expect(errorDetailsOf('ONLY_N_AVAILABLE', undefined)).toBeNull();
    expect(errorDetailsOf('ONLY_N_AVAILABLE', {})).toBeNull();
    expect(errorDetailsOf('OTP_INCORRECT', { triesLeft: '3' })).toBeNull();
    expect(errorDetailsOf('RATE_LIMITED', { retryAfterSeconds: -1 })).toBeNull();
    expect(errorDetailsOf('PROMO_BELOW_USES', { uses: Number.NaN })).toBeNull();
  });

  it('matches the English sentences the server builds from the same counts', () => {
    expect(SERVER_ERROR_MESSAGES.otpIncorrect({ triesLeft: 1 })).toBe('The code is not correct. 1 try left.');
    expect(SERVER_ERROR_MESSAGES.otpIncorrect({ triesLeft: 4 })).toBe('The code is not correct. 4 tries left.');
    expect(SERVER_ERROR_MESSAGES.rateLimited({ retryAfterSeconds: 42 })).toBe(
      'Too many requests. Please try again in 42 seconds.',
    );
  });
});
