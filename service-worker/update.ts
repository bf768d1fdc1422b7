/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

/**
 * A new worker waits until the page says the traveller accepted the update, so the app is never
 * swapped in the middle of a checkout.
 */
export function listenForUpdateApproval() {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
}
