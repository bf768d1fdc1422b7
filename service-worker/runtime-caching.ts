/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { FROM_CACHE, FROM_CACHE_HEADER } from '../src/lib/reachability.ts';
import { isApiDocument } from './api-document.ts';
import { CONTENT_CACHE } from './cache-names.ts';

/**
 * Content reads that are the same for every traveller (per site: the server sends Vary: Country).
 * Anything user-specific (cart, bookings, profile, coupons of a user) is never put in the Cache
 * API: it is not on this list.
 */
const CONTENT_READS =
  /^\/api\/Common\/(getBanner|getMissionStatment|getMissionStatmentForListingPage|getReviews|GetFooterHeading|GetGlobalSearchList|GetCountry|StatesByCountryId|GetCitiesByCountryId|CouponList|GetSeasonalDealCategory|GetSeasonalDealSubCategoryBySlug|GetDealsModuleData|Holiday\/GetFeaturedPackages|Holiday\/GetPackageDetail|Holiday\/GetFilters|Blog\/[A-Za-z]+|Coupon\/GetStatement)$/;

/** Marks answers served from the cache, so the page does not take them for the server answering. */
const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, FROM_CACHE);
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

export function routeContentReads() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === self.location.origin && CONTENT_READS.test(url.pathname),
    new StaleWhileRevalidate({
      cacheName: CONTENT_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 86_400, purgeOnQuotaError: true }),
        markFromCache,
      ],
    }),
  );
}

/** Images: from the cache once seen, within a size cap. */
export function routeImages() {
  registerRoute(
    ({ request, url }) =>
      request.destination === 'image' && url.origin === self.location.origin && !isApiDocument(url.pathname),
    new CacheFirst({
      cacheName: 'images',
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true }),
      ],
    }),
  );
}

declare const self: ServiceWorkerGlobalScope;
