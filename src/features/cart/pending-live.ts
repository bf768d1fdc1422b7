import { liveQuery } from 'dexie';
import { shopDb } from '../../lib/db.ts';

/** Changes on this device still waiting for the server (failed ones included), live across tabs. */
export function watchPending(onChange: (pending: { waiting: number; failed: number }) => void) {
  // Counted on the state index: no row is read, however long the queue (this runs after every change).
  return liveQuery(async () => {
    const db = shopDb();
    const [waiting, failed] = await Promise.all([db.outbox.where('state').equals('pending').count(), db.outbox.where('state').equals('failed').count()]);
    return { waiting, failed };
  }).subscribe({ next: onChange, error: () => onChange({ waiting: 0, failed: 0 }) });
}
