import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidBookings } from '../../server/services/bookings/expiry.ts';
import { settleRazorpayOrders } from '../../server/services/payments/settle.ts';
import {
  book,
  call,
  count,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  post,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
  razorpayStep,
  stripeStep,
  paidByStripe,
} from '../support/booking-kit.ts';

let kit: BookingKit;
let priya: { token: string; userId: number; email: string };
let karan: { token: string; userId: number; email: string };
let india: number;
let uae: number;

const party = { Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }] };
const indianLead = (email: string) =>
  lead({ FirstName: 'Priya', LastName: 'Shah', Email: email, Phone: '+919812345678' });

/** An India-site booking paid with Razorpay: the answer with its order. */
const razorpayBooking = (who: { token: string; email: string }) => siteBooking(kit, who, 'IN', india, 'razorpay');
const stripeBooking = (who: { token: string; email: string }) => siteBooking(kit, who, 'UAE', uae, 'stripe');

const detail = async (token: string, ref: string) =>
  (await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token })).body.data;

async function webhook(payload: string, signature: string) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  kit = await createBookingKit();
  priya = await traveller(kit, 'priya');
  karan = await traveller(kit, 'karan');
  india = (await findPackage(kit, { inIndia: true, rooms: 10 })).id;
  uae = (await findPackage(kit, { rooms: 10 })).id;
});
afterAll(() => kit.close());

describe('Razorpay (India)', () => {
  it('opens an order for the booking’s exact amount, and a verified signature marks it paid, once', async () => {
    const b = await razorpayBooking(priya);
    expect(b).toMatchObject({ Status: 'awaiting-payment', PaymentStatus: 'unpaid', Currency: 'INR' });
    expect(b.Next).toMatchObject({ type: 'razorpay', amount: b.Total, currency: 'INR', keyId: 'rzp_test_standin0001' });
    expect(kit.gateways.orders.get(razorpayStep(b.Next).orderId)).toMatchObject({
      amount: b.Total,
      receipt: b.RefIdKey,
    });
    // Razorpay's checkout closes a minute before the payment window (60 minutes) would cancel the booking.
    expect(razorpayStep(b.Next).timeout).toBeGreaterThan(58 * 60);
    expect(razorpayStep(b.Next).timeout).toBeLessThanOrEqual(59 * 60);

    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const since = kit.mail.mails.length;
    const paid = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      priya.token,
      'IN',
    );
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
    const mail = await kit.mail.waitFor(priya.email, { since });
    expect(mail.subject).toBe(`Payment received: booking ${b.RefIdKey}`);
    const d = await detail(priya.token, b.RefIdKey);
    expect(d).toMatchObject({ amountPaid: b.Total, amountDue: 0 });
    expect(d.events.map((e: { paymentStatus: string }) => e.paymentStatus)).toEqual(['unpaid', 'paid']);

    const replay = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      priya.token,
      'IN',
    );
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('This payment has already been verified.');
    expect((await detail(priya.token, b.RefIdKey)).events).toHaveLength(2);
  });

  it('a replayed CreateBooking gives the same order, not a second one', async () => {
    const id = await holdId(kit, karan.token, 'IN', [{ packageId: india }]);
    const body = { TempBookingId: id, PaymentMethod: 'razorpay', LeadTraveller: indianLead(karan.email), ...party };
    const first = await book(kit, karan.token, 'IN', body, 'razorpay-booking-key-1');
    const again = await book(kit, karan.token, 'IN', body, 'razorpay-booking-key-1');
    expect(again.body.data.BookingId).toBe(first.body.data.BookingId);
    expect(razorpayStep(again.body.data.Next).orderId).toBe(razorpayStep(first.body.data.Next).orderId);
    expect(
      await count(kit, sql`select count(*) as n from payments where booking_id = ${first.body.data.BookingId}`),
    ).toBe(1);
  });

  it('refuses a wrong signature, another booking’s order and someone else’s booking, and changes nothing', async () => {
    const mine = await razorpayBooking(priya);
    const theirs = await razorpayBooking(karan);
    const proof = kit.gateways.payOrder(razorpayStep(mine.Next).orderId);

    const forged = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      {
        BookingId: mine.BookingId,
        ...proof,
        razorpay_signature: proof.razorpay_signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      },
      priya.token,
      'IN',
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(
      'We could not verify this payment: its signature is not Razorpay’s. Nothing has changed on your booking.',
    );

    // Karan's booking, paid with Priya's order: the order is not his booking's.
    const crossed = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: theirs.BookingId, ...proof },
      karan.token,
      'IN',
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('This payment is not for this booking. Nothing has changed.');

    // Priya's booking, verified with Karan's sign-in: not his to touch.
    const foreign = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: mine.BookingId, ...proof },
      karan.token,
      'IN',
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();

    expect((await detail(priya.token, mine.RefIdKey)).PaymentStatus).toBe('unpaid');
    expect((await detail(karan.token, theirs.RefIdKey)).PaymentStatus).toBe('unpaid');
  });

  it('refuses an order whose amount or currency is not the booking’s', async () => {
    const b = await razorpayBooking(priya);
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    kit.gateways.orders.get(razorpayStep(b.Next).orderId)!.amount = b.Total - 100;
    const res = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, priya.token, 'IN');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^The amount or currency of this payment does not match your booking/);
    expect((await detail(priya.token, b.RefIdKey)).PaymentStatus).toBe('unpaid');
  });
});

