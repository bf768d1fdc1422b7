import type { Site } from '../../../contract/site.ts';
import { shopDb } from '../../lib/db.ts';
import { BACKGROUND_SYNC_TAG } from '../../lib/sync/background-sync.ts';
import { nextDueAt, syncOutbox, type SyncReport } from '../../lib/sync/engine.ts';
import { onWake } from '../../lib/wake-events.ts';
import { currentCartIdentity } from './cart-identity.ts';
import { settleHolds } from './cart-holds.ts';

let running: Promise<SyncReport> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let currentSite: Site = 'UAE';

export function setSyncSite(site: Site) {
  currentSite = site;
}

/** Wakes the engine again when the next waiting change is due (backoff), or soon if another tab held the lock. */
async function schedule(report: SyncReport) {
  if (timer) clearTimeout(timer);
  timer = null;
  const due = report.skipped ? Date.now() + 1500 : await nextDueAt(shopDb());
  if (due === null) return;
  timer = setTimeout(() => void requestSync(), Math.max(250, due - Date.now()));
}

/** Runs the sync engine for this page; calls during a run are folded into one more run. */
export function requestSync(): Promise<SyncReport> {
  if (running) {
    again = true;
    return running;
  }
  const who = currentCartIdentity();
  running = syncOutbox({ db: shopDb(), current: { owner: who.owner, site: currentSite, id: who.id } })
    .catch((): SyncReport => ({ sent: 0, failed: 0, waiting: true }))
    .then(async (report) => {
      // Holds that became bookings leave the device (docs/decisions/0106); offline, they wait for the next sync.
      if (!report.skipped) await settleHolds(shopDb(), who.owner, currentSite, who.id).catch(() => undefined);
      running = null;
      if (again) {
        again = false;
        return requestSync();
      }
      await schedule(report);
      return report;
    });
  return running;
}

/** Asks the worker to sync when the browser sees connectivity again, even with the tab closed. */
export async function registerBackgroundSync() {
  try {
    const reg = (await navigator.serviceWorker?.ready) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await reg?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // Background Sync is a bonus: the page syncs on start, online, focus and on a timer anyway.
  }
}

/** Start, online, focus and visibility all trigger a sync. Returns the cleanup. */
export function startSyncTriggers(): () => void {
  const run = () => void requestSync();
  const stopWaking = onWake(run);
  run();
  return () => {
    stopWaking();
    if (timer) clearTimeout(timer);
  };
}
