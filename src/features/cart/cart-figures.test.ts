import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceBreakdown } from '../../../contract/booking.ts';
import { localTempBookingSchema, openShopDb, type LocalTempBooking, type ShopDb } from '../../lib/db.ts';
import { linesSignature, whyTotalChanged } from './cart-figures.ts';
import { forgetHold, holdOfCart } from './cart-holds.ts';
import { holdCart } from './cart-ops.ts';

const price = (over: Partial<PriceBreakdown> = {}): PriceBreakdown => ({
  currency: 'AED',
  lines: [],
  subtotal: 500_000,
  discount: 40_000,
  coupon: { code: 'DIWALI2026', title: 'Diwali' },
  taxes: [{ code: 'VAT', label: 'VAT 5% (included)', rate: 5, amount: 21_905, included: true }],
  total: 460_000,
  ...over,
});

describe('whyTotalChanged', () => {
  it('says nothing when the totals agree', () => {
    expect(whyTotalChanged(price(), price())).toEqual([]);
  });

  it('names a removed, an applied and a swapped coupon', () => {
    expect(whyTotalChanged(price(), price({ coupon: null, discount: 0, total: 500_000 }))).toEqual([
      'Coupon DIWALI2026 removed',
    ]);
    expect(whyTotalChanged(price({ coupon: null, discount: 0, total: 500_000 }), price())).toEqual([
      'Coupon DIWALI2026 applied: −AED 400',
    ]);
    expect(
      whyTotalChanged(
        price(),
        price({ coupon: { code: 'CARD15', title: 'Card' }, discount: 75_000, total: 425_000 }),
      )[0],
    ).toBe('Coupon CARD15 (−AED 750) instead of DIWALI2026');
  });

  it('names TCS added and a price change', () => {
    const gst = { code: 'GST' as const, label: 'GST 5%', rate: 5, amount: 10_000, included: false };
    const before = price({
      currency: 'INR',
      coupon: null,
      discount: 0,
      subtotal: 200_000,
      taxes: [gst],
      total: 210_000,
    });
    const after = {
      ...before,
      taxes: [gst, { code: 'TCS' as const, label: 'TCS 5%', rate: 5, amount: 10_500, included: false }],
      total: 220_500,
    };
    expect(whyTotalChanged(before, after)).toEqual(['TCS added: ₹105 (PAN not given yet)']);
    expect(
      whyTotalChanged(before, { ...before, subtotal: 300_000, taxes: [{ ...gst, amount: 15_000 }], total: 315_000 }),
    ).toEqual(['Prices changed since your cart: ₹2,000 → ₹3,000', 'GST changed: ₹100 → ₹150']);
  });
});

describe('linesSignature', () => {
  it('is the same for the same lines in any order, and differs for another party', () => {
    const a = { packageId: 1, travelDate: '2027-01-02', adults: 2, children: 0, infants: 0, rooms: 1 };
    const b = { ...a, packageId: 2 };
    expect(linesSignature([a, b])).toBe(linesSignature([b, a]));
    expect(linesSignature([a])).not.toBe(linesSignature([{ ...a, adults: 3 }]));
  });
});

const dbs: ShopDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const hold = (over: Partial<LocalTempBooking> = {}): LocalTempBooking => ({
  id: 'hold-1',
  owner: 'user:7',
  site: 'UAE',
  currency: 'AED',
  state: 'held',
  serverId: 41,
  holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  total: 5000,
  itemCount: 2,
  createdAt: 1,
  ...over,
});

describe('the cart’s hold', () => {
  it('is shown only when it holds what the cart holds now; one on its way or refused always is', () => {
    const cart = (itemCount: number, total: number, signature = 'other') => ({ itemCount, total, signature });
    // A hold kept before its lines' signature was: by count and total.
    expect(holdOfCart([hold()], cart(2, 5000))?.id).toBe('hold-1');
    expect(holdOfCart([hold()], cart(1, 2500))).toBeUndefined();
    expect(holdOfCart([hold({ state: 'pending' })], cart(1, 2500))?.id).toBe('hold-1');
    expect(holdOfCart([], cart(1, 2500))).toBeUndefined();
  });

  it('tells two carts with the same count and total apart by their lines', () => {
    const line = { packageId: 1, travelDate: '2027-01-12', adults: 2, children: 0, infants: 0, rooms: 1 };
    const held = linesSignature([line, { ...line, packageId: 2 }]);
    // Another cart: the same two packages' count and total, but another date for one of them.
    const other = linesSignature([line, { ...line, packageId: 2, travelDate: '2027-01-19' }]);
    expect(holdOfCart([hold({ signature: held })], { itemCount: 2, total: 5000, signature: held })?.id).toBe('hold-1');
    expect(holdOfCart([hold({ signature: held })], { itemCount: 2, total: 5000, signature: other })).toBeUndefined();
    // The same lines whose figures moved since (a price change) are still what was held.
    expect(holdOfCart([hold({ signature: held })], { itemCount: 2, total: 5400, signature: held })?.id).toBe('hold-1');
  });

  it('is kept on the device with its lines’ signature when the cart is held', async () => {
    const db = openShopDb(`cart-hold-signature-${Math.random()}`);
    dbs.push(db);
    const id = await holdCart(db, { owner: 'user:7', id: { Token: 't' } }, 'UAE', 'AED', 5000, 2, 'sig-a');
    const row = localTempBookingSchema.parse(await db.tempBookings.get(id));
    expect(row.signature).toBe('sig-a');
    expect(holdOfCart([{ ...row, state: 'held' }], { itemCount: 2, total: 5000, signature: 'sig-b' })).toBeUndefined();
  });

  it('leaves the device once its booking is made', async () => {
    const db = openShopDb(`cart-figures-test-${Math.random()}`);
    dbs.push(db);
    await db.tempBookings.bulkAdd([hold(), hold({ id: 'hold-2', serverId: 42 })]);
    await forgetHold(db, 41);
    expect((await db.tempBookings.toArray()).map((h) => h.id)).toEqual(['hold-2']);
  });
});
