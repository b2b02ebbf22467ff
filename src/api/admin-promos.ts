/** Admin > Promo codes calls (server/routes/admin/promos.routes.ts). */
import type { AdminPromo, PromoCreate, PromoUpdate } from '../../domain/admin-promos.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataAs, http } from './http.ts';

export async function fetchPromoPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminPromo>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('promoPage', (await http.get('/admin/promos', { params })).data);
  return { items: page.promos, nextCursor: page.nextCursor };
}

const promoUrl = (code: string) => `/admin/promos/${encodeURIComponent(code)}`;

export async function fetchPromo(code: string): Promise<AdminPromo> {
  return (await dataAs('adminPromo', (await http.get(promoUrl(code))).data)).promo;
}

export async function createPromo(values: PromoCreate): Promise<AdminPromo> {
  return (await dataAs('adminPromo', (await http.post('/admin/promos', values)).data)).promo;
}

export async function updatePromo(code: string, values: PromoUpdate): Promise<AdminPromo> {
  return (await dataAs('adminPromo', (await http.put(promoUrl(code), values)).data)).promo;
}

export async function setPromoActive(code: string, active: boolean): Promise<AdminPromo> {
  return (
    await dataAs('adminPromo', (await http.post(`${promoUrl(code)}/${active ? 'reactivate' : 'deactivate'}`)).data)
  ).promo;
}
