import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  post,
  traveller,
  type BookingKit,
  paidByStripe,
} from '../support/booking-kit.ts';
import { staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * A deposit booking (docs/decisions/0108) is stored as pay later, but until its deposit is received
 * its one step is the site's gateway: its detail in My trips names the deposit to pay and no bank
 * details for a pay-later balance. Once the deposit is in, it is a pay-later booking with an
 * advance: bank details and "Pay now" for the balance. The real app on PGlite, the Stripe stand-in.
 */

let kit: BookingKit;
let pkgId: number;
let cat: Staffer;
let nadia: { token: string; userId: number; email: string };
let omar: { token: string; userId: number; email: string };

beforeAll(async () => {
  kit = await createBookingKit();
  pkgId = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  cat = await staffer(kit, 'catalogue');
  nadia = await traveller(kit, 'nadia');
  omar = await traveller(kit, 'omar');
  const set = await kit.app.inject({
    method: 'PATCH',
    url: `/api/admin/packages/${pkgId}`,
    payload: { depositPercent: 25 },
    headers: { cookie: cat.cookie, 'x-csrf-token': cat.csrf },
  });
  expect(set.statusCode, set.body).toBe(200);
}, 180_000);
afterAll(() => kit.close());

const detail = (ref: string, token?: string) =>
  call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, token ? { token } : {});

async function depositBooking(travelDate: string) {
  const id = await holdId(kit, nadia.token, 'UAE', [{ packageId: pkgId, travelDate }]);
  const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, nadia.token);
  expect(quote.status, quote.body.message).toBe(200);
  expect(quote.body.data.deposit, 'the package offers a deposit').not.toBeNull();
  const res = await book(kit, nadia.token, 'UAE', {
    TempBookingId: id,
    PaymentMethod: 'stripe',
    Deposit: true,
    LeadTraveller: lead({ Email: nadia.email }),
    Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
  });
  expect(res.status, res.body.message).toBe(200);
  return {
    booked: res.body.data,
    deposit: quote.body.data.deposit!.amount as number,
    total: quote.body.data.total as number,
  };
}

describe("a deposit booking's detail", () => {
  it('awaiting its deposit: the deposit is due by the gateway, with no pay-later bank details and no "Pay now" for a balance', async () => {
    const { booked, deposit, total } = await depositBooking(inDays(45));
    expect(booked).toMatchObject({ Status: 'awaiting-payment', PaymentStatus: 'unpaid' });
    expect(booked.Next.type).toBe('stripe');
    const d = await detail(booked.RefIdKey, nadia.token);
    expect(d.status, d.body.message).toBe(200);
    expect(d.body.data).toMatchObject({
      Status: 'awaiting-payment',
      PaymentStatus: 'unpaid',
      depositAmount: deposit,
      amountPaid: 0,
      amountDue: total,
    });
    expect(d.body.data.payTo).toBeNull();
    expect(d.body.data.payOnline).toBe(false);
    expect(JSON.stringify(d.body.data)).not.toContain('accountNumber');

    // Another traveller reads nothing of it, and no session is asked to sign in.
    const theirs = await detail(booked.RefIdKey, omar.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ status: 'error', data: null });
    const anon = await detail(booked.RefIdKey);
    expect(anon.status).toBe(401);
    expect(anon.body.status).toBe('error');
  }, 60_000);

  it('once the deposit is received, the balance is paid as pay later: bank details and "Pay now"', async () => {
    const { booked, deposit, total } = await depositBooking(inDays(50));
    await paidByStripe(kit, nadia.token, booked);
    const d = await detail(booked.RefIdKey, nadia.token);
    expect(d.status, d.body.message).toBe(200);
    expect(d.body.data).toMatchObject({
      Status: 'confirmed',
      PaymentStatus: 'partly-paid',
      amountPaid: deposit,
      amountDue: total - deposit,
      payOnline: true,
    });
    expect(d.body.data.payTo?.bank.accountNumber).toEqual(expect.any(String));
  }, 60_000);
});
