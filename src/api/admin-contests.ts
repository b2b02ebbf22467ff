/** The console's Contests area (server/routes/admin/contests.routes.ts) and the photo pickers' list. */
import type {
  AdminContest,
  ContestDefaultsAnswer,
  ContestDefaultsPage,
  ContestDefaultsSettings,
  ContestInput,
  CountersCheck,
  CountersRepair,
} from '../../domain/admin-contests.ts';
import type { AdminPicture } from '../../domain/admin-pictures.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { dataAs, http } from './http.ts';

export async function fetchContestsPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminContest>> {
  const params: Record<string, string> = { ...filters, limit: '20' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('contestsPage', (await http.get('/admin/contests', { params })).data);
  return { items: page.items, nextCursor: page.nextCursor };
}

export async function fetchContest(id: string): Promise<AdminContest> {
  return await dataAs('contest', (await http.get(`/admin/contests/${encodeURIComponent(id)}`)).data);
}

export async function fetchContestDefaults(): Promise<ContestDefaultsAnswer> {
  return await dataAs('contestDefaults', (await http.get('/admin/contests/defaults')).data);
}

export async function createContest(input: ContestInput): Promise<AdminContest> {
  return await dataAs('contest', (await http.post('/admin/contests', input)).data);
}

export async function updateContest(id: string, input: ContestInput): Promise<AdminContest> {
  return await dataAs('contest', (await http.put(`/admin/contests/${encodeURIComponent(id)}`, input)).data);
}

export async function cancelContest(id: string, reason: string): Promise<AdminContest> {
  return await dataAs(
    'contest',
    (await http.post(`/admin/contests/${encodeURIComponent(id)}/cancel`, { reason })).data,
  );
}

/** Issue 26: closes a contest that takes entries now (audited with the reason). */
export async function closeContestNow(id: string, reason: string): Promise<AdminContest> {
  return await dataAs('contest', (await http.post(`/admin/contests/${encodeURIComponent(id)}/close`, { reason })).data);
}

/** Issue 26: a closed contest, not yet marked by a judge, takes entries again until `closesAt` (ISO). */
export async function reopenContest(id: string, reason: string, closesAt: string): Promise<AdminContest> {
  return await dataAs(
    'contest',
    (await http.post(`/admin/contests/${encodeURIComponent(id)}/reopen`, { reason, closesAt })).data,
  );
}

/** Issue 26: the Contest defaults page (what the scheduler's contests start with). */
export async function fetchContestDefaultsPage(): Promise<ContestDefaultsPage> {
  return await dataAs('contestDefaultsPage', (await http.get('/admin/contest-defaults')).data);
}

export async function saveContestDefaults(values: ContestDefaultsSettings): Promise<ContestDefaultsPage> {
  return await dataAs('contestDefaultsPage', (await http.put('/admin/contest-defaults', values)).data);
}

/** Back to the environment's CONTEST_* values. */
export async function resetContestDefaults(): Promise<ContestDefaultsPage> {
  return await dataAs('contestDefaultsPage', (await http.delete('/admin/contest-defaults')).data);
}

/** Compares every contest's ticket counters with its tickets (audited on the server). */
export async function checkCounters(): Promise<CountersCheck> {
  return await dataAs('countersCheck', (await http.post('/admin/contests/counters/check')).data);
}

/** Recounts one contest's ticket counters from its tickets (audited on the server). */
export async function repairCounters(id: string): Promise<CountersRepair> {
  return await dataAs(
    'countersRepair',
    (await http.post(`/admin/contests/${encodeURIComponent(id)}/counters/repair`)).data,
  );
}

/** One page of the uploaded photos of a kind (GET /admin/pictures, the photos area's route). */
export async function fetchPictures(
  kind: 'contest' | 'prize' | 'sponsor',
  cursor: string | null,
): Promise<ListPage<AdminPicture>> {
  const params: Record<string, string> = { kind, limit: '24' };
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('picturePage', (await http.get('/admin/pictures', { params })).data);
  return { items: page.items, nextCursor: page.nextCursor };
}