describe('Stripe (UAE)', () => {
  it('opens a Checkout Session in AED for the total; the return marks it paid once Stripe says so; the webhook is then a no-op', async () => {
    const b = await stripeBooking(karan);
    expect(b).toMatchObject({ Status: 'awaiting-payment', Currency: 'AED' });
    expect(b.Next.type).toBe('stripe');
    const session = kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!;
    expect(session).toMatchObject({ amount_total: b.Total, currency: 'aed', client_reference_id: String(b.BookingId) });
    expect(stripeStep(b.Next).url).toBe(session.url);
    expect(session.success_url).toBe(
      `http://localhost:8080/checkout/paid?ref=${b.RefIdKey}&session_id={CHECKOUT_SESSION_ID}`,
    );

    const early = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      karan.token,
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Stripe has not confirmed this payment yet. If you paid, your booking will show as paid shortly.',
    );

    const paid = await paidByStripe(kit, karan.token, b);
    expect(paid.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });

    const event = kit.gateways.stripeEvent(session);
    const late = await webhook(event.payload, event.signature);
    expect(late.status).toBe(200);
    expect((await detail(karan.token, b.RefIdKey)).events).toHaveLength(2);
  });

  it('the webhook can come first; the traveller’s return then changes nothing', async () => {
    const b = await stripeBooking(karan);
    const session = kit.gateways.paySession(stripeStep(b.Next).sessionId);
    const event = kit.gateways.stripeEvent(session);
    const hook = await webhook(event.payload, event.signature);
    expect(hook.status).toBe(200);
    expect((await detail(karan.token, b.RefIdKey)).PaymentStatus).toBe('paid');
    const back = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      karan.token,
    );
    expect(back.status).toBe(200);
    expect((await detail(karan.token, b.RefIdKey)).events.map((e: { cause: string }) => e.cause)).toEqual([
      'booked: waiting for the Stripe payment',
      'paid with Stripe (webhook)',
    ]);
  });

  it('refuses a webhook whose signature is not Stripe’s, and a session whose amount is not the booking’s', async () => {
    const b = await stripeBooking(priya);
    const session = kit.gateways.paySession(stripeStep(b.Next).sessionId);
    const event = kit.gateways.stripeEvent(session);
    const forged = await webhook(event.payload.replace('"livemode":false', '"livemode":true'), event.signature);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('The Stripe-Signature of this event is not valid.');
    expect((await detail(priya.token, b.RefIdKey)).PaymentStatus).toBe('unpaid');

    session.amount_total = b.Total - 500;
    const res = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      priya.token,
    );
    expect(res.status).toBe(409);
    const signed = kit.gateways.stripeEvent(session);
    expect((await webhook(signed.payload, signed.signature)).status).toBe(200);
    expect((await detail(priya.token, b.RefIdKey)).PaymentStatus).toBe('unpaid');
  });

  it('refuses someone else’s session and booking', async () => {
    const mine = await stripeBooking(priya);
    const theirs = await stripeBooking(karan);
    kit.gateways.paySession(stripeStep(mine.Next).sessionId);
    const crossed = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: theirs.BookingId, sessionId: stripeStep(mine.Next).sessionId },
      karan.token,
    );
    expect(crossed.status).toBe(400);
    const foreign = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: mine.BookingId, sessionId: stripeStep(mine.Next).sessionId },
      karan.token,
    );
    expect(foreign.status).toBe(404);
    expect((await detail(karan.token, theirs.RefIdKey)).PaymentStatus).toBe('unpaid');
  });
});

