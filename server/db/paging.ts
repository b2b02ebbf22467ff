/**
 * Keyset paging, newest first, for the lists the console and the winners page read a page at a
 * time: rows ordered by a time column, then by id (both descending), and the cursor is the last
 * row's (time, id) as base64url 'time:id'. A page stays stable while new rows arrive, and the
 * cursor is opaque to the client.
 */
import type { SelectQueryBuilder, StringReference } from 'kysely';

export interface PageQuery {
  cursor?: string | undefined;
  limit: number;
}

export function encodeCursor(at: number, id: string): string {
  return Buffer.from(`${at}:${id}`).toString('base64url');
}

/** The (time, id) a cursor names; a cursor that names nothing reads as time 0 (an empty page, never an error). */
export function decodeCursor(cursor: string): [number, string] {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const at = Number(colon < 0 ? text : text.slice(0, colon));
  return [Number.isSafeInteger(at) ? at : 0, colon < 0 ? '' : text.slice(colon + 1)];
}

/**
 * The query after the cursor, newest first, one row more than the page so that the caller can
 * tell whether another page follows (keysetPage).
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  atColumn: StringReference<DB, TB>,
  idColumn: StringReference<DB, TB>,
  page: PageQuery,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (page.cursor) {
    const [at, id] = decodeCursor(page.cursor);
    // The values are a number and a string by the cursor's shape; kysely cannot see the column types through the generics.
    const atValue = at as never;
    const idValue = id as never;
    q = q.where((eb) =>
      eb.or([eb(atColumn, '<', atValue), eb.and([eb(atColumn, '=', atValue), eb(idColumn, '<', idValue)])]),
    );
  }
  return q
    .orderBy(atColumn, 'desc')
    .orderBy(idColumn, 'desc')
    .limit(page.limit + 1);
}

/** The page of rows newestFirst read, and the cursor of the next page (null on the last one). */
export function keysetPage<R>(
  rows: readonly R[],
  limit: number,
  keyOf: (row: R) => readonly [number, string],
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(...keyOf(last)) : null };
}
