import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItemFields } from '../../../contract/cart.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../tests/support/test-database.ts';
import { cartItems, packagePrices } from '../../db/schema.ts';
import { ok } from '../../lib/envelope.ts';
import { DomainError, STATUS_OF_KIND } from '../../lib/errors.ts';
import { priceLine } from '../../../contract/pricing.ts';
import { addLine } from './add-line.ts';
import type { Owner } from './read.ts';
import { once } from '../idempotency.ts';

let database: Database;
let packageId: number;
let unit: number;
const now = new Date('2026-05-01T10:00:00Z');
const line = (extra: Partial<CartItemFields> = {}): CartItemFields => ({
  packageId,
  travelDate: '2026-06-15',
  adults: 2,
  children: 1,
  infants: 0,
  rooms: 1,
  options: {},
  ...extra,
});
const count = async (owner: Owner) =>
  (await database.db.select().from(cartItems).where(eq(cartItems.owner, owner))).length;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'added',
    (e: DomainError) => `${STATUS_OF_KIND[e.kind]} ${e.message}`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  const [price] = await database.db.select().from(packagePrices).where(eq(packagePrices.site, 'UAE')).limit(1);
  packageId = price!.packageId;
  unit = price!.amount;
});
afterAll(() => database.close());

describe('adding a line', () => {
  it('prices it on the server and answers with the stored line', async () => {
    const item = await addLine(database.db, 'guest:add-0001', 'UAE', line({ clientId: 'line-0001' }), now);
    const [row] = await database.db.select().from(cartItems).where(eq(cartItems.id, item.CartId));
    expect(item).toMatchObject({
      clientId: 'line-0001',
      currency: 'AED',
      unitPrice: unit,
      totalPrice: priceLine(unit, 2, 1),
      createdAt: now.toISOString(),
    });
    expect(row).toMatchObject({
      owner: 'guest:add-0001',
      unitPrice: unit,
      totalPrice: priceLine(unit, 2, 1),
      clientId: 'line-0001',
      createdAt: now,
    });
  });

  it('answers a clientId already in the cart with its line, before any check', async () => {
    const owner = 'guest:add-0002';
    const first = await addLine(database.db, owner, 'UAE', line({ clientId: 'line-0002' }), now);
    for (const again of [
      line({ adults: 3 }),
      line({ travelDate: '2020-01-01' }),
      line({ rooms: 5, adults: 1 }),
      line({ packageId: 999_999 }),
    ]) {
      expect(await addLine(database.db, owner, 'UAE', { ...again, clientId: 'line-0002' }, now)).toEqual(first);
    }
    expect(await count(owner)).toBe(1);
  });

  it('refuses checks in order: the date, the party, the package, a full cart', async () => {
    const owner = 'guest:add-0003';
    expect(
      await refusal(addLine(database.db, owner, 'UAE', line({ travelDate: '2026-05-01', packageId: 999_999 }), now)),
    ).toBe('400 travelDate: choose a date from tomorrow onwards.');
    expect(await refusal(addLine(database.db, owner, 'UAE', line({ rooms: 3, packageId: 999_999 }), now))).toBe(
      '400 rooms: each room needs at least one adult.',
    );
    expect(await refusal(addLine(database.db, owner, 'UAE', line({ packageId: 999_999 }), now))).toBe(
      '404 This holiday is not on sale on this site.',
    );
    for (let i = 0; i < 20; i++)
      await addLine(database.db, owner, 'UAE', line({ clientId: `full-${String(i).padStart(4, '0')}` }), now);
    expect(await refusal(addLine(database.db, owner, 'UAE', line({ clientId: 'full-extra' }), now))).toBe(
      '400 Your cart holds at most 20 holidays. Book or remove some first.',
    );
    // A full cart still answers for a line it holds, and the other site's cart is apart.
    expect((await addLine(database.db, owner, 'UAE', line({ clientId: 'full-0007' }), now)).clientId).toBe('full-0007');
    expect(await count(owner)).toBe(20);
    expect(await refusal(addLine(database.db, owner, 'IN', line(), now))).toBe('added');
  });
});

describe("the first travel date is the site's tomorrow", () => {
  it('counts the days where the site is: at 19:00 UTC the UAE is still on the 1st, India already on the 2nd', async () => {
    const evening = new Date('2026-05-01T19:00:00Z');
    expect(
      await refusal(addLine(database.db, 'guest:day-0001', 'UAE', line({ travelDate: '2026-05-02' }), evening)),
    ).toBe('added');
    expect(
      await refusal(addLine(database.db, 'guest:day-0002', 'IN', line({ travelDate: '2026-05-02' }), evening)),
    ).toBe('400 travelDate: choose a date from tomorrow onwards.');
    // At 21:00 UTC it is the 2nd in both: a trip starting that day has begun.
    expect(
      await refusal(
        addLine(
          database.db,
          'guest:day-0003',
          'UAE',
          line({ travelDate: '2026-05-02' }),
          new Date('2026-05-01T21:00:00Z'),
        ),
      ),
    ).toBe('400 travelDate: choose a date from tomorrow onwards.');
  });
});

describe('a keyed add', () => {
  const add = (owner: Owner, key: string, fields: CartItemFields) =>
    once(database.db, { owner, key, route: 'CreateCart', params: { ...fields, site: 'UAE' } }, async (tx) => ({
      statusCode: 200,
      body: ok(await addLine(tx, owner, 'UAE', fields, now), 'Added to your cart.'),
    }));

  it('is applied once and replayed; the key is refused for another request', async () => {
    const owner = 'guest:key-0001';
    const first = await add(owner, 'key-0001-a', line({ clientId: 'k-line-01' }));
    expect(await add(owner, 'key-0001-a', line({ clientId: 'k-line-01' }))).toEqual({ ...first, replayed: true });
    await expect(add(owner, 'key-0001-a', line({ clientId: 'k-line-01', adults: 3 }))).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(await count(owner)).toBe(1);
  });

  it('stores a refusal and replays it', async () => {
    const owner = 'guest:key-0002';
    const first = await add(owner, 'key-0002-a', line({ packageId: 999_999 }));
    expect(first).toMatchObject({ statusCode: 404, replayed: false });
    expect(await add(owner, 'key-0002-a', line({ packageId: 999_999 }))).toEqual({ ...first, replayed: true });
  });

  it('leaves nothing behind when the write fails', async () => {
    const owner = 'guest:key-0003';
    const failing = once(database.db, { owner, key: 'key-0003-a', route: 'CreateCart', params: {} }, async (tx) => {
      await addLine(tx, owner, 'UAE', line(), now);
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await count(owner)).toBe(0);
    expect(await add(owner, 'key-0003-a', line())).toMatchObject({ statusCode: 200, replayed: false });
    expect(await count(owner)).toBe(1);
  });
});
