import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidBookings } from '../../server/services/bookings/expiry.ts';
import { mailText } from '../support/mail-catcher.ts';
import {
  book,
  call,
  count,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  post,
  sql,
  traveller,
  type BookingKit,
  payLaterStep,
} from '../support/booking-kit.ts';

let kit: BookingKit;
let asha: { token: string; userId: number; email: string };
let omar: { token: string; userId: number; email: string };
/** A UAE-site package with rooms to spare, and its price per adult in AED. */
let pkg: { id: number; title: string };
let aed: number;

const twoAdults = { Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] };

beforeAll(async () => {
  // TCS at the setting's flat 5% (TCS_RATE_PERCENT overrides the dated rules; tests/api/taxes.test.ts reads the rules).
  kit = await createBookingKit({ TCS_RATE_PERCENT: 5 });
  asha = await traveller(kit, 'asha');
  omar = await traveller(kit, 'omar');
  pkg = await findPackage(kit, { rooms: 10 });
  const { rows } = await kit.database.db.execute<{ amount: number }>(
    sql`select amount from package_prices where package_id = ${pkg.id} and site = 'UAE'`,
  );
  // The column keeps fils; the demo's prices are whole dirhams, the unit the figures below are worked out in.
  aed = rows[0]!.amount / 100;
});
afterAll(() => kit.close());

describe('GetBookingQuote', () => {
  it('prices a hold from the catalogue in fils, with UAE VAT shown as included', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id, adults: 2, children: 1 }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, asha.token);
    expect(quote.status).toBe(200);
    const line = (aed * 2 + Math.round(aed * 0.6)) * 100;
    expect(quote.body.data).toMatchObject({
      currency: 'AED',
      subtotal: line,
      discount: 0,
      total: line,
      panRequired: false,
    });
    expect(quote.body.data.taxes).toEqual([
      {
        code: 'VAT',
        label: 'VAT 5% (included)',
        rate: 5,
        amount: Math.round((line * 5) / 105),
        included: true,
        base: line,
      },
    ]);
    expect(quote.body.data.paymentMethods).toEqual(['stripe', 'pay-later']);
  });

  it('is refused for someone else’s hold, and without a sign-in', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]);
    const foreign = await post(kit, 'GetBookingQuote', { TempBookingId: id }, omar.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();
    const guest = await post(kit, 'GetBookingQuote', { TempBookingId: id });
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('Token not found. Please log in again.');
  });
});

