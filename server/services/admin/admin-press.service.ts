import type { Kysely, Selectable } from 'kysely';
import {
  type AdminPress,
  type AdminPressPage,
  istDateToEpoch,
  PRESS_ADMIN_MESSAGES,
  type PressInput,
  slugify,
} from '../../../domain/admin-press.ts';
import type { Database, PressArticlesTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { uniqueTransaction } from '../../db/errors.ts';
import { type AuditActor, recordAudit } from '../site/audit.service.ts';

const notFound = () => new AppError(404, 'ARTICLE_NOT_FOUND', PRESS_ADMIN_MESSAGES.notFound);
const slugTaken = () =>
  new AppError(409, 'SLUG_TAKEN', PRESS_ADMIN_MESSAGES.slugTaken, { slug: PRESS_ADMIN_MESSAGES.slugTaken });

function toArticle(row: Selectable<PressArticlesTable>): AdminPress {
  return {
    id: row.id,
    slug: row.slug,
    outlet: row.outlet,
    titleEn: row.title_en,
    titleHi: row.title_hi,
    summaryEn: row.summary_en,
    summaryHi: row.summary_hi,
    bodyEn: row.body_en,
    bodyHi: row.body_hi,
    sourceUrl: row.source_url,
    publishedAt: Number(row.published_at),
    isPublished: Number(row.is_published) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** What the audit log keeps of an article (the bodies are long: their length only). */
function auditView(a: AdminPress) {
  return {
    slug: a.slug,
    outlet: a.outlet,
    titleEn: a.titleEn,
    titleHi: a.titleHi,
    summaryEn: a.summaryEn,
    summaryHi: a.summaryHi,
    bodyEnChars: a.bodyEn.length,
    bodyHiChars: a.bodyHi.length,
    sourceUrl: a.sourceUrl,
    publishedAt: new Date(a.publishedAt).toISOString(),
    isPublished: a.isPublished,
  };
}

/** Every article, published or not, the outlet's newest first. */
export async function listArticles(
  db: Kysely<Database>,
  query: { cursor?: string | undefined; limit: number },
): Promise<AdminPressPage> {
  const offset = query.cursor ? Number(query.cursor) : 0;
  const rows = await db
    .selectFrom('press_articles')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.limit + 1)
    .offset(offset)
    .execute();
  return {
    articles: rows.slice(0, query.limit).map(toArticle),
    nextCursor: rows.length > query.limit ? String(offset + query.limit) : null,
  };
}

export async function getArticle(db: Kysely<Database>, id: string): Promise<AdminPress> {
  const row = await db.selectFrom('press_articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toArticle(row);
}

function columns(input: PressInput, slug: string) {
  return {
    slug,
    outlet: input.outlet,
    title_en: input.titleEn,
    title_hi: input.titleHi,
    summary_en: input.summaryEn,
    summary_hi: input.summaryHi,
    body_en: input.bodyEn,
    body_hi: input.bodyHi,
    source_url: input.sourceUrl === '' ? null : input.sourceUrl,
    published_at: istDateToEpoch(input.publishedOn)!,
  };
}

async function freeSlug(db: Kysely<Database>, input: PressInput, exceptId: string | null): Promise<string> {
  const wanted = input.slug || slugify(input.titleEn) || 'article';
  const clash = await db
    .selectFrom('press_articles')
    .select('id')
    .where('slug', '=', wanted)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (!clash) return wanted;
  // A slug typed by the admin is theirs to change; one made from the title gets a number.
  if (input.slug) throw slugTaken();
  for (let n = 2; n < 1000; n++) {
    const candidate = `${wanted.slice(0, 114)}-${n}`;
    const taken = await db.selectFrom('press_articles').select('id').where('slug', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw slugTaken();
}

/** A new article starts unpublished: the admin reads it over, then publishes. */
export async function createArticle(
  db: Kysely<Database>,
  actor: AuditActor,
  input: PressInput,
  now: number,
): Promise<AdminPress> {
  return uniqueTransaction(db, slugTaken, async (trx) => {
    const id = crypto.randomUUID();
    const slug = await freeSlug(trx, input, null);
    await trx
      .insertInto('press_articles')
      .values({ id, ...columns(input, slug), is_published: 0, created_at: now, updated_at: now })
      .execute();
    const article = await getArticle(trx, id);
    await recordAudit(trx, actor, {
      action: 'press.create',
      targetType: 'press',
      targetId: id,
      summary: `Added the press article “${article.titleEn.slice(0, 120)}” (${article.outlet})`,
      after: auditView(article),
      now,
    });
    return article;
  });
}

export async function updateArticle(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  input: PressInput,
  now: number,
): Promise<AdminPress> {
  return uniqueTransaction(db, slugTaken, async (trx) => {
    const before = await getArticle(trx, id);
    const slug = await freeSlug(trx, input.slug ? input : { ...input, slug: before.slug }, id);
    await trx
      .updateTable('press_articles')
      .set({ ...columns(input, slug), updated_at: now })
      .where('id', '=', id)
      .execute();
    const after = await getArticle(trx, id);
    await recordAudit(trx, actor, {
      action: 'press.update',
      targetType: 'press',
      targetId: id,
      summary: `Edited the press article “${after.titleEn.slice(0, 120)}”`,
      before: auditView(before),
      after: auditView(after),
      now,
    });
    return after;
  });
}

export async function setArticlePublished(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  published: boolean,
  now: number,
): Promise<{ article: AdminPress; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await getArticle(trx, id);
    if (before.isPublished === published) return { article: before, changed: false };
    await trx
      .updateTable('press_articles')
      .set({ is_published: published ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .execute();
    const after = await getArticle(trx, id);
    await recordAudit(trx, actor, {
      action: published ? 'press.publish' : 'press.unpublish',
      targetType: 'press',
      targetId: id,
      summary: `${published ? 'Published' : 'Unpublished'} the press article “${after.titleEn.slice(0, 120)}”`,
      before: { isPublished: before.isPublished },
      after: { isPublished: after.isPublished },
      now,
    });
    return { article: after, changed: true };
  });
}

/** Gone from the site and the console; the audit log keeps what it said. */
export async function deleteArticle(db: Kysely<Database>, actor: AuditActor, id: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getArticle(trx, id);
    await trx.deleteFrom('press_articles').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'press.delete',
      targetType: 'press',
      targetId: id,
      summary: `Deleted the press article “${before.titleEn.slice(0, 120)}” (${before.outlet})`,
      before: auditView(before),
      now,
    });
  });
}
