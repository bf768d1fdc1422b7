import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema.ts';
import { closeOpenPayments } from '../../server/services/payments/close.ts';
import { PAYMENT_MESSAGES } from '../../server/services/payments/messages.ts';
import { capturedMethod, methodMatches } from '../../server/services/payments/method.ts';
import { paymentStepFor } from '../../server/services/payments/steps.ts';
import { onlyMethodConfig } from '../../src/features/checkout/open-payment.ts';
import { checkoutOffers, RAZORPAY_METHODS, STRIPE_DYNAMIC_METHODS } from '../support/gateways.ts';
import {
  book,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  post,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
  type Site,
  razorpayStep,
  stripeStep,
} from '../support/booking-kit.ts';

/*
 * Issue 30, items 7 and 6 at the gateways: a payment-method coupon opens the gateway for its way of
 * paying only (Razorpay checkout's display config, Stripe's allowed_payment_method_types) and the
 * provider is asked how a captured payment was paid; whatever a booking still has open is closed
 * (a Stripe session expired, a Razorpay order no longer offered) when it is cancelled or what it
 * owes changes, so two sessions can never both take the money.
 */

let kit: BookingKit;
let india: number;
let uae: number;
let inr: number;
let aed: number;

beforeAll(async () => {
  kit = await createBookingKit();
  india = (await findPackage(kit, { inIndia: true, rooms: 10 })).id;
  uae = (await findPackage(kit, { rooms: 10 })).id;
  const price = async (id: number, site: Site) =>
    (
      await kit.database.db.execute<{ amount: number }>(
        sql`select amount from package_prices where package_id = ${id} and site = ${site}`,
      )
    ).rows[0]!.amount;
  inr = await price(india, 'IN');
  aed = await price(uae, 'UAE');
});
afterAll(() => kit.close());

/** Enough adults (three to a room) for a cart of at least `minimum` at `each` a head. */
const partyFor = (each: number, minimum: number) => {
  const adults = Math.max(2, Math.ceil(minimum / each));
  return { adults, rooms: Math.ceil(adults / 3) };
};
const others = (n: number) =>
  Array.from({ length: n - 1 }, (_, i) => ({
    FirstName: `Guest${'abcdefghijklmnopqrst'[i]}`,
    LastName: 'Shah',
    AgeBand: 'adult',
  }));

/** A booking of a payment-method coupon, by its gateway, its way of paying chosen at review. */
async function couponBooking(site: Site, code: string, payWith: string) {
  const who = await traveller(kit, site === 'IN' ? 'neha' : 'omar');
  // The coupons' minimums (₹20,000, AED 3,000) in paise and fils, as the prices.
  const party = site === 'IN' ? partyFor(inr, 2_000_000) : partyFor(aed, 300_000);
  const id = await holdId(kit, who.token, site, [{ packageId: site === 'IN' ? india : uae, ...party }]);
  const LeadTraveller =
    site === 'IN'
      ? lead({ FirstName: 'Neha', LastName: 'Shah', Email: who.email, Phone: '+919812345678' })
      : lead({ Email: who.email });
  const res = await book(kit, who.token, site, {
    TempBookingId: id,
    PaymentMethod: site === 'IN' ? 'razorpay' : 'stripe',
    CouponCode: code,
    PayWith: payWith,
    LeadTraveller,
    Travellers: others(party.adults),
  });
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.Total).toBeGreaterThan(0);
  return { ...res.body.data, who };
}

const paymentRows = async (bookingId: number) =>
  (
    await kit.database.db.execute<{
      id: number;
      provider: string;
      provider_ref: string;
      status: string;
      amount: number;
    }>(sql`select id, provider, provider_ref, status, amount from payments where booking_id = ${bookingId} order by id`)
  ).rows;

/**
 * What the stand-in's checkout.js does when the page opens it with these options: the ways it shows, and the payment it
 * makes.
 */
