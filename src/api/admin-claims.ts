/** The console's prize claims (server/routes/admin/claims.routes.ts). */
import type {
  AdminClaimDetail,
  AdminClaimRow,
  AdminClaimsPage,
  ClaimStatus,
  TdsSettings,
} from '../../domain/results.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataOf, http } from './http.ts';

export async function fetchClaimsPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminClaimRow>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = dataOf<AdminClaimsPage>((await http.get('/admin/claims', { params })).data);
  return { items: page.claims, nextCursor: page.nextCursor };
}

/** The decrypted details; the server writes every read to the audit log. */
export async function fetchClaimDetail(id: string): Promise<AdminClaimDetail> {
  return dataOf<AdminClaimDetail>((await http.get(`/admin/claims/${encodeURIComponent(id)}`)).data);
}

export async function changeClaimStatus(id: string, status: ClaimStatus, note: string): Promise<AdminClaimRow> {
  return dataOf<AdminClaimRow>(
    (await http.post(`/admin/claims/${encodeURIComponent(id)}/status`, { status, note })).data,
  );
}

export async function fetchTdsSettings(): Promise<TdsSettings> {
  return dataOf<TdsSettings>((await http.get('/admin/claims/tds')).data);
}

export async function saveTdsSettings(settings: TdsSettings): Promise<TdsSettings> {
  return dataOf<TdsSettings>((await http.post('/admin/claims/tds', settings)).data);
}
