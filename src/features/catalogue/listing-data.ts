import {
  getFeaturedPackages,
  getPackageFilters,
  getPackagesByTypeCityAndInterest,
} from '../../../contract/catalogue-calls.ts';
import { getMissionStatmentForListingPage } from '../../../contract/content-calls.ts';
import type { Prefetch, RouteContext } from '../../app/prefetch.ts';
import { hasSearch, parseListingQuery, searchParamsFor } from './listing-query.ts';

export const filtersParams = {};
export const popularParams = { limit: 6 };
export const listingMissionParams = { PageType: 'holidays' };

/** Every page of results the URL asks for, the filter options and the listing's text. */
export function listingPrefetch({ search }: RouteContext): Prefetch[] {
  const query = parseListingQuery(search);
  const reads: Prefetch[] = [
    { call: getPackageFilters, params: filtersParams },
    { call: getMissionStatmentForListingPage, params: listingMissionParams },
  ];
  if (!hasSearch(query)) return [...reads, { call: getFeaturedPackages, params: popularParams }];
  for (let page = 1; page <= query.pages; page++)
    reads.push({ call: getPackagesByTypeCityAndInterest, params: searchParamsFor(query, page) });
  return reads;
}