async function checkoutPays(orderId: string, config: unknown, wanted: string) {
  const res = await fetch(`${kit.gateways.url}/test/razorpay/pay?order_id=${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: JSON.stringify({ config, method: wanted }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { razorpay_payment_id: string; checkout: { offered: string[]; method: string } };
}

describe('a payment-method coupon opens the gateway for its way of paying only', () => {
  it('Razorpay: the step says net banking, and checkout opened as the page opens it offers net banking only', async () => {
    const b = await couponBooking('IN', 'NETBANK1000', 'netbanking');
    expect(b.Next).toMatchObject({ type: 'razorpay', method: 'netbanking', amount: b.Total });
    // The page's options (open-payment.ts) as Razorpay's checkout reads them: net banking only.
    const config = onlyMethodConfig(razorpayStep(b.Next).method!);
    expect(checkoutOffers({ config })).toEqual(['netbanking']);
    // The traveller cannot pay by UPI there: the payment is by net banking, and Razorpay says so.
    const paid = await checkoutPays(razorpayStep(b.Next).orderId, config, 'upi');
    expect(paid.checkout).toEqual({ offered: ['netbanking'], method: 'netbanking' });
    expect(await capturedMethod(kit.app.config, 'razorpay', paid.razorpay_payment_id)).toBe('netbanking');
    // Asked again, the same order, still restricted.
    const again = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, b.who.token, 'IN');
    expect(again.body.data.Next).toMatchObject({ orderId: razorpayStep(b.Next).orderId, method: 'netbanking' });
  });

  it('Razorpay without such a coupon: no restriction, and checkout offers every way', async () => {
    const b = await siteBooking(kit, await traveller(kit, 'ira'), 'IN', india, 'razorpay');
    expect(b.Next.type).toBe('razorpay');
    expect(b.Next).not.toHaveProperty('method');
    expect(checkoutOffers({})).toEqual([...RAZORPAY_METHODS]);
    const paid = await checkoutPays(razorpayStep(b.Next).orderId, null, 'upi');
    expect(paid.checkout.method).toBe('upi');
  });

  it('Stripe: a card coupon’s Checkout Session allows card only; one without it offers the account’s dynamic set', async () => {
    const b = await couponBooking('UAE', 'CARD15', 'card');
    expect(b.Next.type).toBe('stripe');
    const session = kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!;
    expect(session).toMatchObject({
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      amount_total: b.Total,
    });
    expect(() => kit.gateways.paySession(session.id, { method: 'link' })).toThrow(/does not offer link/);

    const plain = await siteBooking(kit, await traveller(kit, 'sara'), 'UAE', uae, 'stripe');
    const open = kit.gateways.sessions.get(stripeStep(plain.Next).sessionId)!;
    expect(open).toMatchObject({ allowed_payment_method_types: null, payment_method_types: STRIPE_DYNAMIC_METHODS });
  });
});

describe('how a captured payment was paid', () => {
  it('Razorpay: a payment the checkout took by UPI reads upi, which does not keep a net-banking coupon', async () => {
    const b = await siteBooking(kit, await traveller(kit, 'arun'), 'IN', india, 'razorpay');
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId, { method: 'upi' });
    expect(await capturedMethod(kit.app.config, 'razorpay', proof.razorpay_payment_id)).toBe('upi');
    expect(methodMatches('netbanking', 'upi')).toBe(false);
    expect(methodMatches('netbanking', 'netbanking')).toBe(true);
    expect(methodMatches(null, 'upi')).toBe(true);
    expect(methodMatches('card', null)).toBe(false);
    // A payment Razorpay does not know: it cannot tell.
    expect(await capturedMethod(kit.app.config, 'razorpay', 'pay_nosuchpayment01')).toBeNull();
  });

  it('Stripe: the PaymentIntent’s latest charge says card (or link), by PaymentIntent or by session', async () => {
    const card = await siteBooking(kit, await traveller(kit, 'lina'), 'UAE', uae, 'stripe');
    const paid = kit.gateways.paySession(stripeStep(card.Next).sessionId);
    expect(await capturedMethod(kit.app.config, 'stripe', paid.payment_intent!)).toBe('card');
    expect(await capturedMethod(kit.app.config, 'stripe', paid.id)).toBe('card');
    const link = await siteBooking(kit, await traveller(kit, 'maya'), 'UAE', uae, 'stripe');
    const byLink = kit.gateways.paySession(stripeStep(link.Next).sessionId, { method: 'link' });
    expect(await capturedMethod(kit.app.config, 'stripe', byLink.payment_intent!)).toBe('link');
    expect(methodMatches('card', 'link')).toBe(false);
    expect(await capturedMethod(kit.app.config, 'stripe', 'pi_nosuchintent01')).toBeNull();
  });
});

describe('closing what a booking has open', () => {
  const reason = 'cancelled by staff at the traveller’s request';

  it('expires the open Stripe session (Stripe then takes no payment on it) and fails its payment row, with why', async () => {
    const b = await siteBooking(kit, await traveller(kit, 'dina'), 'UAE', uae, 'stripe');
    expect(kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!.status).toBe('open');
    expect(await closeOpenPayments(kit.database.db, kit.app.config, b.BookingId, reason)).toEqual([]);
    expect(kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!.status).toBe('expired');
    expect(() => kit.gateways.paySession(stripeStep(b.Next).sessionId)).toThrow(/expired/);
    const page = await fetch(stripeStep(b.Next).url, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(409);
    expect(await paymentRows(b.BookingId)).toMatchObject([
      { provider: 'stripe', provider_ref: stripeStep(b.Next).sessionId, status: 'failed' },
    ]);
    const { rows } = await kit.database.db.execute<{ outcome: string; detail: string }>(
      sql`select outcome, detail from payment_events where booking_id = ${b.BookingId}`,
    );
    expect(rows).toEqual([{ outcome: 'closed', detail: reason }]);
    // Nothing left open: closing again does nothing.
    expect(await closeOpenPayments(kit.database.db, kit.app.config, b.BookingId, reason)).toEqual([]);
  });

  it('fails a Razorpay order’s row (it cannot be cancelled at Razorpay), so it is never offered again', async () => {
    const who = await traveller(kit, 'ravi');
    const b = await siteBooking(kit, who, 'IN', india, 'razorpay');
    expect(await closeOpenPayments(kit.database.db, kit.app.config, b.BookingId, reason)).toEqual([]);
    expect(await paymentRows(b.BookingId)).toMatchObject([
      { provider: 'razorpay', provider_ref: razorpayStep(b.Next).orderId, status: 'failed' },
    ]);
    const again = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token, 'IN');
    expect(razorpayStep(again.body.data.Next).orderId).not.toBe(razorpayStep(b.Next).orderId);
  });

  it('a session Stripe already expired is closed all the same; one it completed is left for its capture; a provider that does not answer is reported, not thrown', async () => {
    const gone = await siteBooking(kit, await traveller(kit, 'hala'), 'UAE', uae, 'stripe');
    kit.gateways.sessions.get(stripeStep(gone.Next).sessionId)!.status = 'expired';
    expect(await closeOpenPayments(kit.database.db, kit.app.config, gone.BookingId, reason)).toEqual([]);
    expect((await paymentRows(gone.BookingId))[0]!.status).toBe('failed');

    const paid = await siteBooking(kit, await traveller(kit, 'noor'), 'UAE', uae, 'stripe');
    kit.gateways.paySession(stripeStep(paid.Next).sessionId);
    const left = await closeOpenPayments(kit.database.db, kit.app.config, paid.BookingId, reason);
    expect(left).toMatchObject([
      {
        provider: 'stripe',
        providerRef: stripeStep(paid.Next).sessionId,
        why: 'Stripe had already taken the payment on this session',
      },
    ]);
    expect((await paymentRows(paid.BookingId))[0]!.status).toBe('created');

    const unreached = await siteBooking(kit, await traveller(kit, 'zaid'), 'UAE', uae, 'stripe');
    const offline = { ...kit.app.config, STRIPE_API_URL: 'http://127.0.0.1:9' };
    const notClosed = await closeOpenPayments(kit.database.db, offline, unreached.BookingId, reason);
    expect(notClosed).toMatchObject([{ provider: 'stripe', providerRef: stripeStep(unreached.Next).sessionId }]);
    expect((await paymentRows(unreached.BookingId))[0]!.status).toBe('created');
    expect(kit.gateways.sessions.get(stripeStep(unreached.Next).sessionId)!.status).toBe('open');
  }, 30_000);
});

/*
 * The amount due is changed in the row (as money recorded at the desk, or India's TCS worked out
 * again, changes it) and the step asked again directly: what the step itself does, whatever the
 * desk or the ledger close on their side.
 */
async function stepAgain(bookingId: number, amountPaid: number) {
  await kit.database.db.execute(
    sql`update bookings set amount_paid = ${amountPaid}, payment_status = 'partly-paid' where id = ${bookingId}`,
  );
  const [b] = await kit.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return paymentStepFor(kit.database.db, kit.app.config, b!);
}

describe('a new payment when the amount due changed closes the old one first', () => {
  it('Stripe balance: the previous session is expired and its row failed; only the new one can take money', async () => {
    const who = await traveller(kit, 'yara');
    const b = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const first = stripeStep(
      (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token)).body.data.Next,
    );
    expect(first.type).toBe('stripe');
    // Part of the balance reached the shop another way: the amount due changed.
    const second = stripeStep(await stepAgain(b.BookingId, 10000));
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(kit.gateways.sessions.get(second.sessionId)).toMatchObject({
      status: 'open',
      amount_total: b.Total - 10000,
    });
    expect(kit.gateways.sessions.get(first.sessionId)!.status).toBe('expired');
    expect(() => kit.gateways.paySession(first.sessionId)).toThrow(/expired/);
    expect(await paymentRows(b.BookingId)).toMatchObject([
      { provider_ref: first.sessionId, status: 'failed', amount: b.Total },
      { provider_ref: second.sessionId, status: 'created', amount: b.Total - 10000 },
    ]);
  });

  it('Stripe checkout: the session for the old total is expired too, and one Stripe already completed is not replaced', async () => {
    const who = await traveller(kit, 'rana');
    const b = await siteBooking(kit, who, 'UAE', uae, 'stripe');
    const next = stripeStep(await stepAgain(b.BookingId, 10000));
    expect(next.sessionId).not.toBe(stripeStep(b.Next).sessionId);
    expect(kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!.status).toBe('expired');
    expect(kit.gateways.sessions.get(next.sessionId)!.amount_total).toBe(b.Total - 10000);

    // Paid at Stripe (its webhook not here yet) before the amount changed again: no second session.
    kit.gateways.paySession(next.sessionId);
    const sessionsBefore = kit.gateways.sessions.size;
    await expect(stepAgain(b.BookingId, 20000)).rejects.toMatchObject({ message: PAYMENT_MESSAGES.notPaidYet });
    expect((await paymentRows(b.BookingId)).map((r) => r.status)).toEqual(['failed', 'created']);
    expect(kit.gateways.sessions.size).toBe(sessionsBefore);
  });

  it('Razorpay balance: the previous order’s row is failed before the new order is made', async () => {
    const who = await traveller(kit, 'tara');
    const b = await siteBooking(kit, who, 'IN', india, 'pay-later');
    const first = razorpayStep(
      (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token, 'IN')).body.data.Next,
    );
    expect(first.type).toBe('razorpay');
    const second = razorpayStep(await stepAgain(b.BookingId, 100000));
    expect(second).toMatchObject({ type: 'razorpay', amount: first.amount - 100000 });
    expect(second.orderId).not.toBe(first.orderId);
    expect(await paymentRows(b.BookingId)).toMatchObject([
      { provider_ref: first.orderId, status: 'failed' },
      { provider_ref: second.orderId, status: 'created' },
    ]);
  });
});
