// The press list's paging, without zod, so the list page does not load the schema library
// (issue 29); press.ts re-exports it.

export const PRESS_PAGE_SIZE = 10;
/** Far beyond any real archive; it only stops a crawler from asking for an absurd offset. */
export const PRESS_MAX_PAGE = 1000;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The list's page from ?page=N: anything that is not a page number means the first page. */
export function pressPageFrom(raw: string | null): number {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 ? Math.min(page, PRESS_MAX_PAGE) : 1;
}