describe('CreateBooking', () => {
  it('books a held cart to pay later: status Success, an unguessable reference, the server’s total, the cart emptied, a mail', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id, adults: 2 }]);
    const since = kit.mail.mails.length;
    const res = await book(kit, asha.token, 'UAE', {
      TempBookingId: id,
      ...twoAdults,
      Total: 1,
      total: 1,
      Price: 1,
      Lines: [{ amount: 1 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Success');
    const b = res.body.data;
    expect(b.RefIdKey).toMatch(/^WL-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(b).toMatchObject({
      Status: 'confirmed',
      PaymentStatus: 'unpaid',
      PaymentMethod: 'pay-later',
      Currency: 'AED',
      Total: aed * 2 * 100,
      travellerCount: 2,
    });
    expect(b.Next.type).toBe('pay-later');
    expect(payLaterStep(b.Next).payTo.bank.codeLabel).toBe('IBAN');
    expect(payLaterStep(b.Next).dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const cart = await call(kit.app, 'POST', 'GetCart', {}, { token: asha.token });
    expect(cart.body.data).toEqual([]);
    const mail = await kit.mail.waitFor('asha.rao@example.com', { since, subject: /^Booking confirmed/ });
    expect(mail.subject).toBe(`Booking confirmed: ${b.RefIdKey}`);
    expect(mail.raw).toContain(`AED ${(aed * 2).toLocaleString('en-US')}`);
    expect(mail.raw).toContain('IBAN');
    // The site takes the balance online: the mail says where, naming the button in My trips (issue 34).
    expect(mailText(mail.raw).replace(/\s+/g, ' ')).toContain(
      `Or pay online: open your booking in My trips (below) and tap "Pay now" (Pay AED ${(aed * 2).toLocaleString('en-US')} now).`,
    );
  });

  it('answers a replayed Idempotency-Key with the first booking, also when both arrive at once', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]);
    const key = `book-${Date.now()}-same`;
    const [a, b] = await Promise.all([
      book(kit, asha.token, 'UAE', { TempBookingId: id, ...twoAdults }, key),
      book(kit, asha.token, 'UAE', { TempBookingId: id, ...twoAdults }, key),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // A request that met the first still in flight is told to retry; the retry is the replay.
    for (const r of [a, b]) if (r.status !== 200) expect(r.status).toBe(409);
    const again = await book(kit, asha.token, 'UAE', { TempBookingId: id, ...twoAdults }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.BookingId).toBe(ok[0]!.body.data.BookingId);
    expect(await count(kit, sql`select count(*) as n from bookings where temp_booking_id = ${id}`)).toBe(1);
  });

  it('refuses a hold that was already booked, that expired, or that is someone else’s, and changes nothing', async () => {
    const booked = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]);
    expect((await book(kit, asha.token, 'UAE', { TempBookingId: booked, ...twoAdults })).status).toBe(200);
    const twice = await book(kit, asha.token, 'UAE', { TempBookingId: booked, ...twoAdults });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This hold has already been booked. Open My trips to see your booking.');

    const expired = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]);
    await kit.database.db.execute(
      sql`update temp_bookings set hold_expires_at = now() - interval '1 minute' where id = ${expired}`,
    );
    const late = await book(kit, asha.token, 'UAE', { TempBookingId: expired, ...twoAdults });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Your hold on these holidays has ended/);

    const hers = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]);
    const before = await count(kit, sql`select count(*) as n from bookings`);
    const stolen = await book(kit, omar.token, 'UAE', { TempBookingId: hers, ...twoAdults });
    expect(stolen.status).toBe(404);
    expect(stolen.body.data).toBeNull();
    expect(await count(kit, sql`select count(*) as n from bookings`)).toBe(before);
    const still = await call(kit.app, 'POST', 'GetTempBooking', { TempBookingId: hers }, { token: asha.token });
    expect(still.body.data[0]!.status).toBe('held');
  });

  it('needs a sign-in, the whole party’s names and an adult lead traveller', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id, adults: 2, children: 1 }]);
    const guest = await kit.app.inject({
      method: 'POST',
      url: '/api/Common/CreateBooking',
      payload: { TempBookingId: id, PaymentMethod: 'pay-later', LeadTraveller: lead(), ...twoAdults },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Token not found. Please log in again.');
    const missing = await book(kit, asha.token, 'UAE', { TempBookingId: id, ...twoAdults });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'Give the name of every traveller in your party: 2 adults, 1 child, the lead traveller being one of the adults.',
    );
    const young = await book(kit, asha.token, 'UAE', {
      TempBookingId: id,
      LeadTraveller: lead({ DOB: inDays(-365 * 10) }),
      Travellers: [
        { FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' },
        { FirstName: 'Mira', LastName: 'Rao', AgeBand: 'child' },
      ],
    });
    expect(young.status).toBe(400);
    expect(young.body.message).toBe('The lead traveller must be 18 or older.');
    const badPhone = await book(kit, asha.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Phone: '12' }) });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('LeadTraveller.Phone: Please enter a valid phone number.');
    expect(await count(kit, sql`select count(*) as n from bookings where temp_booking_id = ${id}`)).toBe(0);
  });

  it('refuses a gateway the site does not offer', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]);
    const res = await book(kit, asha.token, 'UAE', { TempBookingId: id, ...twoAdults, PaymentMethod: 'razorpay' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Paying with Razorpay is not available on this site. Choose another way to pay.');
  });
});

