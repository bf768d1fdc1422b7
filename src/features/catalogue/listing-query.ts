import type { PackageSort } from '../../../contract/catalogue.ts';

/*
 * The listing's filters live in the URL: /holidays?cityId=3&typeId=2&interests=1,4&sort=price-asc&page=2.
 * Parsing is forgiving (a bad value is dropped, never an error page) and writing is canonical
 * (sorted interests, defaults left out), so one filter set has one URL and one SWR key.
 */

export const SORTS: { value: PackageSort; label: string }[] = [
  { value: 'popular', label: 'Most popular' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'duration-asc', label: 'Duration: shortest first' },
  { value: 'duration-desc', label: 'Duration: longest first' },
];

export const PAGE_SIZE = 12;
/** More pages than this are not rendered by the server at once (a shared ?page=40 link). */
export const MAX_PAGES = 10;

export interface ListingQuery {
  cityId?: number;
  typeId?: number;
  /** Interest ids, ascending, no duplicates. */
  interests: number[];
  sort: PackageSort;
  /** How many pages of results are shown ("Load more" adds one). */
  pages: number;
}

const isSort = (v: string | null): v is PackageSort => SORTS.some((s) => s.value === v);

function id(value: string | null): number | undefined {
  if (!value || !/^[1-9]\d{0,8}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export function parseListingQuery(search: URLSearchParams | string): ListingQuery {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  // `interests=1,4` from our links, `interests=1&interests=4` from the plain form without JavaScript.
  const interests = [
    ...new Set(
      q
        .getAll('interests')
        .flatMap((v) => v.split(','))
        .map((v) => id(v))
        .filter((v): v is number => v !== undefined),
    ),
  ].sort((a, b) => a - b);
  const sort = q.get('sort');
  const page = id(q.get('page'));
  return {
    cityId: id(q.get('cityId')),
    typeId: id(q.get('typeId')),
    interests,
    sort: isSort(sort) ? sort : 'popular',
    pages: Math.min(page ?? 1, MAX_PAGES),
  };
}

/** The canonical query string (with its `?`, or '' when nothing is chosen). */
export function listingSearch(query: Partial<ListingQuery>): string {
  const q = new URLSearchParams();
  if (query.cityId) q.set('cityId', String(query.cityId));
  if (query.typeId) q.set('typeId', String(query.typeId));
  if (query.interests?.length) q.set('interests', [...new Set(query.interests)].sort((a, b) => a - b).join(','));
  if (query.sort && query.sort !== 'popular') q.set('sort', query.sort);
  if (query.pages && query.pages > 1) q.set('page', String(query.pages));
  const s = q.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}

/** The search call needs a city or a trip type; interests alone narrow nothing yet. */
export function hasSearch(query: ListingQuery): boolean {
  return query.cityId !== undefined || query.typeId !== undefined;
}

/** Parameters of one page of results: the same object on the server (prefetch) and in the browser. */
export function searchParamsFor(query: ListingQuery, pageIndex: number) {
  return {
    cityId: query.cityId,
    typeId: query.typeId,
    interests: query.interests.length ? query.interests.join(',') : undefined,
    sort: query.sort,
    pageIndex,
    pageSize: PAGE_SIZE,
  };
}

/** Toggles one interest on or off. */
export function toggleInterest(query: ListingQuery, interestId: number): number[] {
  return query.interests.includes(interestId)
    ? query.interests.filter((i) => i !== interestId)
    : [...query.interests, interestId].sort((a, b) => a - b);
}

/** The traveller-facing message for a failed search: the server's words, else the spec's default. */
export function searchErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'ApiError' && error.message) return error.message;
  return 'Failed to fetch packages';
}
