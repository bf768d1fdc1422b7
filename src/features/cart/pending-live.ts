import Dexie from 'dexie';
import { shopDb, type ShopDb } from '../../lib/db.ts';

/** How often, at most, the waiting count is taken again while changes are moving. */
export const PENDING_RECOUNT_MS = 200;

/**
 * Changes on this device still waiting for the server (failed ones included), live across tabs.
 * Counted on the state index (no row is read), and at most every PENDING_RECOUNT_MS: a sync of
 * 200 changes writes the outbox 200 times, and a live query would count (and the status line
 * render) after each one.
 */
export function watchPending(
  onChange: (pending: { waiting: number; failed: number }) => void,
  { db = shopDb(), recountMs = PENDING_RECOUNT_MS }: { db?: ShopDb; recountMs?: number } = {},
) {
  const outboxPart = `idb://${db.name}/outbox/`;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let counting = false;
  let again = false;
  let last = '';
  const count = async () => {
    timer = null;
    if (counting) {
      again = true;
      return;
    }
    counting = true;
    try {
      const outbox = db.outbox;
      const [waiting, failed] = await Promise.all([
        outbox.where('state').equals('pending').count(),
        outbox.where('state').equals('failed').count(),
      ]);
      const key = `${waiting}/${failed}`;
      if (!stopped && key !== last) {
        last = key;
        onChange({ waiting, failed });
      }
    } catch {
      if (!stopped) onChange({ waiting: 0, failed: 0 });
    } finally {
      counting = false;
      if (again && !stopped) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    if (!timer && !stopped) timer = setTimeout(() => void count(), recountMs);
  };
  // Dexie tells of every committed change, in this tab and in others, by table and index.
  const onMutated = (parts: Record<string, unknown>) => {
    if (Object.keys(parts).some((part) => part.startsWith(outboxPart))) schedule();
  };
  Dexie.on('storagemutated', onMutated);
  void count();
  return {
    unsubscribe() {
      stopped = true;
      if (timer) clearTimeout(timer);
      Dexie.on('storagemutated').unsubscribe(onMutated);
    },
  };
}
