/** The console's prize claims (server/routes/admin/claims.routes.ts). */
import type {
  AdminClaimDetail,
  AdminClaimRow,
  ClaimStatus,
  TdsSettings,
  UnclaimedWinners,
} from '../../domain/results.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataAs, http } from './http.ts';

export async function fetchClaimsPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminClaimRow>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('claimsPage', (await http.get('/admin/claims', { params })).data);
  return { items: page.claims, nextCursor: page.nextCursor };
}

/** The decrypted details; the server writes every read to the audit log. */
export async function fetchClaimDetail(id: string): Promise<AdminClaimDetail> {
  return await dataAs('claimDetail', (await http.get(`/admin/claims/${encodeURIComponent(id)}`)).data);
}

export async function changeClaimStatus(id: string, status: ClaimStatus, note: string): Promise<AdminClaimRow> {
  return await dataAs(
    'claimRow',
    (await http.post(`/admin/claims/${encodeURIComponent(id)}/status`, { status, note })).data,
  );
}

export async function fetchTdsSettings(): Promise<TdsSettings> {
  return await dataAs('tds', (await http.get('/admin/claims/tds')).data);
}

export async function saveTdsSettings(settings: TdsSettings): Promise<TdsSettings> {
  return await dataAs('tds', (await http.post('/admin/claims/tds', settings)).data);
}

/** The published winners who have not claimed their prize yet, newest first. */
export async function fetchUnclaimedWinners(signal?: AbortSignal): Promise<UnclaimedWinners> {
  return await dataAs('unclaimedWinners', (await http.get('/admin/claims/unclaimed', { signal })).data);
}
