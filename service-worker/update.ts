/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { deleteRetiredCaches } from './cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The first worker takes charge of the pages already open, the one it was installed from
 * included: a first visit then reloads offline, and loads the cart's code from the precache,
 * without waiting for the next visit. A later version only activates once a page has sent
 * SKIP_WAITING (below), so claiming never swaps a running version by itself.
 */
export function claimOpenPages() {
  clientsClaim();
}

/** When this worker activates, the caches an earlier one kept in a form this app would misread go (cache-names.ts). */
export function deleteRetiredCachesOnActivate() {
  self.addEventListener('activate', (event) => {
    event.waitUntil(deleteRetiredCaches(self.caches).then(() => undefined));
  });
}

/**
 * A new worker waits until the page says the traveller accepted the update, so the app is never
 * swapped in the middle of a checkout (src/app/update-prompt.tsx offers it nowhere there).
 */
export function listenForUpdateApproval() {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
}