describe('India: GST, TCS and the PAN', () => {
  it('adds GST, and TCS on an overseas holiday, and then needs a PAN that matches the lead traveller', async () => {
    const overseas = await findPackage(kit, { rooms: 10, inIndia: false });
    const { rows } = await kit.database.db.execute<{ amount: number }>(
      sql`select amount from package_prices where package_id = ${overseas.id} and site = 'IN'`,
    );
    const inr = rows[0]!.amount / 100;
    const id = await holdId(kit, asha.token, 'IN', [{ packageId: overseas.id, adults: 2 }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, asha.token, 'IN');
    const net = inr * 2 * 100;
    const gst = Math.round(net * 0.05);
    const tcs = Math.round((net + gst) * 0.05);
    expect(quote.body.data).toMatchObject({
      currency: 'INR',
      subtotal: net,
      total: net + gst + tcs,
      panRequired: true,
    });
    expect(quote.body.data.taxes.map((t: { code: string; amount: number }) => [t.code, t.amount])).toEqual([
      ['GST', gst],
      ['TCS', tcs],
    ]);

    const noPan = await book(kit, asha.token, 'IN', {
      TempBookingId: id,
      ...twoAdults,
      LeadTraveller: lead({ Phone: '+919812345678' }),
    });
    expect(noPan.status).toBe(400);
    expect(noPan.body.message).toMatch(/^Enter the lead traveller’s PAN/);
    const wrongName = await book(kit, asha.token, 'IN', {
      TempBookingId: id,
      ...twoAdults,
      LeadTraveller: lead({ Phone: '+919812345678' }),
      Pan: 'ABCPK1234F',
    });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.message).toMatch(/^Failed to verify PAN: This PAN does not match the name Asha Rao/);
    const good = await book(kit, asha.token, 'IN', {
      TempBookingId: id,
      ...twoAdults,
      LeadTraveller: lead({ Phone: '+919812345678' }),
      Pan: 'abcpr1234f',
    });
    expect(good.status).toBe(200);
    expect(good.body.data.Total).toBe(net + gst + tcs);
    const detail = await call(
      kit.app,
      'GET',
      'BookingDetailById',
      { RefIdKey: good.body.data.RefIdKey },
      { token: asha.token },
    );
    expect(detail.body.data.pan).toBe('XXXXX1234F');
  });

  it('works out TCS on what the overseas holiday costs when a coupon came off another line only', async () => {
    // A honeymoon coupon (₹7,000 off honeymoon lines) on a honeymoon in India and an overseas holiday of another kind.
    const { rows } = await kit.database.db.execute<{ id: number; amount: number; overseas: boolean }>(sql`
      select distinct on (c.country_id <> 101) p.id, pp.amount, c.country_id <> 101 as overseas
      from packages p join cities c on c.id = p.city_id join trip_types t on t.id = p.trip_type_id
      join package_prices pp on pp.package_id = p.id and pp.site = 'IN'
      where p.rooms_per_departure >= 4 and ((c.country_id = 101 and t.slug = 'honeymoon') or (c.country_id <> 101 and t.slug <> 'honeymoon'))
      order by c.country_id <> 101, p.id`);
    // In rupees (the column keeps paise; the demo's prices are whole rupees).
    const [home, abroad] = [rows.find((r) => !r.overseas)!, rows.find((r) => r.overseas)!].map((r) => ({
      ...r,
      amount: r.amount / 100,
    })) as [(typeof rows)[number], (typeof rows)[number]];
    const couple = await traveller(kit, 'meera');
    const id = await holdId(kit, couple.token, 'IN', [
      { packageId: home.id, adults: 2 },
      { packageId: abroad.id, adults: 2 },
    ]);
    const quote = await post(
      kit,
      'GetBookingQuote',
      { TempBookingId: id, CouponCode: 'JUSTMARRIED' },
      couple.token,
      'IN',
    );
    expect(quote.body.data.coupon).toMatchObject({ code: 'JUSTMARRIED' });
    const subtotal = (home.amount + abroad.amount) * 2 * 100;
    const discount = 7000 * 100;
    const net = subtotal - discount;
    const gst = Math.round(net * 0.05);
    // None of the coupon came off the overseas line: its TCS is on its whole price with its GST.
    const overseas = abroad.amount * 2 * 100;
    const tcs = Math.round((overseas + Math.round(overseas * 0.05)) * 0.05);
    expect(quote.body.data.taxes.map((t: { code: string; amount: number }) => [t.code, t.amount])).toEqual([
      ['GST', gst],
      ['TCS', tcs],
    ]);
    expect(quote.body.data).toMatchObject({ subtotal, discount, total: net + gst + tcs });
  });

  it('adds GST only on a holiday in India, with no PAN needed', async () => {
    const home = await findPackage(kit, { rooms: 10, inIndia: true });
    const id = await holdId(kit, omar.token, 'IN', [{ packageId: home.id }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, omar.token, 'IN');
    expect(quote.body.data.panRequired).toBe(false);
    expect(quote.body.data.taxes.map((t: { code: string }) => t.code)).toEqual(['GST']);
    expect(quote.body.data.paymentMethods).toEqual(['razorpay', 'pay-later']);
  });

  it('VerifyPan checks the form, that it is a person’s, and the surname initial', async () => {
    const ok = await post(kit, 'VerifyPan', { Pan: 'ABCPR1234F', Name: 'Asha Rao' }, asha.token, 'IN');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ pan: 'XXXXX1234F', holderType: 'Individual', nameMatches: true });
    const company = await post(kit, 'VerifyPan', { Pan: 'ABCCR1234F', Name: 'Asha Rao' }, asha.token, 'IN');
    expect(company.status).toBe(400);
    expect(company.body.message).toMatch(/^Failed to verify PAN: This PAN belongs to a company/);
    const form = await post(kit, 'VerifyPan', { Pan: '12345', Name: 'Asha Rao' }, asha.token, 'IN');
    expect(form.status).toBe(400);
    expect(form.body.message).toMatch(/^Pan: A PAN has 10 characters/);
  });
});