describe('a payment that never comes', () => {
  it('cancels the booking once its payment window has passed and gives its rooms back (a late proof: late-payments.test.ts)', async () => {
    const stale = await razorpayBooking(priya);
    const fresh = await razorpayBooking(karan);
    const sold = async (bookingId: number) =>
      count(
        kit,
        sql`select d.rooms_sold as n from departures d join booking_lines l on l.package_id = d.package_id and l.travel_date = d.travel_date where l.booking_id = ${bookingId}`,
      );
    expect(await sold(stale.BookingId)).toBe(1);
    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '2 hours' where id = ${stale.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update payments set created_at = now() - interval '2 hours' where booking_id = ${stale.BookingId}`,
    );
    // Made long ago, but its payment was started again a minute ago: it keeps its window.
    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '2 hours' where id = ${fresh.BookingId}`,
    );

    expect(await cancelUnpaidBookings(kit.database.db, 60)).toBe(1);
    const d = await detail(priya.token, stale.RefIdKey);
    expect(d).toMatchObject({ Status: 'cancelled', PaymentStatus: 'unpaid', amountDue: 0 });
    expect(d.events.at(-1)!.cause).toBe('payment not completed within 60 minutes: rooms released');
    expect(await sold(stale.BookingId)).toBe(0);
    expect((await detail(karan.token, fresh.RefIdKey)).Status).toBe('awaiting-payment');

    expect(await cancelUnpaidBookings(kit.database.db, 60)).toBe(0);
  });
});

describe('a payment made at Razorpay that our page never reported', () => {
  it('confirms the booking when its window closes instead of cancelling it; an unpaid one is still cancelled', async () => {
    const paidButLost = await razorpayBooking(priya);
    const neverPaid = await razorpayBooking(karan);
    // Priya paid in Razorpay's window, then the tab closed before the verify call.
    kit.gateways.payOrder(razorpayStep(paidButLost.Next).orderId);
    for (const b of [paidButLost, neverPaid]) {
      await kit.database.db.execute(
        sql`update bookings set created_at = now() - interval '2 hours' where id = ${b.BookingId}`,
      );
      await kit.database.db.execute(
        sql`update payments set created_at = now() - interval '2 hours' where booking_id = ${b.BookingId}`,
      );
    }
    const settled = await settleRazorpayOrders(kit.database.db, kit.app.config, 60);
    expect(settled).toEqual([{ userId: priya.userId, refIdKey: paidButLost.RefIdKey }]);
    expect(await cancelUnpaidBookings(kit.database.db, 60)).toBe(1);
    const d = await detail(priya.token, paidButLost.RefIdKey);
    expect(d).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid', amountPaid: paidButLost.Total });
    expect(d.events.at(-1)!.cause).toBe('paid with Razorpay (found paid at Razorpay before the payment window closed)');
    expect((await detail(karan.token, neverPaid.RefIdKey)).Status).toBe('cancelled');
    // Asked again, nothing changes.
    expect(await settleRazorpayOrders(kit.database.db, kit.app.config, 60)).toEqual([]);
  });
});

