/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isApiDocument } from './api-document.ts';
import { isBackOffice } from './back-office.ts';
import { PAGES_CACHE } from './cache-names.ts';
import { keepablePage } from './keepable-page.ts';

export const SHELL_URL = '/offline-shell';

/**
 * Pages: the network first (fresh prices), but never more than a few seconds of waiting on a bad
 * connection; then the copy of that page seen before; then the shell, which renders the page from
 * IndexedDB on the phone.
 */
export function routeNavigations() {
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !isBackOffice(url.pathname),
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: 4,
      plugins: [
        keepablePage,
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 86_400, purgeOnQuotaError: true }),
      ],
    }),
  );
  setCatchHandler(async ({ request, url }) => {
    if (request.mode === 'navigate' && !isBackOffice(url.pathname) && !isApiDocument(url.pathname))
      return (await matchPrecache(SHELL_URL)) ?? Response.error();
    return Response.error();
  });
}