describe('a booking too large to pay online', () => {
  it('is refused with the limit and the amount, at the quote and at booking, never a 500', async () => {
    // The dearest packages on the UAE site with rooms for a big party, until the total passes AED 999,999.99.
    const { rows } = await kit.database.db.execute<{ id: number; amount: number }>(sql`
      select p.id, pp.amount from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE'
      where (p.rooms_per_departure is null or p.rooms_per_departure >= 5) and p.max_adults_per_room * 5 >= 9 and p.max_people_per_room * 5 >= 15 order by pp.amount desc limit 20`);
    const lines: { packageId: number; adults: number; children: number; rooms: number }[] = [];
    let total = 0;
    for (const r of rows) {
      if (total > 1_000_000) break;
      lines.push({ packageId: r.id, adults: 9, children: 6, rooms: 5 });
      // In dirhams (the column keeps fils).
      const price = r.amount / 100;
      total += price * 9 + Math.round(price * 0.6) * 6;
    }
    expect(total).toBeGreaterThan(1_000_000);
    const big = await traveller(kit, 'tycoon');
    const id = await holdId(kit, big.token, 'UAE', lines);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, big.token);
    expect(quote.status).toBe(409);
    expect(quote.body.message).toMatch(
      /^A booking can cost at most AED 999,999\.99 online, and this one comes to AED [\d,]+\. Book fewer holidays at a time, or call us/,
    );
    const party = [
      ...Array.from({ length: 8 }, (_, i) => ({
        FirstName: `Adult${'abcdefgh'[i]}`,
        LastName: 'Rao',
        AgeBand: 'adult',
      })),
      ...Array.from({ length: 6 }, (_, i) => ({
        FirstName: `Child${'abcdef'[i]}`,
        LastName: 'Rao',
        AgeBand: 'child',
        DOB: '2019-06-01',
      })),
    ];
    const booked = await book(kit, big.token, 'UAE', { TempBookingId: id, Travellers: party });
    expect(booked.status).toBe(409);
    expect(booked.body.message).toBe(quote.body.message);
    expect(await count(kit, sql`select count(*)::int as n from bookings where user_id = ${big.userId}`)).toBe(0);
  });
});

