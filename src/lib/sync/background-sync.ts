import type { ShopDb } from '../db.ts';
import { syncOutbox, type SyncOptions, type SyncReport } from './engine.ts';

/** The one Background Sync tag: the page registers it, the service worker answers it. */
export const BACKGROUND_SYNC_TAG = 'outbox-sync';

/** Thrown so the browser's `sync` event fails and the browser tries again later. */
export class ChangesStillWaiting extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} change(s) still waiting to be sent`);
    this.name = 'ChangesStillWaiting';
  }
}

/**
 * What the service worker runs for a `sync` event: the same sync the page runs, then a failure when
 * anything is still in the outbox (the network dropped again, the server answered 503, another tab
 * held the lock), so the browser retries the event with its own backoff, as Workbox's queue does.
 */
export async function backgroundSync(opts: SyncOptions & { db: ShopDb }): Promise<SyncReport> {
  const report = await syncOutbox(opts);
  const waiting = await opts.db.outbox.count();
  if (waiting > 0) throw new ChangesStillWaiting(waiting);
  return report;
}
