import { searchHolidays } from '../../../contract/catalogue-calls.ts';
import type { Prefetch, RouteContext } from '../../app/prefetch.ts';

/** The query of /search?q=…, trimmed and capped as the server takes it. */
export const searchQueryOf = (search: URLSearchParams) => (search.get('q') ?? '').trim().slice(0, 100);
export const searchParams = (q: string) => ({ q });

/** The results are read before rendering: the page is server-rendered whole and shareable. */
export function searchPrefetch({ search }: RouteContext): Prefetch[] {
  const q = searchQueryOf(search);
  return q ? [{ call: searchHolidays, params: searchParams(q) }] : [];
}
