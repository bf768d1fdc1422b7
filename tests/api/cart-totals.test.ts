import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '../../contract/calendar.ts';
import {
  createBookingKit,
  findPackage,
  post,
  sql,
  traveller,
  type BookingKit,
  type Site,
} from '../support/booking-kit.ts';

/*
 * The cart's figures are checkout's figures (docs/decisions/0106): GetCartTotals prices the cart's
 * lines with the coupon checkout applies by itself and the taxes checkout shows before the PAN, so
 * the cart total equals the first checkout total; a removed coupon stays removed.
 */

let kit: BookingKit;
let uaePkg: { id: number };
let overseasPkg: { id: number };

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  uaePkg = await findPackage(kit, { rooms: 10, inIndia: false });
  overseasPkg = uaePkg;
});
afterAll(() => kit.close());

let offset = 200;
/** A travel date no other hold of this file uses, counted from the site's own today. */
const freshDate = (site: Site = 'UAE') => addDays(siteDay(new Date(), site), ++offset);

/** Enough adults (in rooms for them) for the cart to pass the festive coupons' minimums (AED 3,000 / ₹50,000). */
async function party(packageId: number, site: Site) {
  const { rows } = await kit.database.db.execute<{ amount: number }>(
    sql`select amount from package_prices where package_id = ${packageId} and site = ${site}`,
  );
  const price = rows[0]!.amount;
  const adults = Math.min(9, Math.max(2, Math.ceil((site === 'IN' ? 50_000 : 3000) / price)));
  return { adults, children: 0, infants: 0, rooms: Math.ceil(adults / 3) };
}

/**
 * Empties the traveller's cart on the site, puts these lines in it and holds them, as the cart's Continue to booking
 * does.
 */
async function holdId(token: string, site: Site, lines: object[]): Promise<number> {
  const cart = await post(kit, 'GetCart', {}, token, site);
  for (const group of cart.body.data as { data: { CartId: number }[] }[])
    for (const l of group.data) await post(kit, 'RemoveCart', { CartId: l.CartId }, token, site);
  for (const l of lines) expect((await post(kit, 'CreateCart', l, token, site)).status).toBe(200);
  const held = await post(kit, 'CreateTempBooking', {}, token, site);
  expect(held.status, held.body.message).toBe(200);
  return held.body.data.TempBookingId as number;
}

/** What checkout shows first for a hold of these lines: the best applicable coupon, then the quote with it. */
async function firstCheckoutQuote(
  token: string,
  userId: number,
  site: Site,
  line: { packageId: number; travelDate: string; adults: number; rooms: number },
) {
  const TempBookingId = await holdId(token, site, [line]);
  const coupons = await kit.app.inject({
    method: 'GET',
    url: `/api/Common/GetApplicableCoupons?cartTotal=1&userId=${userId}&TempBookingId=${TempBookingId}`,
    headers: { authorization: `Bearer ${token}`, country: site },
  });
  expect(coupons.statusCode).toBe(200);
  const best = (coupons.json().data.coupons as { applicable: boolean; coupon: { code: string } }[]).find(
    (c) => c.applicable,
  )?.coupon.code;
  const quote = await post(kit, 'GetBookingQuote', { TempBookingId, CouponCode: best }, token, site);
  expect(quote.status).toBe(200);
  return { best, quote: quote.body.data, TempBookingId };
}

