/// <reference lib="webworker" />
import { shopDb } from '../src/lib/db.ts';
import { syncOutbox } from '../src/lib/sync/engine.ts';

declare const self: ServiceWorkerGlobalScope;

export const BACKGROUND_SYNC_TAG = 'outbox-sync';

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

/** When the browser regains connectivity it wakes us: the same sync code the page runs. */
export function listenForBackgroundSync() {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === BACKGROUND_SYNC_TAG) e.waitUntil(syncOutbox({ db: shopDb() }));
  });
}
