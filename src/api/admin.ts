/** Console-wide calls: the audit log and staff roles (server/routes/admin/). Areas add their own modules. */
import type { AuditEntry } from '../../domain/audit.ts';
import type { StaffRole } from '../../domain/roles.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataAs, http } from './http.ts';

export async function fetchAuditPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AuditEntry>> {
  const params: Record<string, string> = { ...filters, limit: '30' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('auditPage', (await http.get('/admin/audit', { params })).data);
  return { items: page.entries, nextCursor: page.nextCursor };
}

export async function grantRole(userId: string, role: StaffRole): Promise<StaffRole[]> {
  return (await dataAs('roles', (await http.post(`/admin/users/${encodeURIComponent(userId)}/roles`, { role })).data))
    .roles;
}

export async function revokeRole(userId: string, role: StaffRole): Promise<StaffRole[]> {
  return (await dataAs('roles', (await http.delete(`/admin/users/${encodeURIComponent(userId)}/roles/${role}`)).data))
    .roles;
}
