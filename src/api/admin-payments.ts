/** Admin > Payments and refunds calls (server/routes/admin/payments.routes.ts). */
import type { AdminPayment } from '../../domain/admin-payments.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { apiCall, dataAs, http } from './http.ts';

export async function fetchAdminPaymentsPage(
  filters: ListFilters,
  cursor: string | null,
): Promise<ListPage<AdminPayment>> {
  const params: Record<string, string> = { ...filters, limit: '25' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('adminPaymentsPage', (await http.get('/admin/payments', { params })).data);
  return { items: page.items, nextCursor: page.nextCursor };
}

export const fetchAdminPaymentCounts = () => apiCall('adminPaymentCounts', () => http.get('/admin/payments/counts'));

/** The operator's downloads: plain links (the browser sends the session cookie; the server checks the role). */
export const adminDocumentUrl = (paymentId: string, document: 'invoice' | 'credit-note') =>
  `/api/v1/admin/payments/${encodeURIComponent(paymentId)}/${document}`;
