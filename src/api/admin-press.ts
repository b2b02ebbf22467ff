/** Admin > Press calls (server/routes/admin/press.routes.ts). */
import type { AdminPress, AdminPressPage, PressInput } from '../../domain/admin-press.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataOf, http } from './http.ts';

export async function fetchPressPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminPress>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = dataOf<AdminPressPage>((await http.get('/admin/press', { params })).data);
  return { items: page.articles, nextCursor: page.nextCursor };
}

const articleUrl = (id: string) => `/admin/press/${encodeURIComponent(id)}`;

export async function fetchArticle(id: string): Promise<AdminPress> {
  return dataOf<{ article: AdminPress }>((await http.get(articleUrl(id))).data).article;
}

export async function createArticle(values: PressInput): Promise<AdminPress> {
  return dataOf<{ article: AdminPress }>((await http.post('/admin/press', values)).data).article;
}

export async function updateArticle(id: string, values: PressInput): Promise<AdminPress> {
  return dataOf<{ article: AdminPress }>((await http.put(articleUrl(id), values)).data).article;
}

export async function setArticlePublished(id: string, published: boolean): Promise<AdminPress> {
  return dataOf<{ article: AdminPress }>(
    (await http.post(`${articleUrl(id)}/${published ? 'publish' : 'unpublish'}`)).data,
  ).article;
}

export async function deleteArticle(id: string): Promise<void> {
  await http.delete(articleUrl(id));
}
