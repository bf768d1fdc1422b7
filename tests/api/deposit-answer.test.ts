import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  post,
  sql,
  traveller,
  type BookingKit,
  type Site,
  stripeStep,
} from '../support/booking-kit.ts';
import { staffer } from '../support/staff-kit.ts';

/*
 * CreateBooking answers the deposit it took (docs/decisions/0108) so the checkout shows it before
 * the gateway opens: the server's share of the total it priced, the same figure it stored and
 * asked the gateway for, never a client's; absent without a deposit.
 */

let kit: BookingKit;
let uae: number;
let india: number;
const party = { Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }] };

beforeAll(async () => {
  kit = await createBookingKit();
  uae = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  india = (await findPackage(kit, { rooms: 10, inIndia: true })).id;
  const cat = await staffer(kit, 'catalogue');
  for (const [id, depositPercent] of [
    [uae, 25],
    [india, 30],
  ] as const) {
    const res = await kit.app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${id}`,
      payload: { depositPercent },
      headers: { cookie: cat.cookie, 'x-csrf-token': cat.csrf },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => kit.close());

/** A travel date far enough ahead for pay later (and so a deposit), in the site's days. */
let offset = 60;
const farDate = (site: Site) => inDays(++offset, site);

const stored = async (id: number) =>
  (
    await kit.database.db.execute<{ deposit_amount: number | null; total: number }>(
      sql`select deposit_amount, total from bookings where id = ${id}`,
    )
  ).rows[0]!;

async function quoteAndBook(
  site: Site,
  packageId: number,
  who: { token: string; email: string },
  extra: Record<string, unknown> = {},
  key?: string,
) {
  const id = await holdId(kit, who.token, site, [{ packageId, travelDate: farDate(site) }]);
  const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, who.token, site);
  expect(quote.status, quote.body.message).toBe(200);
  const res = await book(
    kit,
    who.token,
    site,
    {
      TempBookingId: id,
      PaymentMethod: site === 'IN' ? 'razorpay' : 'stripe',
      Deposit: true,
      LeadTraveller:
        site === 'IN'
          ? lead({ FirstName: 'Priya', LastName: 'Shah', Email: who.email, Phone: '+919812345678' })
          : lead({ Email: who.email }),
      ...party,
      ...extra,
    },
    key,
  );
  return { quote: quote.body.data, res, holdId: id };
}

describe('CreateBooking’s deposit', () => {
  it('UAE: answers the server’s share (the quote’s, stored, and what Stripe is asked), never the figure a client sends; a replay answers the same', async () => {
    const who = await traveller(kit, 'hana');
    const key = `deposit-answer-${Date.now()}`;
    const { quote, res, holdId: id } = await quoteAndBook('UAE', uae, who, { DepositAmount: 1, Total: 1 }, key);
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data;
    const row = await stored(b.BookingId);
    expect(row.deposit_amount).toBe(Math.round((row.total * 25) / 100));
    expect(b.DepositAmount).toBe(row.deposit_amount);
    expect(b.DepositAmount).toBe(quote.deposit!.amount);
    expect(b.Total - b.DepositAmount!).toBe(quote.deposit!.balance);
    expect(kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!.amount_total).toBe(b.DepositAmount);

    const again = await book(
      kit,
      who.token,
      'UAE',
      {
        TempBookingId: id,
        PaymentMethod: 'stripe',
        Deposit: true,
        LeadTraveller: lead({ Email: who.email }),
        ...party,
        DepositAmount: 1,
      },
      key,
    );
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ BookingId: b.BookingId, DepositAmount: b.DepositAmount });
  });

  it('India: answers the share Razorpay’s order is made for', async () => {
    const who = await traveller(kit, 'meera');
    const { quote, res } = await quoteAndBook('IN', india, who);
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data;
    expect(b.DepositAmount).toBe(quote.deposit!.amount);
    expect(b.DepositAmount).toBe((await stored(b.BookingId)).deposit_amount);
    expect(b.Next).toMatchObject({ type: 'razorpay', amount: b.DepositAmount });
  });

  it('is absent from a booking paid in full or later, and a refused or unsigned call answers none', async () => {
    const who = await traveller(kit, 'yusuf');
    const full = await quoteAndBook('UAE', uae, who, { Deposit: undefined });
    expect(full.res.status, full.res.body.message).toBe(200);
    expect(full.res.body.data).not.toHaveProperty('DepositAmount');
    const later = await quoteAndBook('UAE', uae, who, { Deposit: undefined, PaymentMethod: 'pay-later' });
    expect(later.res.status, later.res.body.message).toBe(200);
    expect(later.res.body.data).not.toHaveProperty('DepositAmount');

    // A deposit by bank transfer is refused in words, and nothing is booked.
    const refused = await quoteAndBook('UAE', uae, who, { PaymentMethod: 'pay-later', DepositAmount: 1 });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body).toMatchObject({
      status: 'error',
      message: 'A deposit is paid now by card or UPI: choose the online payment to pay a deposit.',
    });
    expect(refused.res.body.data?.DepositAmount).toBeUndefined();

    // No session: asked to sign in, and the hold is still there, unbooked.
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: uae, travelDate: farDate('UAE') }]);
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/Common/CreateBooking',
      headers: { country: 'UAE' },
      payload: { TempBookingId: id, PaymentMethod: 'stripe', Deposit: true, LeadTraveller: lead(), ...party },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error' });
    expect(
      (
        await kit.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from bookings where temp_booking_id = ${id}`,
        )
      ).rows[0]!.n,
    ).toBe(0);

    // Another traveller cannot book this hold (it reads as no hold at all).
    const other = await traveller(kit, 'zaid');
    const theirs = await book(kit, other.token, 'UAE', {
      TempBookingId: id,
      PaymentMethod: 'stripe',
      Deposit: true,
      LeadTraveller: lead({ Email: other.email }),
      ...party,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.data?.DepositAmount).toBeUndefined();
  });
});
