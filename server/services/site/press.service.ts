import type { Kysely, Selectable } from 'kysely';
import {
  type PressArticle,
  type PressLanguage,
  type PressList,
  type PressListItem,
  splitParagraphs,
} from '../../../domain/press.ts';
import { pressArticlePath } from '../../../domain/site-paths.ts';
import type { Database, PressArticlesTable } from '../../db/schema.ts';

type Row = Selectable<PressArticlesTable>;

/** Hindi when it was written, English otherwise, decided field by field. */
function pick(lang: PressLanguage, en: string, hi: string): string {
  return lang === 'hi' && hi.trim() !== '' ? hi : en;
}

/** The page renders it as a link, so only a real http(s) address leaves the server. */
function safeSourceUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function toItem(row: Row, lang: PressLanguage): PressListItem {
  return {
    id: row.id,
    slug: row.slug,
    outlet: row.outlet,
    title: pick(lang, row.title_en, row.title_hi),
    summary: pick(lang, row.summary_en, row.summary_hi),
    publishedAt: Number(row.published_at),
    sourceUrl: safeSourceUrl(row.source_url),
  };
}

const published = (db: Kysely<Database>) => db.selectFrom('press_articles').where('is_published', '=', 1);

/** Published articles, newest first; ties keep a stable order so no article hides between pages. */
export async function listPublished(
  db: Kysely<Database>,
  options: { lang: PressLanguage; page: number; pageSize: number },
): Promise<PressList> {
  const { lang, page, pageSize } = options;
  const [rows, count] = await Promise.all([
    published(db)
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    published(db)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toItem(row, lang)), page, pageSize, total: Number(count.total) };
}

/** One published article, or undefined when it does not exist or is not published. */
export async function getPublished(
  db: Kysely<Database>,
  id: string,
  lang: PressLanguage,
): Promise<PressArticle | undefined> {
  const row = await published(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { ...toItem(row, lang), body: splitParagraphs(pick(lang, row.body_en, row.body_hi)) };
}

/** Every published article's public address and date, newest first (the sitemap). */
export async function publishedArticleAddresses(
  db: Kysely<Database>,
): Promise<Array<{ path: string; publishedAt: number }>> {
  const rows = await published(db)
    .select(['id', 'slug', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    path: pressArticlePath(row.id, row.slug),
    publishedAt: Number(row.published_at),
  }));
}