describe('GetCartTotals', () => {
  it('UAE: the cart total is the first checkout total, with the coupon checkout applies by itself as a line', async () => {
    const { token, userId } = await traveller(kit, 'totals');
    const line = { packageId: uaePkg.id, travelDate: freshDate(), ...(await party(uaePkg.id, 'UAE')) };
    const cart = await post(kit, 'GetCartTotals', { Lines: [line] }, token, 'UAE');
    expect(cart.status).toBe(200);
    const { best, quote } = await firstCheckoutQuote(token, userId, 'UAE', line);
    expect(best).toBeTruthy();
    expect(cart.body.data.coupon?.code).toBe(best);
    expect(cart.body.data.discount).toBeGreaterThan(0);
    expect(cart.body.data.offered).toMatchObject({ code: best, discount: cart.body.data.discount });
    for (const field of ['currency', 'subtotal', 'discount', 'coupon', 'taxes', 'total', 'panRequired'] as const)
      expect(cart.body.data[field], field).toEqual(quote[field]);
    expect(cart.body.data.currency).toBe('AED');
  });

  it('India: GST and TCS as figures, as checkout prices them before the PAN', async () => {
    const { token, userId } = await traveller(kit, 'gst');
    const line = { packageId: overseasPkg.id, travelDate: freshDate('IN'), ...(await party(overseasPkg.id, 'IN')) };
    const cart = await post(kit, 'GetCartTotals', { Lines: [line] }, token, 'IN');
    expect(cart.status).toBe(200);
    const codes = (cart.body.data.taxes as { code: string; amount: number }[]).map((t) => t.code);
    expect(codes).toContain('GST');
    expect(codes).toContain('TCS');
    expect(cart.body.data.taxes.every((t: { amount: number }) => t.amount > 0)).toBe(true);
    expect(cart.body.data.panRequired).toBe(true);
    const { quote } = await firstCheckoutQuote(token, userId, 'IN', line);
    for (const field of ['currency', 'subtotal', 'discount', 'coupon', 'taxes', 'total'] as const)
      expect(cart.body.data[field], field).toEqual(quote[field]);
    expect(cart.body.data.currency).toBe('INR');
  });

  it('a removed coupon stays removed (and is still offered); a chosen one applies; one that does not apply says why', async () => {
    const { token, userId } = await traveller(kit, 'nocoupon');
    const line = { packageId: uaePkg.id, travelDate: freshDate(), ...(await party(uaePkg.id, 'UAE')) };
    const withCoupon = (await post(kit, 'GetCartTotals', { Lines: [line] }, token)).body.data;
    const without = await post(kit, 'GetCartTotals', { Lines: [line], NoCoupon: true }, token);
    expect(without.status).toBe(200);
    expect(without.body.data).toMatchObject({
      coupon: null,
      discount: 0,
      couponError: null,
      offered: withCoupon.offered,
    });
    expect(without.body.data.total).toBe(withCoupon.total + withCoupon.discount);
    // Checkout without the coupon charges the same.
    const TempBookingId = await holdId(token, 'UAE', [line]);
    const quote = (await post(kit, 'GetBookingQuote', { TempBookingId }, token)).body.data;
    expect(quote.total).toBe(without.body.data.total);
    expect(userId).toBeGreaterThan(0);

    const again = (
      await post(kit, 'GetCartTotals', { Lines: [line], CouponCode: withCoupon.offered!.code.toLowerCase() }, token)
    ).body.data;
    expect(again.total).toBe(withCoupon.total);
    const wrong = (await post(kit, 'GetCartTotals', { Lines: [line], CouponCode: 'NOSUCHCODE' }, token)).body.data;
    expect(wrong).toMatchObject({
      coupon: null,
      discount: 0,
      couponError: 'This coupon code is not valid on this site now.',
    });
  });

  it('prices a guest’s cart with the public coupons; a traveller’s own coupon counts for them alone', async () => {
    const { token, userId } = await traveller(kit, 'own');
    const line = { packageId: uaePkg.id, travelDate: freshDate(), adults: 2, rooms: 1 };
    await kit.database.db.execute(sql`
      insert into coupons (slug, code, title, description, terms, category_id, page_name, site, discount_type, flat_aed, flat_inr, valid_from, valid_to, user_id)
      values (${`own-${userId}`}, ${`OWN${userId}`}, 'Just for you', 'A thank-you coupon.', '["Yours only."]'::jsonb, 2, 'coupons', null, 'flat', 500000, 5000000, now() - interval '1 day', now() + interval '30 days', ${userId})`);
    const mine = (await post(kit, 'GetCartTotals', { Lines: [line] }, token)).body.data;
    expect(mine.coupon?.code).toBe(`OWN${userId}`);
    const guest = await post(kit, 'GetCartTotals', { Lines: [line] });
    expect(guest.status).toBe(200);
    expect(guest.body.data.coupon?.code).not.toBe(`OWN${userId}`);
    const stranger = (await traveller(kit, 'stranger')).token;
    expect((await post(kit, 'GetCartTotals', { Lines: [line] }, stranger)).body.data.coupon?.code).not.toBe(
      `OWN${userId}`,
    );
    // Asked by name, another's coupon is not theirs to use.
    expect(
      (await post(kit, 'GetCartTotals', { Lines: [line], CouponCode: `OWN${userId}` }, stranger)).body.data,
    ).toMatchObject({ coupon: null, couponError: expect.any(String) });
  });

  it('refuses a token that is not valid, lines it cannot price, and a package not on sale, in words', async () => {
    const line = { packageId: uaePkg.id, travelDate: freshDate(), adults: 2, rooms: 1 };
    const expired = await post(kit, 'GetCartTotals', { Lines: [line] }, 'not-a-real-token');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ status: 'error', message: 'Token expired. please log in again' });
    const empty = await post(kit, 'GetCartTotals', { Lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.status).toBe('error');
    expect(empty.body.message).toMatch(/Lines/);
    const gone = await post(kit, 'GetCartTotals', { Lines: [{ ...line, packageId: 999_999 }] });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toMatch(/no longer on sale/);
  });
});
