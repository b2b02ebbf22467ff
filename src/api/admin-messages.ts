/** Admin > Contact inbox calls (server/routes/admin/messages.routes.ts). */
import type { ContactMessage } from '../../domain/admin-messages.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataAs, http } from './http.ts';

export async function fetchMessagePage(filters: ListFilters, cursor: string | null): Promise<ListPage<ContactMessage>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('messagePage', (await http.get('/admin/messages', { params })).data);
  return { items: page.messages, nextCursor: page.nextCursor };
}

const messageUrl = (id: string) => `/admin/messages/${encodeURIComponent(id)}`;

export async function fetchMessage(id: string): Promise<ContactMessage> {
  return (await dataAs('message', (await http.get(messageUrl(id))).data)).message;
}

export async function setMessageAnswered(id: string, answered: boolean): Promise<ContactMessage> {
  return (await dataAs('message', (await http.post(`${messageUrl(id)}/${answered ? 'answered' : 'reopen'}`)).data))
    .message;
}
