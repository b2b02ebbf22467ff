/**
 * The 'In the press' contract between the API (server/routes/press.routes.ts) and the web
 * (src/api/press.ts): request and answer shapes as zod schemas, and the types they infer.
 */
import { z } from 'zod';

export const PRESS_LANGUAGES = ['en', 'hi'] as const;
export type PressLanguage = (typeof PRESS_LANGUAGES)[number];

import { PRESS_MAX_PAGE } from './press-paging.ts';

export { PRESS_MAX_PAGE, PRESS_PAGE_SIZE, pageCount } from './press-paging.ts';

const lang = z.enum(PRESS_LANGUAGES, { error: 'lang must be en or hi' }).default('en');

const pageError = { error: `page must be a whole number from 1 to ${PRESS_MAX_PAGE}` };

export const pressListQuerySchema = z.object({
  lang,
  page: z.coerce.number(pageError).int(pageError).min(1, pageError).max(PRESS_MAX_PAGE, pageError).default(1),
});
export type PressListQuery = z.output<typeof pressListQuerySchema>;

export const pressArticleQuerySchema = z.object({ lang });
/** Any id is a fair question: one that cannot exist is answered 'Article not found', not 400. */
export const pressArticleParamsSchema = z.object({ id: z.string() });

const articleFields = {
  id: z.string(),
  slug: z.string(),
  outlet: z.string(),
  title: z.string(),
  summary: z.string(),
  /** When the outlet published it: epoch milliseconds, like every instant in this project. */
  publishedAt: z.number().int(),
  /** The original article, always http(s), or null when there is none to link to. */
  sourceUrl: z.string().nullable(),
};

export const pressListItemSchema = z.object(articleFields);
export type PressListItem = z.infer<typeof pressListItemSchema>;

export const pressListSchema = z.object({
  items: z.array(pressListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PressList = z.infer<typeof pressListSchema>;

export const pressArticleSchema = z.object({ ...articleFields, body: z.array(z.string()) });
export type PressArticle = z.infer<typeof pressArticleSchema>;

/** A body is stored as plain text with paragraphs separated by blank lines. */
export function splitParagraphs(body: string): string[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
