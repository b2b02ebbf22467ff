import type { Kysely } from 'kysely';
import { istDateTimeFormat, istParts } from '../../domain/schedule.ts';
import type { Database, PlayerLanguage } from '../db/schema.ts';

/**
 * The language of the messages a player gets (SMS, e-mail; Web Push keeps each browser's own),
 * issue 25. Where it comes from:
 * - a message answering a request (a sign-up, login or reset code) is in the request's language:
 *   the `i18next` cookie the site keeps with the visitor's choice (src/shared/i18n.ts caches it
 *   there), else the first language of Accept-Language, else English;
 * - a message sent later (results, a cancellation, a receipt, a claim's progress) is in the
 *   language stored on the account (users.language): set at sign-up and at every login from the
 *   request's language, and when a logged-in player switches the site's language
 *   (PUT /account/language).
 */
export type { PlayerLanguage };

export const PLAYER_LANGUAGES = ['en', 'hi'] as const satisfies readonly PlayerLanguage[];

export function isPlayerLanguage(value: unknown): value is PlayerLanguage {
  return value === 'en' || value === 'hi';
}

/** 'hi', 'hi-IN', 'HI' -> 'hi'; anything else we do not speak -> null. */
function languageOfTag(tag: string): PlayerLanguage | null {
  const primary = tag.trim().slice(0, 2).toLowerCase();
  return isPlayerLanguage(primary) ? primary : null;
}

/** Accept-Language's most wanted language we speak ('hi-IN,hi;q=0.9,en;q=0.8' -> 'hi'). */
export function acceptLanguageOf(header: string | undefined): PlayerLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { lang: languageOfTag(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { lang: PlayerLanguage; q: number; index: number } => entry.lang !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang ?? null;
}

/** What a request says about its reader's language (see the module's comment). */
export function requestLanguage(request: {
  cookies?: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}): PlayerLanguage {
  const cookie = request.cookies?.i18next;
  const chosen = cookie === undefined ? null : languageOfTag(cookie);
  if (chosen) return chosen;
  const header = request.headers['accept-language'];
  return acceptLanguageOf(Array.isArray(header) ? header[0] : header) ?? 'en';
}

/** The language stored on the account; English for an account that is gone. */
export async function playerLanguage(db: Kysely<Database>, userId: string): Promise<PlayerLanguage> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return isPlayerLanguage(row?.language) ? row.language : 'en';
}

/** Keeps the account's language (a write only when it changed). */
export async function rememberLanguage(db: Kysely<Database>, userId: string, language: PlayerLanguage): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).where('language', '!=', language).execute();
}

/** One text of a message in the player's language: `inLanguage(lang, { en: ..., hi: ... })`. */
export function inLanguage<T>(language: PlayerLanguage, texts: Readonly<Record<PlayerLanguage, T>>): T {
  return texts[language];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const hindiDate = istDateTimeFormat('hi', { day: 'numeric', month: 'long', year: 'numeric' });

/** 'Contest A of 21 Nov 2026' / 'प्रतियोगिता A (21 नवंबर 2026)': a contest as a message names it. */
export function contestLabelIn(
  language: PlayerLanguage,
  contest: { slot: string; opens_at: number | string | bigint },
): string {
  const at = new Date(Number(contest.opens_at));
  if (language === 'hi') return `प्रतियोगिता ${contest.slot} (${hindiDate.format(at)})`;
  // As the console's contestLabel (judging/shared.ts) names it, so a player and the operator say the same.
  const p = istParts(at);
  return `Contest ${contest.slot} of ${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}
