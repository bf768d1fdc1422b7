import { describe, expect, it } from 'vitest';
import {
  MAX_PAGES,
  hasSearch,
  listingSearch,
  parseListingQuery,
  searchErrorMessage,
  searchParamsFor,
  toggleInterest,
} from './listing-query.ts';

describe('listing filters in the URL', () => {
  it('reads city, trip type, interests, sort and pages', () => {
    expect(parseListingQuery('?cityId=3&typeId=2&interests=4,1&sort=price-asc&page=2')).toEqual({
      cityId: 3,
      typeId: 2,
      interests: [1, 4],
      sort: 'price-asc',
      pages: 2,
    });
  });
  it('accepts interests repeated (a plain form submit) and drops duplicates', () => {
    expect(parseListingQuery('interests=5&interests=2&interests=5').interests).toEqual([2, 5]);
  });
  it('drops anything malformed instead of failing', () => {
    expect(parseListingQuery('?cityId=abc&typeId=-1&interests=x,0,7&sort=cheapest&page=zero')).toEqual({
      cityId: undefined,
      typeId: undefined,
      interests: [7],
      sort: 'popular',
      pages: 1,
    });
    expect(parseListingQuery('?cityId=0').cityId).toBeUndefined();
    expect(parseListingQuery(`?page=${MAX_PAGES + 50}`).pages).toBe(MAX_PAGES);
  });
  it('writes one canonical URL per filter set', () => {
    expect(listingSearch({ cityId: 3, interests: [4, 1, 4], sort: 'popular', pages: 1 })).toBe(
      '?cityId=3&interests=1,4',
    );
    expect(listingSearch({ typeId: 2, sort: 'duration-desc', pages: 3 })).toBe('?typeId=2&sort=duration-desc&page=3');
    expect(listingSearch({})).toBe('');
    const round = parseListingQuery(
      listingSearch({ cityId: 9, typeId: 1, interests: [3, 2], sort: 'price-desc', pages: 2 }),
    );
    expect(round).toEqual({ cityId: 9, typeId: 1, interests: [2, 3], sort: 'price-desc', pages: 2 });
  });
  it('needs a city or a trip type before searching', () => {
    expect(hasSearch(parseListingQuery('?interests=1'))).toBe(false);
    expect(hasSearch(parseListingQuery('?typeId=1'))).toBe(true);
  });
  it('builds the same search params for the server and the browser', () => {
    const q = parseListingQuery('?cityId=3&interests=2,1');
    expect(searchParamsFor(q, 2)).toEqual({
      cityId: 3,
      typeId: undefined,
      interests: '1,2',
      sort: 'popular',
      pageIndex: 2,
      pageSize: 12,
    });
  });
  it('toggles an interest', () => {
    const q = parseListingQuery('?cityId=3&interests=1,4');
    expect(toggleInterest(q, 4)).toEqual([1]);
    expect(toggleInterest(q, 2)).toEqual([1, 2, 4]);
  });
  it('shows the server message, else the spec default', () => {
    const api = Object.assign(new Error('CityId and TripTypeId are required'), { name: 'ApiError' });
    expect(searchErrorMessage(api)).toBe('CityId and TripTypeId are required');
    expect(searchErrorMessage(Object.assign(new Error('offline'), { name: 'NetworkError' }))).toBe(
      'Failed to fetch packages',
    );
    expect(searchErrorMessage(undefined)).toBe('Failed to fetch packages');
  });
});
