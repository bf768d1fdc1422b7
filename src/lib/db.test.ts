import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { shopDbAtVersion } from '../../tests/support/shop-db-releases.ts';
import { cartLineSchema, localTempBookingSchema, openShopDb, parseRows, type ShopDb } from './db.ts';

/*
 * Version 5 of the device's database (decision 0116): the cart lines and holds earlier releases kept in whole units of
 * the currency are read in its smallest unit from then on, converted once when the database is upgraded.
 */

let n = 0;
const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** The database as release 4 left it (versions 1 to 4), with rows written then in whole units. */
async function releaseFour(name: string) {
  const old = shopDbAtVersion(name, 4);
  const line = {
    owner: 'guest:abcdefgh',
    packageId: 3,
    slug: 'goa-beach-escape',
    title: 'Goa Beach Escape',
    city: 'Goa',
    image: '/images/places/goa-1',
    nights: 4,
    travelDate: '2027-01-10',
    infants: 0,
    rooms: 1,
    cartId: null,
    state: 'pending',
    createdAt: 1,
  };
  await old.table('cartLines').bulkPut([
    // AED 1,650 per adult: 2 adults and a child at AED 990.
    {
      ...line,
      id: 'line-aed',
      site: 'UAE',
      currency: 'AED',
      adults: 2,
      children: 1,
      unitPrice: 1650,
      totalPrice: 4290,
    },
    {
      ...line,
      id: 'line-inr',
      site: 'IN',
      currency: 'INR',
      adults: 1,
      children: 0,
      unitPrice: 45999,
      totalPrice: 45999,
    },
  ]);
  await old.table('tempBookings').put({
    id: 'hold-1',
    owner: 'guest:abcdefgh',
    site: 'UAE',
    currency: 'AED',
    state: 'held',
    serverId: 12,
    holdExpiresAt: '2027-01-01T10:00:00Z',
    total: 4290,
    itemCount: 1,
    createdAt: 1,
  });
  await old.table('outbox').put({ id: 'change-1', kind: 'cart.add', state: 'pending', ref: 'line-aed' });
  await old.table('wallet').put({ ref: 'WL-AAAAA-BBBBB', userId: '42', savedAt: 1, detail: { Total: 429_000 } });
  old.close();
}

describe('the device database, version 5', () => {
  it('finds the whole-unit amounts earlier releases kept converted to the smallest unit, exactly once', async () => {
    const name = `db-minor-${++n}`;
    await releaseFour(name);

    const db: ShopDb = openShopDb(name);
    opened.push(db);
    const lines = parseRows(cartLineSchema, await db.cartLines.toArray());
    expect(lines.map((l) => [l.id, l.unitPrice, l.totalPrice])).toEqual([
      ['line-aed', 165_000, 429_000],
      ['line-inr', 4_599_900, 4_599_900],
    ]);
    const [hold] = parseRows(localTempBookingSchema, await db.tempBookings.toArray());
    expect(hold).toMatchObject({ id: 'hold-1', total: 429_000, itemCount: 1 });
    // What was not in whole units is left as it was: the outbox's change and the wallet's booking (smallest unit).
    expect(await db.outbox.where('id').equals('change-1').count()).toBe(1);
    expect(await db.wallet.get('WL-AAAAA-BBBBB')).toMatchObject({ detail: { Total: 429_000 } });
    db.close();

    // Opened again (the next page, the service worker): already at version 5, nothing is converted a second time.
    const again = openShopDb(name);
    opened.push(again);
    expect((await again.cartLines.get('line-aed'))?.unitPrice).toBe(165_000);
    expect((await again.tempBookings.get('hold-1'))?.total).toBe(429_000);
    expect(again.verno).toBe(5);
  });

  it('keeps what a new release writes in the smallest unit as it is', async () => {
    const db = openShopDb(`db-minor-${++n}`);
    opened.push(db);
    await db.tempBookings.put({
      id: 'hold-2',
      owner: 'user:42',
      site: 'IN',
      currency: 'INR',
      state: 'pending',
      serverId: null,
      holdExpiresAt: null,
      total: 4_599_950,
      itemCount: 1,
      createdAt: 2,
    });
    db.close();
    const again = openShopDb(db.name);
    opened.push(again);
    expect((await again.tempBookings.get('hold-2'))?.total).toBe(4_599_950);
  });
});
