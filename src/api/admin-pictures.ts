/** Admin > Pictures (server/routes/admin/pictures.routes.ts): the library, uploads and practice pairs. */
import { AxiosError, isCancel } from 'axios';
import type {
  AdminPicture,
  AdminPictureDetail,
  AdminPictureKind,
  AdminPracticePair,
  CreatePracticePair,
} from '../../domain/admin-pictures.ts';
import type { ContestBallWidth } from '../../domain/contest-ball-width.ts';
import type { ListFilters, ListPage } from '../../machines/paged-list.machine.ts';
import { CLIENT_UPLOAD_ERRORS, type UploadError } from '../../machines/picture-upload.machine.ts';
import { apiErrorOf, dataAs, http } from './http.ts';

export async function fetchPicturesPage(filters: ListFilters, cursor: string | null): Promise<ListPage<AdminPicture>> {
  const params: Record<string, string> = { limit: '24' };
  if (filters['kind']) params['kind'] = filters['kind'];
  if (cursor) params['cursor'] = cursor;
  const page = await dataAs('picturePage', (await http.get('/admin/pictures', { params })).data);
  return { items: page.items, nextCursor: page.nextCursor };
}

export async function fetchPictureDetail(id: string): Promise<AdminPictureDetail> {
  return await dataAs('pictureDetail', (await http.get(`/admin/pictures/${encodeURIComponent(id)}`)).data);
}

/**
 * Sends the file as the raw body (its own Content-Type), reporting progress. No time limit: a
 * 25 MB photo over a slow line takes minutes; the person cancels instead (the signal).
 */
export async function uploadPictureFile(
  file: Blob,
  kind: AdminPictureKind,
  options: { signal: AbortSignal; onProgress: (loaded: number, total: number) => void },
): Promise<AdminPicture> {
  const res = await http.post('/admin/pictures', file, {
    params: { kind },
    headers: { 'Content-Type': file.type },
    timeout: 0,
    signal: options.signal,
    onUploadProgress: (event) => options.onProgress(event.loaded, event.total ?? file.size),
  });
  return await dataAs('picture', res.data);
}

/** An upload failure as the upload machine keeps it: the server's code and words, or a client code. */
export function uploadErrorOf(error: unknown): UploadError {
  if (error instanceof AxiosError && error.response) {
    const failure = apiErrorOf(error);
    const answered = failure.code !== 'UNKNOWN';
    return { code: answered ? failure.code : CLIENT_UPLOAD_ERRORS.failed, message: answered ? failure.message : null };
  }
  if (isCancel(error)) return { code: CLIENT_UPLOAD_ERRORS.failed, message: null };
  return { code: CLIENT_UPLOAD_ERRORS.network, message: null };
}

export async function fetchPracticePairs(): Promise<AdminPracticePair[]> {
  return (await dataAs('pairs', (await http.get('/admin/practice-pairs')).data)).pairs;
}

export async function createPracticePair(input: CreatePracticePair): Promise<AdminPracticePair> {
  return await dataAs('practicePair', (await http.post('/admin/practice-pairs', input)).data);
}

export async function setPracticePairActive(id: string, active: boolean): Promise<AdminPracticePair> {
  return (await dataAs('pair', (await http.patch(`/admin/practice-pairs/${encodeURIComponent(id)}`, { active })).data))
    .pair;
}

export async function setPracticePairBallWidth(id: string, ballWidth: number): Promise<AdminPracticePair> {
  return (
    await dataAs(
      'pair',
      (await http.put(`/admin/practice-pairs/${encodeURIComponent(id)}/ball-width`, { ballWidth })).data,
    )
  ).pair;
}

export async function reorderPracticePairs(ids: string[]): Promise<AdminPracticePair[]> {
  return (await dataAs('pairs', (await http.put('/admin/practice-pairs/order', { ids })).data)).pairs;
}

/** A contest picture's ball width (set, default, used): the winners' pages tell distances in it. */
export async function fetchContestBallWidth(pictureId: string): Promise<ContestBallWidth> {
  return await dataAs(
    'ballWidth',
    (await http.get(`/admin/pictures/${encodeURIComponent(pictureId)}/ball-width`)).data,
  );
}

/** Sets the width, or null to go back to the default. */
export async function setContestBallWidth(pictureId: string, ballWidth: number | null): Promise<ContestBallWidth> {
  return await dataAs(
    'ballWidth',
    (await http.put(`/admin/pictures/${encodeURIComponent(pictureId)}/ball-width`, { ballWidth })).data,
  );
}
