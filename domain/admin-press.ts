/**
 * The console's press articles (/api/v1/admin/press): the form's rules, written once for the
 * screen and the server. Hindi fields may stay empty: the site then shows the English text.
 */
import { z } from 'zod';
import { IST_OFFSET_MS } from './schedule.ts';

export const PRESS_ADMIN_MESSAGES = {
  outlet: 'Give the outlet (1 to 120 characters)',
  slug: 'The address name is lower-case letters, digits and single hyphens (at most 120)',
  title: 'Give an English title (3 to 300 characters)',
  titleHi: 'The Hindi title must be at most 300 characters',
  summary: 'Give an English summary (at most 1,000 characters)',
  summaryHi: 'The Hindi summary must be at most 1,000 characters',
  body: 'Give the English text (at most 50,000 characters)',
  bodyHi: 'The Hindi text must be at most 50,000 characters',
  sourceUrl: 'The original article must be an http(s) address, or empty',
  publishedOn: 'Give the date the outlet published it (today or earlier)',
  slugTaken: 'Another article already has this address name',
  notFound: 'This article does not exist',
} as const;

/** 'Cricket fans spot the ball!' -> 'cricket-fans-spot-the-ball' (Hindi-only titles give ''). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-11-24' as midnight IST, epoch ms; undefined when no real date. */
export function istDateToEpoch(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return utc - IST_OFFSET_MS;
}

export function epochToIstDate(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

export const pressInputSchema = z.object({
  outlet: text(1, 120, PRESS_ADMIN_MESSAGES.outlet),
  /** Empty: made from the English title. */
  slug: z
    .string({ error: PRESS_ADMIN_MESSAGES.slug })
    .trim()
    .max(120, PRESS_ADMIN_MESSAGES.slug)
    .refine((v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), PRESS_ADMIN_MESSAGES.slug),
  titleEn: text(3, 300, PRESS_ADMIN_MESSAGES.title),
  titleHi: text(0, 300, PRESS_ADMIN_MESSAGES.titleHi),
  summaryEn: text(1, 1000, PRESS_ADMIN_MESSAGES.summary),
  summaryHi: text(0, 1000, PRESS_ADMIN_MESSAGES.summaryHi),
  bodyEn: text(1, 50_000, PRESS_ADMIN_MESSAGES.body),
  bodyHi: text(0, 50_000, PRESS_ADMIN_MESSAGES.bodyHi),
  sourceUrl: z
    .string({ error: PRESS_ADMIN_MESSAGES.sourceUrl })
    .trim()
    .max(2048, PRESS_ADMIN_MESSAGES.sourceUrl)
    .refine((v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, PRESS_ADMIN_MESSAGES.sourceUrl),
  /** The outlet's date, 'YYYY-MM-DD' (IST): a real day, today at the latest (an article cannot be from the future). */
  publishedOn: z.string({ error: PRESS_ADMIN_MESSAGES.publishedOn }).refine((v) => {
    const at = istDateToEpoch(v);
    return at !== undefined && at <= Date.now();
  }, PRESS_ADMIN_MESSAGES.publishedOn),
});
export type PressInput = z.infer<typeof pressInputSchema>;

export const pressListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const adminPressSchema = z.object({
  id: z.string(),
  slug: z.string(),
  outlet: z.string(),
  titleEn: z.string(),
  titleHi: z.string(),
  summaryEn: z.string(),
  summaryHi: z.string(),
  bodyEn: z.string(),
  bodyHi: z.string(),
  sourceUrl: z.string().nullable(),
  publishedAt: z.number(),
  isPublished: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminPress = z.infer<typeof adminPressSchema>;

export const adminPressPageSchema = z.object({
  articles: z.array(adminPressSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPressPage = z.infer<typeof adminPressPageSchema>;
