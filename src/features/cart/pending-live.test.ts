import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openShopDb, type OutboxEntry, type ShopDb } from '../../lib/db.ts';
import { watchPending } from './pending-live.ts';

let n = 0;
const dbs: ShopDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function change(i: number, state: OutboxEntry['state'] = 'pending'): OutboxEntry {
  return {
    id: `change-${i}`,
    kind: 'cart.add',
    owner: 'guest:pending-test-1',
    site: 'UAE',
    ref: `line-${i}`,
    params: {},
    state,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: i,
  };
}

describe('the waiting-changes count', () => {
  it('follows the outbox, counting again at most once per interval however many writes there are', async () => {
    const db = openShopDb(`pending-test-${++n}`);
    dbs.push(db);
    const seen: { waiting: number; failed: number }[] = [];
    const watch = watchPending((p) => seen.push(p), { db, recountMs: 50 });
    await expect.poll(() => seen.at(-1)).toEqual({ waiting: 0, failed: 0 });
    // 40 separate transactions, as a sync's answers arrive.
    for (let i = 0; i < 40; i++) await db.outbox.add(change(i, i % 10 === 0 ? 'failed' : 'pending'));
    await expect.poll(() => seen.at(-1), { timeout: 2000 }).toEqual({ waiting: 36, failed: 4 });
    expect(seen.length).toBeLessThan(15);
    // Emptied: said once, and nothing after the watcher stops.
    await db.outbox.clear();
    await expect.poll(() => seen.at(-1), { timeout: 2000 }).toEqual({ waiting: 0, failed: 0 });
    watch.unsubscribe();
    const told = seen.length;
    await db.outbox.add(change(99));
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.length).toBe(told);
  });
});
