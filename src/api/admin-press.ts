/** Admin > Press calls (server/routes/admin/press.routes.ts). */
import type { AdminPress, PressInput } from '../../domain/admin-press.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataAs, http } from './http.ts';

export async function fetchPressPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminPress>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('pressPage', (await http.get('/admin/press', { params })).data);
  return { items: page.articles, nextCursor: page.nextCursor };
}

const articleUrl = (id: string) => `/admin/press/${encodeURIComponent(id)}`;

export async function fetchArticle(id: string): Promise<AdminPress> {
  return (await dataAs('article', (await http.get(articleUrl(id))).data)).article;
}

export async function createArticle(values: PressInput): Promise<AdminPress> {
  return (await dataAs('article', (await http.post('/admin/press', values)).data)).article;
}

export async function updateArticle(id: string, values: PressInput): Promise<AdminPress> {
  return (await dataAs('article', (await http.put(articleUrl(id), values)).data)).article;
}

export async function setArticlePublished(id: string, published: boolean): Promise<AdminPress> {
  return (await dataAs('article', (await http.post(`${articleUrl(id)}/${published ? 'publish' : 'unpublish'}`)).data))
    .article;
}

export async function deleteArticle(id: string): Promise<void> {
  await http.delete(articleUrl(id));
}
