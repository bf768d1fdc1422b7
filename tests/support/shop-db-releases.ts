import Dexie from 'dexie';

/**
 * The device's database (src/lib/db.ts) as earlier releases declared it, version by version, frozen here on purpose:
 * an upgrade test opens a database as a phone that ran those releases has it, whatever db.ts says today.
 */
const RELEASED_STORES: Record<string, string | null>[] = [
  {
    cartLines: 'id, [owner+site], cartId',
    outbox: '++seq, &id, state, ref',
    tempBookings: 'id, [owner+site]',
    swrCache: 'key, savedAt',
  },
  { swrCache: null },
  { wallet: 'ref, userId' },
  { checkoutDrafts: 'id, [owner+site]' },
];

/** The database `name` declared at `version` (1 to 4), as the release that shipped it left it; not opened yet. */
export function shopDbAtVersion(name: string, version: 1 | 2 | 3 | 4): Dexie {
  const db = new Dexie(name);
  RELEASED_STORES.slice(0, version).forEach((stores, i) => db.version(i + 1).stores(stores));
  return db;
}
