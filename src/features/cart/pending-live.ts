import { liveQuery } from 'dexie';
import { shopDb } from '../../lib/db.ts';

/** Changes on this device still waiting for the server (failed ones included), live across tabs. */
export function watchPending(onChange: (pending: { waiting: number; failed: number }) => void) {
  return liveQuery(async () => {
    const rows = await shopDb().outbox.toArray();
    return { waiting: rows.filter((r) => r.state === 'pending').length, failed: rows.filter((r) => r.state === 'failed').length };
  }).subscribe({ next: onChange, error: () => onChange({ waiting: 0, failed: 0 }) });
}