describe('coupons at booking', () => {
  it('applies a coupon through its rules, and a first-booking coupon only once', async () => {
    const fresh = await traveller(kit, 'nadia');
    const id = await holdId(kit, fresh.token, 'UAE', [{ packageId: pkg.id, adults: 2 }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id, CouponCode: 'welcome10' }, fresh.token);
    const subtotal = aed * 2;
    const discount = Math.min(Math.floor(subtotal * 0.1), 300);
    expect(quote.body.data.coupon).toMatchObject({ code: 'WELCOME10' });
    expect(quote.body.data.discount).toBe(discount * 100);
    const first = await book(kit, fresh.token, 'UAE', { TempBookingId: id, ...twoAdults, CouponCode: 'WELCOME10' });
    expect(first.status).toBe(200);
    expect(first.body.data.Total).toBe((subtotal - discount) * 100);

    const again = await holdId(kit, fresh.token, 'UAE', [{ packageId: pkg.id, adults: 2 }]);
    const second = await book(kit, fresh.token, 'UAE', { TempBookingId: again, ...twoAdults, CouponCode: 'WELCOME10' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'Coupon WELCOME10: This coupon is for your first booking only. Remove it or choose another.',
    );
    const offered = await call(
      kit.app,
      'GET',
      'GetApplicableCoupons',
      { cartTotal: subtotal * 100, userId: fresh.userId },
      { token: fresh.token },
    );
    const welcome = offered.body.data.coupons.find((c: { coupon: { code: string } }) => c.coupon.code === 'WELCOME10');
    expect(welcome).toMatchObject({ applicable: false, reason: 'This coupon is for your first booking only.' });
  });

  it('uses a once-per-account coupon once; a booking cancelled for want of payment gives it back', async () => {
    const fresh = await traveller(kit, 'zara');
    const party = { adults: 3, rooms: 1 };
    const first = await holdId(kit, fresh.token, 'UAE', [{ packageId: pkg.id, ...party }]);
    const three = { Travellers: [...twoAdults.Travellers, { FirstName: 'Ali', LastName: 'Rao', AgeBand: 'adult' }] };
    const unpaid = await book(kit, fresh.token, 'UAE', {
      TempBookingId: first,
      ...three,
      CouponCode: 'CARDUAE200',
      PaymentMethod: 'stripe',
      PayWith: 'card',
    });
    expect(unpaid.status).toBe(200);
    expect(unpaid.body.data.Total).toBe((aed * 3 - 200) * 100);
    const second = await holdId(kit, fresh.token, 'UAE', [{ packageId: pkg.id, ...party }]);
    const again = await book(kit, fresh.token, 'UAE', { TempBookingId: second, ...three, CouponCode: 'CARDUAE200' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Coupon CARDUAE200: You have already used this coupon. Remove it or choose another.',
    );

    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '3 hours' where id = ${unpaid.body.data.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update payments set created_at = now() - interval '3 hours' where booking_id = ${unpaid.body.data.BookingId}`,
    );
    expect(await cancelUnpaidBookings(kit.database.db, 60)).toBeGreaterThanOrEqual(1);
    const third = await holdId(kit, fresh.token, 'UAE', [{ packageId: pkg.id, ...party }]);
    expect(
      (
        await book(kit, fresh.token, 'UAE', {
          TempBookingId: third,
          ...three,
          CouponCode: 'CARDUAE200',
          PaymentMethod: 'stripe',
          PayWith: 'card',
        })
      ).status,
    ).toBe(200);
  });

  it('reads each coupon’s own rules against the hold: honeymoon packages only, trips starting soon', async () => {
    const family = await holdId(kit, omar.token, 'UAE', [{ packageId: pkg.id, adults: 2 }]);
    const offered = await call(
      kit.app,
      'GET',
      'GetApplicableCoupons',
      { cartTotal: 1, userId: omar.userId, TempBookingId: family },
      { token: omar.token },
    );
    expect(offered.status).toBe(200);
    const byCode = (code: string) =>
      offered.body.data.coupons.find((c: { coupon: { code: string } }) => c.coupon.code === code);
    expect(byCode('HONEYMOON15')).toMatchObject({
      applicable: false,
      reason: 'This coupon is for honeymoon packages only.',
    });
    expect(byCode('LASTMIN8')).toMatchObject({
      applicable: false,
      reason: 'This coupon is for trips starting within 21 days.',
    });
    expect(offered.body.data.cartTotal.amount).toBe(aed * 2 * 100);
    const refused = await post(
      kit,
      'GetBookingQuote',
      { TempBookingId: family, CouponCode: 'HONEYMOON15' },
      omar.token,
    );
    expect(refused.body.data).toMatchObject({
      discount: 0,
      couponError: 'This coupon is for honeymoon packages only.',
    });

    const honeymoon = await findPackage(kit, { rooms: 6 });
    const { rows } = await kit.database.db.execute<{ amount: number }>(
      sql`select amount from package_prices where package_id = ${honeymoon.id} and site = 'UAE'`,
    );
    const both = await holdId(kit, omar.token, 'UAE', [
      { packageId: honeymoon.id, adults: 2 },
      { packageId: pkg.id, adults: 2 },
    ]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: both, CouponCode: 'HONEYMOON15' }, omar.token);
    // 15% of the honeymoon line alone, capped at AED 750.
    expect(quote.body.data.discount).toBe(Math.min(Math.floor((rows[0]!.amount / 100) * 2 * 0.15), 750) * 100);
    const other = await call(
      kit.app,
      'GET',
      'GetApplicableCoupons',
      { cartTotal: 1, TempBookingId: both },
      { token: asha.token },
    );
    expect(other.status).toBe(404);
  });

  it('says why a code does not apply in the quote, and refuses an unknown one at booking', async () => {
    const id = await holdId(kit, omar.token, 'UAE', [{ packageId: pkg.id }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id, CouponCode: 'NOSUCHCODE' }, omar.token);
    expect(quote.body.data).toMatchObject({
      coupon: null,
      discount: 0,
      couponError: 'This coupon code is not valid on this site now.',
    });
    const res = await book(kit, omar.token, 'UAE', { TempBookingId: id, ...twoAdults, CouponCode: 'NOSUCHCODE' });
    expect(res.status).toBe(409);
  });
});

describe('BookingsList and BookingDetailById', () => {
  it('lists only the traveller’s own bookings, newest first, and opens each', async () => {
    const list = await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: asha.token });
    expect(list.status).toBe(200);
    const created = list.body.data.map((b: { createdAt: string }) => b.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(list.body.data.length).toBeGreaterThan(2);
    const ref = list.body.data[0]!.RefIdKey;
    const detail = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token: asha.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.lines.length).toBeGreaterThan(0);
    expect(detail.body.data.travellers[0]).toMatchObject({ lead: true, firstName: 'Asha' });
    expect(detail.body.data.events[0]!.cause).toMatch(/^booked/);
    expect(detail.body.data.links.invoice).toContain(`BookingId=${detail.body.data.BookingId}`);
  });

  it('refuses another traveller’s userid and RefIdKey, and a missing sign-in', async () => {
    const theirs = await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: omar.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.data).toBeNull();
    const ref = (await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: asha.token })).body
      .data[0]!.RefIdKey;
    const peek = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token: omar.token });
    expect(peek.status).toBe(404);
    expect(peek.body.data).toBeNull();
    const anon = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref });
    expect(anon.status).toBe(401);
  });
});

describe('CreateBooking_UploadImages', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const PDF = Buffer.from('%PDF-1.7\n%visa copy\n');
  const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
  function form(parts: { field: string; name?: string; content?: Buffer; value?: string }[]) {
    const boundary = '----wanderlust-booking-boundary';
    const chunks = parts.flatMap((p) =>
      p.content
        ? [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
            ),
            p.content,
            Buffer.from('\r\n'),
          ]
        : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`)],
    );
    return {
      payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const upload = (token: string | null, parts: Parameters<typeof form>[0]) => {
    const f = form(parts);
    return kit.app.inject({
      method: 'POST',
      url: `/api/Common/CreateBooking_UploadImages${token ? `?token=${encodeURIComponent(token)}` : ''}`,
      payload: f.payload,
      headers: f.headers,
    });
  };

  it('keeps passport and visa copies (checked by their bytes) on the traveller’s booking, for them alone', async () => {
    const list = await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: asha.token });
    const bookingId = list.body.data[0]!.BookingId;
    const res = await upload(asha.token, [
      { field: 'BookingId', value: String(bookingId) },
      { field: 'images', name: 'passport.png', content: PNG },
      { field: 'images', name: 'IMG_0001.HEIC', content: HEIC },
      { field: 'documents', name: 'visa.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.documents.map((d: { name: string; kind: string }) => [d.name, d.kind])).toEqual([
      ['passport.png', 'image'],
      ['IMG_0001.HEIC', 'image'],
      ['visa.pdf', 'document'],
    ]);
    const detail = await call(
      kit.app,
      'GET',
      'BookingDetailById',
      { RefIdKey: list.body.data[0]!.RefIdKey },
      { token: asha.token },
    );
    const pdf = detail.body.data.documents.find((d: { name: string }) => d.name === 'visa.pdf');
    const own = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetBookingDocument?BookingId=${bookingId}&FileId=${pdf!.id}`,
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^attachment/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    const other = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetBookingDocument?BookingId=${bookingId}&FileId=${pdf!.id}`,
      headers: { authorization: `Bearer ${omar.token}` },
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('%PDF');
  });

  it('refuses another traveller’s booking, a missing token, and a file that is not a photo or PDF, keeping nothing', async () => {
    const bookingId = (await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: asha.token })).body
      .data[0]!.BookingId;
    const before = await count(kit, sql`select count(*) as n from files`);
    const foreign = await upload(omar.token, [
      { field: 'BookingId', value: String(bookingId) },
      { field: 'images', name: 'passport.png', content: PNG },
    ]);
    expect(foreign.statusCode).toBe(404);
    const anonymous = await upload(null, [
      { field: 'BookingId', value: String(bookingId) },
      { field: 'images', name: 'passport.png', content: PNG },
    ]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Token not found. Please log in again.');
    const exe = await upload(asha.token, [
      { field: 'BookingId', value: String(bookingId) },
      { field: 'images', name: 'passport.png', content: PNG },
      { field: 'documents', name: 'visa.pdf', content: Buffer.from('MZ\x90\x00 this is a program') },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('visa.pdf is not a photo (JPEG, PNG, WebP, HEIC) or a PDF.');
    expect(await count(kit, sql`select count(*) as n from files`)).toBe(before);
  });

  it('keeps at most 10 documents on a booking', async () => {
    const bookingId = (await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: asha.token })).body
      .data[1]!.BookingId;
    const nine = Array.from({ length: 9 }, (_, i) => ({ field: 'images', name: `p${i}.png`, content: PNG }));
    expect((await upload(asha.token, [{ field: 'BookingId', value: String(bookingId) }, ...nine])).statusCode).toBe(
      200,
    );
    const more = await upload(asha.token, [
      { field: 'BookingId', value: String(bookingId) },
      { field: 'images', name: 'a.png', content: PNG },
      { field: 'images', name: 'b.png', content: PNG },
    ]);
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('A booking keeps at most 10 documents. Send fewer files.');
    expect(await count(kit, sql`select count(*) as n from files where owner = ${`booking:${bookingId}`}`)).toBe(9);
  });

  it('keeps at most 10 even when uploads arrive at the same time', async () => {
    const bookingId = (await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: asha.token })).body
      .data[2]!.BookingId;
    const owner = `booking:${bookingId}`;
    const before = await count(kit, sql`select count(*) as n from files where owner = ${owner}`);
    const five = (tag: string) =>
      Array.from({ length: 5 }, (_, i) => ({ field: 'images', name: `${tag}${i}.png`, content: PNG }));
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((tag) =>
        upload(asha.token, [{ field: 'BookingId', value: String(bookingId) }, ...five(tag)]),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(accepted).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(refused.json().message).toBe('A booking keeps at most 10 documents. Send fewer files.');
    // Every accepted upload kept its five, every refused one none, and never more than ten in all.
    const after = await count(kit, sql`select count(*) as n from files where owner = ${owner}`);
    expect(after).toBe(before + accepted * 5);
    expect(after).toBeLessThanOrEqual(10);
  });
});
