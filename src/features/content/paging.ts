/*
 * "Load more" on list pages keeps how many pages are shown in the URL (?page=3), so the server
 * renders them all (a shared or reloaded link shows the same list) and back/forward restore it.
 */

export const MAX_SHOWN_PAGES = 10;

/** Pages shown, from `?page=`: 1 when absent or malformed, at most MAX_SHOWN_PAGES. */
export function pagesShown(search: URLSearchParams | string): number {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = q.get('page');
  if (!raw || !/^[1-9]\d{0,3}$/.test(raw)) return 1;
  return Math.min(Number(raw), MAX_SHOWN_PAGES);
}

/** The same query with `page` set (removed for 1), other parameters kept in order. */
export function withPages(search: URLSearchParams | string, pages: number): string {
  const q = new URLSearchParams(search);
  if (pages > 1) q.set('page', String(pages));
  else q.delete('page');
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** 1..n */
export const pageIndexes = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
