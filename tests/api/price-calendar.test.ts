import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * The package page's price calendar (Holiday/GetPriceCalendar): the departures staff scheduled,
 * stop-sold ones included, each with rooms left and the price from per adult for two adults, which
 * is what checkout charges a couple on that date with the best coupon it applies by itself.
 */

type Day = {
  travelDate: string;
  status: string;
  roomsLeft: number | null;
  fromPerAdult: number;
  coupon: string | null;
};
type Calendar = { packageId: number; currency: string; asOf: string; perAdult: number; days: Day[] };

let kit: BookingKit;
let catalogue: Staffer;
let luxury: { id: number };

const calendar = async (packageId: number, site: 'UAE' | 'IN' = 'UAE') => {
  const res = await call(kit.app, 'GET', 'Holiday/GetPriceCalendar', { packageId }, { headers: { country: site } });
  return res;
};
const dayOf = async (packageId: number, date: string, site: 'UAE' | 'IN' = 'UAE') => {
  const res = await calendar(packageId, site);
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as Calendar).days.find((d) => d.travelDate === date);
};
const schedule = async (date: string, body: object) => {
  const res = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/${date}`, body);
  expect(res.status, res.body.message).toBe(200);
};

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  luxury = await findPackage(kit, { rooms: 4 });
  catalogue = await staffer(kit, 'catalogue');
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

describe('the price calendar', () => {
  it('lists the scheduled departures a year ahead with rooms left, and strikes stop-sold ones (status closed) instead of hiding them', async () => {
    const [open, few, stopped, past] = [inDays(200), inDays(201), inDays(202), inDays(-3)];
    await schedule(open, { rooms: 4 });
    await schedule(few, { rooms: 2 });
    await schedule(stopped, { stopSale: true });
    const res = await calendar(luxury.id);
    expect(res.status, res.body.message).toBe(200);
    const data = res.body.data as Calendar;
    expect(data.currency).toBe('AED');
    expect(Date.now() - Date.parse(data.asOf)).toBeLessThan(60_000);
    const byDate = new Map(data.days.map((d) => [d.travelDate, d]));
    expect(byDate.get(open)).toMatchObject({ status: 'available', roomsLeft: 4 });
    expect(byDate.get(few)).toMatchObject({ status: 'limited', roomsLeft: 2 });
    expect(byDate.get(stopped)).toMatchObject({ status: 'closed' });
    expect(byDate.has(past)).toBe(false);
    // In date order, from tomorrow.
    const dates = data.days.map((d) => d.travelDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]! > inDays(0)).toBe(true);
  });

  it('prices each date as checkout prices a couple on it: the best coupon that applies by itself, the travel-date rules included', async () => {
    const near = inDays(10);
    const far = inDays(210);
    await schedule(near, { rooms: 4 });
    await schedule(far, { rooms: 4 });
    const who = await traveller(kit, 'calla');
    for (const date of [near, far]) {
      const day = (await dayOf(luxury.id, date))!;
      const tempId = await holdId(kit, who.token, 'UAE', [
        { packageId: luxury.id, travelDate: date, adults: 2, rooms: 1 },
      ]);
      // What the cart charges the couple before coupons: the server's price of the hold.
      const quote = await call(
        kit.app,
        'POST',
        'GetBookingQuote',
        { TempBookingId: tempId },
        { token: who.token, headers: { country: 'UAE' } },
      );
      expect(quote.status, quote.body.message).toBe(200);
      // The quote, the calendar and the coupon list all speak the smallest unit.
      const subtotal = (quote.body.data as { subtotal: number }).subtotal;
      expect(subtotal).toBe(2 * ((await calendar(luxury.id)).body.data as Calendar).perAdult);
      const cartTotal = subtotal;
      const coupons = await call(
        kit.app,
        'GET',
        'GetApplicableCoupons',
        { cartTotal, TempBookingId: tempId },
        { token: who.token, headers: { country: 'UAE' } },
      );
      expect(coupons.status, coupons.body.message).toBe(200);
      const best = (
        coupons.body.data as {
          coupons: { applicable: boolean; coupon: { code: string }; discount: { amount: number } }[];
        }
      ).coupons.find((c) => c.applicable);
      expect(day.fromPerAdult * 2, date).toBe(cartTotal - (best?.discount.amount ?? 0));
      expect(day.coupon, date).toBe(best?.coupon.code ?? null);
    }
  });

  it('shows a staff price change and a stop-sale at the next read', async () => {
    const date = inDays(220);
    await schedule(date, { rooms: 4 });
    const before = (await dayOf(luxury.id, date))!;
    const perAdultBefore = (await calendar(luxury.id)).body.data.perAdult as number;
    const res = await admin(kit, catalogue, 'PATCH', `packages/${luxury.id}`, {
      prices: { UAE: perAdultBefore + 30_000 },
    });
    expect(res.status, res.body.message).toBe(200);
    const after = (await dayOf(luxury.id, date))!;
    expect((await calendar(luxury.id)).body.data.perAdult).toBe(perAdultBefore + 30_000);
    expect(after.fromPerAdult).toBeGreaterThan(before.fromPerAdult);
    await schedule(date, { stopSale: true });
    expect(await dayOf(luxury.id, date)).toMatchObject({ status: 'closed' });
  });

  it('answers each site in its currency, and an unknown package or a bad id with a clear error', async () => {
    const india = await calendar(luxury.id, 'IN');
    expect(india.status, india.body.message).toBe(200);
    expect(india.body.data.currency).toBe('INR');
    const unknown = await calendar(987_654);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'error', message: 'There is no holiday with this id.' });
    const bad = await call(kit.app, 'GET', 'Holiday/GetPriceCalendar', { packageId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
    expect(bad.body.message).toMatch(/packageId/);
  });
});
