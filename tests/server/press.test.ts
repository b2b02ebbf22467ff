import { beforeAll, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { PressArticlesTable } from '../../server/db/schema.ts';
import { describeOnEachDatabase, type ServerHarness } from '../support/server-harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const base = Date.UTC(2026, 10, 1, 6, 30);

function article(n: number, overrides: Partial<Insertable<PressArticlesTable>> = {}): Insertable<PressArticlesTable> {
  return {
    id: crypto.randomUUID(),
    slug: `article-${n}`,
    outlet: `Outlet ${n}`,
    title_en: `Title ${n}`,
    summary_en: `Summary ${n}`,
    body_en: `First paragraph ${n}.\n\nSecond paragraph ${n}.`,
    source_url: `https://news.example.in/story-${n}`,
    published_at: base + n * DAY,
    is_published: 1,
    created_at: base,
    updated_at: base,
    ...overrides,
  };
}

/** One row at a time: a multi-row insert on SQLite writes NULL, not the default, into a column some rows leave out. */
async function insert(server: ServerHarness, rows: Array<Insertable<PressArticlesTable>>) {
  for (const row of rows) await server.app.db.insertInto('press_articles').values(row).execute();
}

describeOnEachDatabase('GET /api/v1/press', (server) => {
  it('answers an empty list honestly when nothing is published', async () => {
    const res = await server.app.inject('/api/v1/press');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { items: [], page: 1, pageSize: 10, total: 0 } });
  });

  it('shows no unpublished article, in the list or by id', async () => {
    const draft = article(99, { is_published: 0, slug: 'draft' });
    await insert(server, [draft]);
    expect((await server.app.inject('/api/v1/press')).json().data.total).toBe(0);
    const res = await server.app.inject(`/api/v1/press/${draft.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Article not found', code: 'NOT_FOUND' });
  });
});

describeOnEachDatabase('GET /api/v1/press with articles', (server) => {
  // 12 published, shuffled on insert, plus one draft newer than all of them.
  const rows = [5, 12, 1, 8, 3, 10, 7, 2, 11, 4, 9, 6].map((n) => article(n));
  const hindi = article(13, {
    slug: 'hindi',
    title_hi: 'हिंदी शीर्षक',
    summary_hi: '',
    body_hi: 'पहला अनुच्छेद।\n\nदूसरा अनुच्छेद।',
    source_url: null,
  });
  const draft = article(20, { slug: 'draft', is_published: 0 });

  beforeAll(async () => {
    await insert(server, [...rows, hindi, draft]);
  });

  it('lists published articles newest first, ten a page, with the total', async () => {
    const first = (await server.app.inject('/api/v1/press?lang=en&page=1')).json().data;
    expect(first.total).toBe(13);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.items.map((i: { slug: string }) => i.slug)).toEqual([
      'hindi',
      ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((n) => `article-${n}`),
    ]);
    expect(first.items[1]).toEqual({
      id: rows[1]!.id,
      slug: 'article-12',
      outlet: 'Outlet 12',
      title: 'Title 12',
      summary: 'Summary 12',
      publishedAt: base + 12 * DAY,
      sourceUrl: 'https://news.example.in/story-12',
    });

    const second = (await server.app.inject('/api/v1/press?page=2')).json().data;
    expect(second).toMatchObject({ page: 2, pageSize: 10, total: 13 });
    expect(second.items.map((i: { slug: string }) => i.slug)).toEqual(['article-3', 'article-2', 'article-1']);

    const beyond = (await server.app.inject('/api/v1/press?page=3')).json().data;
    expect(beyond).toEqual({ items: [], page: 3, pageSize: 10, total: 13 });
  });

  it('gives one article with its body split into paragraphs', async () => {
    const target = rows[0]!;
    const res = await server.app.inject(`/api/v1/press/${target.id}?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: target.id,
        slug: 'article-5',
        outlet: 'Outlet 5',
        title: 'Title 5',
        summary: 'Summary 5',
        body: ['First paragraph 5.', 'Second paragraph 5.'],
        publishedAt: base + 5 * DAY,
        sourceUrl: 'https://news.example.in/story-5',
      },
    });
  });

  it('serves Hindi where it was written and English field by field where it was not', async () => {
    const item = (await server.app.inject('/api/v1/press?lang=hi')).json().data.items[0];
    expect(item).toMatchObject({ slug: 'hindi', title: 'हिंदी शीर्षक', summary: 'Summary 13', sourceUrl: null });

    const detail = (await server.app.inject(`/api/v1/press/${hindi.id}?lang=hi`)).json().data;
    expect(detail).toMatchObject({ title: 'हिंदी शीर्षक', summary: 'Summary 13', body: ['पहला अनुच्छेद।', 'दूसरा अनुच्छेद।'] });

    const english = (await server.app.inject(`/api/v1/press/${hindi.id}?lang=en`)).json().data;
    expect(english).toMatchObject({
      title: 'Title 13',
      summary: 'Summary 13',
      body: ['First paragraph 13.', 'Second paragraph 13.'],
    });

    const untranslated = (await server.app.inject(`/api/v1/press/${rows[0]!.id}?lang=hi`)).json().data;
    expect(untranslated).toMatchObject({
      title: 'Title 5',
      summary: 'Summary 5',
      body: ['First paragraph 5.', 'Second paragraph 5.'],
    });
  });

  it('keeps drafts out of the list and answers them with 404', async () => {
    const all = [
      ...(await server.app.inject('/api/v1/press?page=1')).json().data.items,
      ...(await server.app.inject('/api/v1/press?page=2')).json().data.items,
    ];
    expect(all.map((i: { id: string }) => i.id)).not.toContain(draft.id);
    expect((await server.app.inject(`/api/v1/press/${draft.id}`)).statusCode).toBe(404);
  });

  it('answers an unknown id with 404 in the error shape', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid', 'x'.repeat(90)]) {
      const res = await server.app.inject(`/api/v1/press/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Article not found', code: 'NOT_FOUND' });
    }
  });

  it('refuses a bad query with 400 in the error shape', async () => {
    for (const query of ['lang=fr', 'page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=1001', 'page=1&page=2']) {
      const res = await server.app.inject(`/api/v1/press?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.code, query).toBe('VALIDATION_FAILED');
      const [field, message] = query.startsWith('lang')
        ? ['lang', 'lang must be en or hi']
        : ['page', 'page must be a whole number from 1 to 1000'];
      expect(body, query).toEqual({ message, code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
    expect((await server.app.inject(`/api/v1/press/${rows[0]!.id}?lang=xx`)).statusCode).toBe(400);
    expect((await server.app.inject('/api/v1/press?page=1000')).statusCode).toBe(200);
  });

  it('never links to anything but an http(s) address', async () => {
    const unsafe = article(30, { slug: 'unsafe', source_url: 'javascript:alert(1)', published_at: base - DAY });
    await insert(server, [unsafe]);
    expect((await server.app.inject(`/api/v1/press/${unsafe.id}`)).json().data.sourceUrl).toBeNull();
  });
});