describe('an order near the end of its window', () => {
  it('is not offered again: asking to pay gets a new order and a new window', async () => {
    const b = await razorpayBooking(priya);
    const again = async () =>
      razorpayStep(
        (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, priya.token, 'IN')).body.data.Next,
      );
    // Asked again soon: the same order, with the time left.
    expect(await again()).toMatchObject({ orderId: razorpayStep(b.Next).orderId });
    // 58½ minutes on, half a minute would be left to pay in a checkout: a new order, with nearly the whole window
    // again.
    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '58 minutes 30 seconds' where id = ${b.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update payments set created_at = now() - interval '58 minutes 30 seconds' where booking_id = ${b.BookingId}`,
    );
    const next = await again();
    expect(next.orderId).not.toBe(razorpayStep(b.Next).orderId);
    expect(next.timeout).toBeGreaterThan(58 * 60);
    // The new start keeps the booking from being cancelled, and paying the new order confirms it.
    expect(await cancelUnpaidBookings(kit.database.db, 3)).toBe(0);
    const paid = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...kit.gateways.payOrder(next.orderId) },
      priya.token,
      'IN',
    );
    expect(paid.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
  });

  it('paid on both orders (two checkouts open across a renewal): the second payment is recorded with its refund due', async () => {
    const b = await razorpayBooking(priya);
    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '58 minutes 30 seconds' where id = ${b.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update payments set created_at = now() - interval '58 minutes 30 seconds' where booking_id = ${b.BookingId}`,
    );
    const renewed = razorpayStep(
      (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, priya.token, 'IN')).body.data.Next,
    );
    expect(renewed.orderId).not.toBe(razorpayStep(b.Next).orderId);
    const first = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...kit.gateways.payOrder(renewed.orderId) },
      priya.token,
      'IN',
    );
    expect(first.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
    const second = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...kit.gateways.payOrder(razorpayStep(b.Next).orderId) },
      priya.token,
      'IN',
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'This booking was already paid. We have recorded this second payment and will refund it to you.',
    );
    const d = await detail(priya.token, b.RefIdKey);
    expect(d).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid', amountPaid: b.Total });
    expect(d.events.at(-1)!.cause).toMatch(
      /^a second payment \(razorpay pay_[\w-]+\) for a booking already paid: refund due$/,
    );
    expect(
      await count(kit, sql`select count(*) as n from payments where booking_id = ${b.BookingId} and status = 'paid'`),
    ).toBe(2);
  });

  it('is renewed a few times at most: asking again each hour does not keep the rooms for ever', async () => {
    const b = await razorpayBooking(karan);
    const orders = new Set([razorpayStep(b.Next).orderId]);
    for (let i = 0; i < 4; i++) {
      await kit.database.db.execute(
        sql`update bookings set created_at = now() - interval '58 minutes 30 seconds' where id = ${b.BookingId}`,
      );
      await kit.database.db.execute(
        sql`update payments set created_at = now() - interval '58 minutes 30 seconds' where booking_id = ${b.BookingId}`,
      );
      orders.add(
        razorpayStep(
          (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, karan.token, 'IN')).body.data.Next,
        ).orderId,
      );
    }
    expect(orders.size).toBe(3);
    // The last order's window runs out like any other: the booking is cancelled and its rooms go back.
    await kit.database.db.execute(
      sql`update payments set created_at = now() - interval '2 hours' where booking_id = ${b.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '2 hours' where id = ${b.BookingId}`,
    );
    expect(await cancelUnpaidBookings(kit.database.db, 60)).toBe(1);
    expect((await detail(karan.token, b.RefIdKey)).Status).toBe('cancelled');
  });
});

describe('without gateway keys', () => {
  it('offers only paying later, and the shop still books', async () => {
    const plain = await createBookingKit({}, { gateways: false });
    try {
      const who = await traveller(plain, 'lina');
      const id = await holdId(plain, who.token, 'IN', [{ packageId: india }]);
      const quote = await post(plain, 'GetBookingQuote', { TempBookingId: id }, who.token, 'IN');
      expect(quote.body.data.paymentMethods).toEqual(['pay-later']);
      const refused = await book(plain, who.token, 'IN', {
        TempBookingId: id,
        PaymentMethod: 'razorpay',
        LeadTraveller: indianLead(who.email),
        ...party,
      });
      expect(refused.status).toBe(400);
      const booked = await book(plain, who.token, 'IN', {
        TempBookingId: id,
        LeadTraveller: indianLead(who.email),
        ...party,
      });
      expect(booked.body).toMatchObject({
        status: 'Success',
        data: { Status: 'confirmed', PaymentStatus: 'unpaid', Next: { type: 'pay-later' } },
      });
      // Nothing to pay online with: asked to pay, the bank details again.
      const start = await post(
        plain,
        'StartBookingPayment',
        { BookingId: booked.body.data.BookingId },
        who.token,
        'IN',
      );
      expect(start.body.data.Next.type).toBe('pay-later');
      const razorpayHook = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
        payload: '{}',
      });
      expect(razorpayHook.statusCode).toBe(503);
      const hook = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(503);
    } finally {
      await plain.close();
    }
    // A second app of its own (a fresh database): slow on a busy machine.
  }, 60_000);
});
