/// <reference lib="webworker" />
import { shopDb } from '../src/lib/db.ts';
import { BACKGROUND_SYNC_TAG, backgroundSync } from '../src/lib/sync/background-sync.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

/**
 * When the browser regains connectivity it wakes us: the same sync code the page runs, failing while changes still
 * wait.
 */
export function listenForBackgroundSync() {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === BACKGROUND_SYNC_TAG) e.waitUntil(backgroundSync({ db: shopDb() }));
  });
}
