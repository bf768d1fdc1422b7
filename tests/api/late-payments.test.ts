import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidBookings } from '../../server/services/bookings/expiry.ts';
import type { FastifyBaseLogger } from 'fastify';
import { settleStripeSessions } from '../../server/services/payments/settle.ts';
import { handleStripeEvent } from '../../server/services/payments/webhooks.ts';
import { stripeClient } from '../../server/services/payments/stripe.ts';
import {
  call,
  count,
  createBookingKit,
  findPackage,
  post,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
  razorpayStep,
  stripeStep,
  paidByStripe,
} from '../support/booking-kit.ts';

/*
 * Late payments are never lost, never contradicted (issue 19, decision 0042): every payment a
 * provider confirms is recorded whatever the booking's state; one that comes after the payment
 * window cancelled the booking reinstates it when its rooms are still free, and is otherwise kept
 * with its refund due while the traveller is told exactly that. Also: Razorpay's webhook, Stripe's
 * mismatched events, Stripe asked before the window cancels, and a pay-later balance paid online.
 */

let kit: BookingKit;
let priya: { token: string; userId: number; email: string };
let karan: { token: string; userId: number; email: string };
let india: number;
let uae: number;

const razorpayBooking = (who: { token: string; email: string }, PaymentMethod = 'razorpay') =>
  siteBooking(kit, who, 'IN', india, PaymentMethod);
const stripeBooking = (who: { token: string; email: string }, PaymentMethod = 'stripe') =>
  siteBooking(kit, who, 'UAE', uae, PaymentMethod);

const detail = async (token: string, ref: string) =>
  (await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token })).body.data;

async function stripeWebhook(payload: string, signature: string) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function razorpayWebhook(e: { payload: string; signature: string; eventId?: string }) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': e.signature,
      ...(e.eventId ? { 'x-razorpay-event-id': e.eventId } : {}),
    },
    payload: e.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The mail to `to` with this subject, sent after `since` mails (others may still be arriving). */
/**
 * The mail with this subject to `to`, since the mail numbered `since`: a receipt renders its PDF before it is sent,
 * which on a loaded machine took longer than the 5 s this once waited (the test itself has 20 s).
 */
const mailTo = (to: string, subject: string, since: number) =>
  kit.mail.waitFor(to, { since, subject, timeoutMs: 15_000 });

/** The payment window passes: the booking is cancelled and its room goes back on sale. */
async function windowCloses(bookingId: number) {
  await kit.database.db.execute(
    sql`update bookings set created_at = now() - interval '2 hours' where id = ${bookingId}`,
  );
  await kit.database.db.execute(
    sql`update payments set created_at = now() - interval '2 hours' where booking_id = ${bookingId}`,
  );
  await cancelUnpaidBookings(kit.database.db, 60);
  const [row] = (
    await kit.database.db.execute<{ status: string }>(sql`select status from bookings where id = ${bookingId}`)
  ).rows;
  expect(row?.status).toBe('cancelled');
}

/** Someone else buys every room of the booking's departures meanwhile. */
async function roomsGone(bookingId: number) {
  await kit.database.db.execute(sql`
    update departures d set rooms_sold = p.rooms_per_departure from booking_lines l, packages p
    where l.booking_id = ${bookingId} and d.package_id = l.package_id and d.travel_date = l.travel_date and p.id = l.package_id`);
}

const roomsSold = (bookingId: number) =>
  count(
    kit,
    sql`select d.rooms_sold as n from departures d join booking_lines l on l.package_id = d.package_id and l.travel_date = d.travel_date where l.booking_id = ${bookingId}`,
  );

async function row(bookingId: number) {
  const { rows } = await kit.database.db.execute<{
    status: string;
    payment_status: string;
    invoice_number: string | null;
    paid_at: string | null;
    amount_paid: number;
  }>(sql`select status, payment_status, invoice_number, paid_at, amount_paid from bookings where id = ${bookingId}`);
  return rows[0]!;
}

async function paymentRows(bookingId: number) {
  const { rows } = await kit.database.db.execute<{
    status: string;
    provider_payment_id: string | null;
    amount: number;
    currency: string;
    paid_at: string | null;
    refund_status: string | null;
  }>(
    sql`select status, provider_payment_id, amount, currency, paid_at, refund_status from payments where booking_id = ${bookingId} order by id`,
  );
  return rows;
}

async function events(bookingId: number) {
  const { rows } = await kit.database.db.execute<{
    provider: string;
    event_id: string;
    type: string;
    outcome: string;
    detail: string;
  }>(
    sql`select provider, event_id, type, outcome, detail from payment_events where booking_id = ${bookingId} order by id`,
  );
  return rows;
}

beforeAll(async () => {
  kit = await createBookingKit();
  priya = await traveller(kit, 'priya');
  karan = await traveller(kit, 'karan');
  india = (await findPackage(kit, { inIndia: true, rooms: 10 })).id;
  uae = (await findPackage(kit, { rooms: 10 })).id;
});
afterAll(() => kit.close());

describe('a Razorpay payment verified after the payment window cancelled the booking', () => {
  it('reinstates the booking when its rooms are still free: rooms sold again, paid, invoice numbered, confirmation mailed', async () => {
    const b = await razorpayBooking(priya);
    await windowCloses(b.BookingId);
    expect(await roomsSold(b.BookingId)).toBe(0);

    const since = kit.mail.mails.length;
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const late = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      priya.token,
      'IN',
    );
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });

    expect(await roomsSold(b.BookingId)).toBe(1);
    const r = await row(b.BookingId);
    expect(r).toMatchObject({ status: 'confirmed', payment_status: 'paid', amount_paid: b.Total });
    expect(r.invoice_number).toMatch(/^WLH-IN-\d{6}$/);
    expect(r.paid_at).not.toBeNull();
    expect(await paymentRows(b.BookingId)).toEqual([
      expect.objectContaining({
        status: 'paid',
        provider_payment_id: proof.razorpay_payment_id,
        amount: b.Total,
        currency: 'INR',
        refund_status: null,
      }),
    ]);
    expect(await events(b.BookingId)).toEqual([
      expect.objectContaining({
        provider: 'razorpay',
        event_id: `verify:${proof.razorpay_payment_id}`,
        outcome: 'reinstated',
      }),
    ]);
    const d = await detail(priya.token, b.RefIdKey);
    expect(d.events.at(-1)!.cause).toMatch(
      /^paid late with Razorpay \(signature verified\) .* after the booking was cancelled: its rooms were still free, so it is reinstated$/,
    );
    await mailTo(priya.email, `Payment received: booking ${b.RefIdKey}`, since);
  });

  it('keeps it cancelled when its rooms are gone: the payment is recorded with its refund due, and the traveller told so, never “confirmed”', async () => {
    const b = await razorpayBooking(priya);
    await windowCloses(b.BookingId);
    await roomsGone(b.BookingId);
    const soldBefore = await roomsSold(b.BookingId);

    const since = kit.mail.mails.length;
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const late = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      priya.token,
      'IN',
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(
      new RegExp(
        `^We received your payment of ₹[\\d,.]+ after booking ${b.RefIdKey} was cancelled .*rooms are no longer available.*will refund ₹[\\d,.]+ to you`,
      ),
    );
    expect(late.body.message).not.toMatch(/confirmed/i);
    expect(late.body.data).toEqual({ refund: 'due' });

    expect(await roomsSold(b.BookingId)).toBe(soldBefore);
    const r = await row(b.BookingId);
    expect(r).toMatchObject({ status: 'cancelled', payment_status: 'refund-due', invoice_number: null });
    expect(await paymentRows(b.BookingId)).toEqual([
      expect.objectContaining({
        status: 'paid',
        provider_payment_id: proof.razorpay_payment_id,
        amount: b.Total,
        currency: 'INR',
        refund_status: 'due',
      }),
    ]);
    expect((await paymentRows(b.BookingId))[0]!.paid_at).not.toBeNull();
    expect(await events(b.BookingId)).toEqual([expect.objectContaining({ outcome: 'refund-due' })]);
    const d = await detail(priya.token, b.RefIdKey);
    expect(d).toMatchObject({ Status: 'cancelled', PaymentStatus: 'refund-due' });
    expect(d.events.at(-1)!.cause).toMatch(
      /^paid late with Razorpay .*after the booking was cancelled; its rooms are no longer available: refund due$/,
    );

    const mail = await mailTo(priya.email, `Booking ${b.RefIdKey} is cancelled: your payment will be refunded`, since);
    expect(mail.raw).toMatch(/after the booking had been cancelled/);
    expect(mail.raw).toMatch(/We will refund/);
    expect(
      kit.mail.mails
        .slice(since)
        .filter((m) => m.to.includes(priya.email.toLowerCase()))
        .map((m) => m.raw),
    ).not.toContainEqual(expect.stringMatching(/booking is confirmed/i));

    // Asked again, the same truth, and nothing more is recorded.
    const again = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      priya.token,
      'IN',
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(late.body.message);
    expect(await events(b.BookingId)).toHaveLength(1);
  });

  it('a second payment of a booking already paid is kept with its refund due', async () => {
    const b = await razorpayBooking(karan);
    await kit.database.db.execute(
      sql`update bookings set created_at = now() - interval '58 minutes 30 seconds' where id = ${b.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update payments set created_at = now() - interval '58 minutes 30 seconds' where booking_id = ${b.BookingId}`,
    );
    const renewed = razorpayStep(
      (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, karan.token, 'IN')).body.data.Next,
    );
    await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...kit.gateways.payOrder(renewed.orderId) },
      karan.token,
      'IN',
    );
    const second = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...kit.gateways.payOrder(razorpayStep(b.Next).orderId) },
      karan.token,
      'IN',
    );
    expect(second.status).toBe(409);
    expect((await paymentRows(b.BookingId)).map((p) => p.refund_status)).toEqual(['due', null]);
    expect((await events(b.BookingId)).map((e) => e.outcome)).toEqual(['applied', 'refund-due']);
  });
});

describe('Razorpay’s webhook', () => {
  it('a signed payment.captured pays the booking without the traveller; a replay by event id or by payment id changes nothing', async () => {
    const b = await razorpayBooking(priya);
    const since = kit.mail.mails.length;
    const event = kit.gateways.razorpayEvent(razorpayStep(b.Next).orderId);
    const hook = await razorpayWebhook(event);
    expect(hook.status).toBe(200);
    const r = await row(b.BookingId);
    expect(r).toMatchObject({ status: 'confirmed', payment_status: 'paid', amount_paid: b.Total });
    expect(r.invoice_number).toMatch(/^WLH-IN-/);
    expect(r.paid_at).not.toBeNull();
    expect(await events(b.BookingId)).toEqual([
      expect.objectContaining({
        provider: 'razorpay',
        event_id: event.eventId,
        type: 'payment.captured',
        outcome: 'applied',
      }),
    ]);
    await mailTo(priya.email, `Payment received: booking ${b.RefIdKey}`, since);
    const history = (await detail(priya.token, b.RefIdKey)).events.length;

    // The same event again, and Razorpay's order.paid for the same payment: nothing changes.
    expect((await razorpayWebhook(event)).status).toBe(200);
    const orderPaid = kit.gateways.razorpayEvent(razorpayStep(b.Next).orderId, 'order.paid');
    expect(orderPaid.paymentId).toBe(event.paymentId);
    expect((await razorpayWebhook(orderPaid)).status).toBe(200);
    expect((await detail(priya.token, b.RefIdKey)).events).toHaveLength(history);
    expect((await events(b.BookingId)).map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
    expect(await paymentRows(b.BookingId)).toHaveLength(1);
  });

  it('refuses a forged signature or body with 400 and changes nothing', async () => {
    const b = await razorpayBooking(karan);
    const event = kit.gateways.razorpayEvent(razorpayStep(b.Next).orderId);
    const forgedSignature = await razorpayWebhook({
      ...event,
      signature: event.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(forgedSignature.status).toBe(400);
    expect(forgedSignature.body).toMatchObject({
      status: 'error',
      message: 'The X-Razorpay-Signature of this event is not valid.',
    });
    const forgedBody = await razorpayWebhook({
      ...event,
      payload: event.payload.replace(`"amount":${b.Total}`, `"amount":${b.Total - 100}`),
    });
    expect(forgedBody.status).toBe(400);
    const unsigned = await kit.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await row(b.BookingId)).toMatchObject({ status: 'awaiting-payment', payment_status: 'unpaid' });
    expect(await events(b.BookingId)).toEqual([]);
  });

  it('a signed event whose amount is not the booking’s is stored as a mismatch and pays nothing', async () => {
    const b = await razorpayBooking(karan);
    kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const order = kit.gateways.orders.get(razorpayStep(b.Next).orderId)!;
    order.amount = b.Total - 100;
    const event = kit.gateways.razorpayEvent(razorpayStep(b.Next).orderId, 'order.paid');
    const tampered = JSON.parse(event.payload);
    tampered.payload.payment.entity.amount = b.Total - 100;
    const payload = JSON.stringify(tampered);
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', kit.gateways.env().RAZORPAY_WEBHOOK_SECRET!).update(payload).digest('hex');
    expect((await razorpayWebhook({ payload, signature, eventId: event.eventId })).status).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ payment_status: 'unpaid' });
    const [stored] = await events(b.BookingId);
    expect(stored).toMatchObject({ outcome: 'mismatch' });
    expect(stored!.detail).toMatch(/amount/);
  });

  it('after the payment window cancelled the booking: reinstated when rooms remain, refund due when not', async () => {
    const free = await razorpayBooking(priya);
    const gone = await razorpayBooking(karan);
    await windowCloses(free.BookingId);
    await windowCloses(gone.BookingId);
    await roomsGone(gone.BookingId);
    expect((await razorpayWebhook(kit.gateways.razorpayEvent(razorpayStep(free.Next).orderId))).status).toBe(200);
    expect(await row(free.BookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const since = kit.mail.mails.length;
    expect((await razorpayWebhook(kit.gateways.razorpayEvent(razorpayStep(gone.Next).orderId))).status).toBe(200);
    expect(await row(gone.BookingId)).toMatchObject({ status: 'cancelled', payment_status: 'refund-due' });
    expect((await paymentRows(gone.BookingId))[0]).toMatchObject({ refund_status: 'due' });
    await mailTo(karan.email, `Booking ${gone.RefIdKey} is cancelled: your payment will be refunded`, since);
  });
});

describe('a Stripe payment after the payment window cancelled the booking', () => {
  it('on the traveller’s return: reinstated when its rooms are still free', async () => {
    const b = await stripeBooking(karan);
    await windowCloses(b.BookingId);
    const back = await paidByStripe(kit, karan.token, b);
    expect(back.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
    expect(await roomsSold(b.BookingId)).toBe(1);
    expect((await row(b.BookingId)).invoice_number).toMatch(/^WLH-AE-/);
    expect(await events(b.BookingId)).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        event_id: `return:${stripeStep(b.Next).sessionId}`,
        outcome: 'reinstated',
      }),
    ]);
  });

  it('on the traveller’s return: refund due and the truth when its rooms are gone', async () => {
    const b = await stripeBooking(karan);
    await windowCloses(b.BookingId);
    await roomsGone(b.BookingId);
    const since = kit.mail.mails.length;
    kit.gateways.paySession(stripeStep(b.Next).sessionId);
    const back = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      karan.token,
    );
    expect(back.status).toBe(409);
    expect(back.body.message).toMatch(
      /^We received your payment of AED [\d,.]+ after booking .* was cancelled .*will refund AED/,
    );
    expect(back.body.data).toEqual({ refund: 'due' });
    expect(await row(b.BookingId)).toMatchObject({ status: 'cancelled', payment_status: 'refund-due' });
    expect((await paymentRows(b.BookingId))[0]).toMatchObject({ status: 'paid', refund_status: 'due' });
    await mailTo(karan.email, `Booking ${b.RefIdKey} is cancelled: your payment will be refunded`, since);
  });

  it('by a signed webhook: reinstated when rooms remain', async () => {
    const b = await stripeBooking(priya);
    await windowCloses(b.BookingId);
    const since = kit.mail.mails.length;
    const event = kit.gateways.stripeEvent(kit.gateways.paySession(stripeStep(b.Next).sessionId));
    expect((await stripeWebhook(event.payload, event.signature)).status).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await roomsSold(b.BookingId)).toBe(1);
    await mailTo(priya.email, `Payment received: booking ${b.RefIdKey}`, since);
    // The traveller's return afterwards changes nothing.
    const back = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      priya.token,
    );
    expect(back.status).toBe(200);
    expect(await events(b.BookingId)).toHaveLength(1);
  });

  it('by a signed webhook: stays cancelled with its refund due, and the mail says so instead of “confirmed”', async () => {
    const b = await stripeBooking(priya);
    await windowCloses(b.BookingId);
    await roomsGone(b.BookingId);
    const since = kit.mail.mails.length;
    const event = kit.gateways.stripeEvent(kit.gateways.paySession(stripeStep(b.Next).sessionId));
    expect((await stripeWebhook(event.payload, event.signature)).status).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ status: 'cancelled', payment_status: 'refund-due' });
    expect((await paymentRows(b.BookingId))[0]).toMatchObject({
      status: 'paid',
      refund_status: 'due',
      currency: 'AED',
      amount: b.Total,
    });
    expect(await events(b.BookingId)).toEqual([
      expect.objectContaining({ event_id: JSON.parse(event.payload).id, outcome: 'refund-due' }),
    ]);
    const mail = await mailTo(priya.email, `Booking ${b.RefIdKey} is cancelled: your payment will be refunded`, since);
    expect(mail.raw).not.toMatch(/is confirmed/);
    // The return page then tells the same truth.
    const back = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      priya.token,
    );
    expect(back.status).toBe(409);
    expect(back.body.message).toMatch(/will refund/);
  });
});

describe('a signed Stripe event that does not match its booking', () => {
  it('is stored with what did not match, and pays nothing', async () => {
    const b = await stripeBooking(karan);
    const session = kit.gateways.paySession(stripeStep(b.Next).sessionId);
    const wrong = { ...session, amount_total: b.Total - 500, currency: 'usd' };
    const event = kit.gateways.stripeEvent(wrong);
    expect((await stripeWebhook(event.payload, event.signature)).status).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ payment_status: 'unpaid' });
    const [stored] = await events(b.BookingId);
    expect(stored).toMatchObject({ provider: 'stripe', event_id: JSON.parse(event.payload).id, outcome: 'mismatch' });
    expect(stored!.detail).toMatch(/currency USD is not the booking's AED/);
    expect(stored!.detail).toMatch(/amount \d+ is not the \d+ due/);

    const otherReference = kit.gateways.stripeEvent({ ...session, client_reference_id: '999999' });
    expect((await stripeWebhook(otherReference.payload, otherReference.signature)).status).toBe(200);
    expect((await events(b.BookingId)).at(-1)!.detail).toMatch(/reference 999999 is not booking/);
  });

  it('is logged at warn with what did not match', async () => {
    const b = await stripeBooking(priya);
    const session = kit.gateways.paySession(stripeStep(b.Next).sessionId);
    const signed = kit.gateways.stripeEvent({ ...session, amount_total: b.Total + 100 });
    const event = stripeClient(kit.app.config).webhooks.constructEvent(
      signed.payload,
      signed.signature,
      kit.app.config.STRIPE_WEBHOOK_SECRET!,
    );
    const warnings: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    expect(await handleStripeEvent(kit.database.db, kit.app.config, event, log)).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toMatchObject({
      event: event.id,
      booking: b.RefIdKey,
      mismatch: [`amount ${b.Total + 100} is not the ${b.Total} due`],
    });
    expect(warnings[0]![1]).toMatch(
      new RegExp(`^Stripe event ${event.id} does not match booking ${b.RefIdKey}: amount`),
    );
    // Stored once: a replay is neither stored nor logged again.
    expect(await handleStripeEvent(kit.database.db, kit.app.config, event, log)).toBeNull();
    expect(warnings).toHaveLength(1);
    expect((await events(b.BookingId)).map((e) => e.outcome)).toEqual(['mismatch']);
  });
});

describe('Stripe asked before the payment window cancels a booking', () => {
  it('a session paid at Stripe confirms its booking instead of it being cancelled; an unpaid one is still cancelled', async () => {
    const paidButLost = await stripeBooking(priya);
    const neverPaid = await stripeBooking(karan);
    kit.gateways.paySession(stripeStep(paidButLost.Next).sessionId);
    for (const b of [paidButLost, neverPaid]) {
      await kit.database.db.execute(
        sql`update bookings set created_at = now() - interval '2 hours' where id = ${b.BookingId}`,
      );
      await kit.database.db.execute(
        sql`update payments set created_at = now() - interval '2 hours' where booking_id = ${b.BookingId}`,
      );
    }
    expect(await settleStripeSessions(kit.database.db, kit.app.config, 60)).toEqual([
      { userId: priya.userId, refIdKey: paidButLost.RefIdKey },
    ]);
    await cancelUnpaidBookings(kit.database.db, 60);
    const d = await detail(priya.token, paidButLost.RefIdKey);
    expect(d).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid', amountPaid: paidButLost.Total });
    expect(d.events.at(-1)!.cause).toBe('paid with Stripe (found paid at Stripe before the payment window closed)');
    expect((await row(paidButLost.BookingId)).invoice_number).toMatch(/^WLH-AE-/);
    expect((await detail(karan.token, neverPaid.RefIdKey)).Status).toBe('cancelled');
    expect(await settleStripeSessions(kit.database.db, kit.app.config, 60)).toEqual([]);
  });
});

describe('a pay-later balance paid online from Trips', () => {
  it('India: Razorpay’s order for the amount due, verified as at checkout; the booking is paid, dated and invoiced', async () => {
    const b = await razorpayBooking(priya, 'pay-later');
    expect(b).toMatchObject({ Status: 'confirmed', PaymentStatus: 'unpaid', PaymentMethod: 'pay-later' });
    // Trips offers to pay it online.
    expect(await detail(priya.token, b.RefIdKey)).toMatchObject({ payOnline: true, amountDue: b.Total });
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, priya.token, 'IN');
    expect(start.status).toBe(200);
    const next = razorpayStep(start.body.data.Next);
    expect(next).toMatchObject({ type: 'razorpay', amount: b.Total, currency: 'INR' });
    expect(kit.gateways.orders.get(next.orderId)).toMatchObject({ amount: b.Total, receipt: b.RefIdKey });
    // Asked again: the same order.
    expect(
      razorpayStep(
        (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, priya.token, 'IN')).body.data.Next,
      ).orderId,
    ).toBe(next.orderId);

    const proof = kit.gateways.payOrder(next.orderId);
    const forged = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof, razorpay_signature: '0'.repeat(64) },
      priya.token,
      'IN',
    );
    expect(forged.status).toBe(400);
    const foreign = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      karan.token,
      'IN',
    );
    expect(foreign.status).toBe(404);
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
    const r = await row(b.BookingId);
    expect(r).toMatchObject({ amount_paid: b.Total });
    expect(r.paid_at).not.toBeNull();
    expect(r.invoice_number).toMatch(/^WLH-IN-/);
    expect(await detail(priya.token, b.RefIdKey)).toMatchObject({ amountDue: 0, payOnline: false });
    await mailTo(priya.email, `Payment received: booking ${b.RefIdKey}`, since);
    // Nothing left to pay.
    const again = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, priya.token, 'IN');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking has nothing left to pay.');
  });

  it('UAE: a Stripe Checkout Session for the amount due; the return and the webhook accept it as at checkout', async () => {
    const b = await stripeBooking(karan, 'pay-later');
    const next = stripeStep(
      (await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, karan.token)).body.data.Next,
    );
    expect(next.type).toBe('stripe');
    const session = kit.gateways.sessions.get(next.sessionId)!;
    expect(session).toMatchObject({ amount_total: b.Total, currency: 'aed', client_reference_id: String(b.BookingId) });
    expect(session.success_url).toBe(
      `http://localhost:8080/checkout/paid?ref=${b.RefIdKey}&session_id={CHECKOUT_SESSION_ID}`,
    );
    const early = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: next.sessionId },
      karan.token,
    );
    expect(early.status).toBe(409);
    kit.gateways.paySession(next.sessionId);
    const foreign = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: next.sessionId },
      priya.token,
    );
    expect(foreign.status).toBe(404);
    const back = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: next.sessionId },
      karan.token,
    );
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
    const r = await row(b.BookingId);
    expect(r.paid_at).not.toBeNull();
    expect(r.invoice_number).toMatch(/^WLH-AE-/);
    const event = kit.gateways.stripeEvent(session);
    expect((await stripeWebhook(event.payload, event.signature)).status).toBe(200);
    expect((await paymentRows(b.BookingId)).filter((p) => p.status === 'paid')).toHaveLength(1);
  });

  it('is refused after its due date, with what to do instead, and for someone else’s booking', async () => {
    const b = await stripeBooking(priya, 'pay-later');
    const foreign = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, karan.token);
    expect(foreign.status).toBe(404);
    await kit.database.db.execute(sql`update bookings set payment_due_on = current_date - 1 where id = ${b.BookingId}`);
    expect((await detail(priya.token, b.RefIdKey)).payOnline).toBe(false);
    const late = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, priya.token);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ status: 'error', data: null });
    expect(late.body.message).toMatch(
      /^The balance of this booking was due on \d{1,2} \w{3} \d{4}, so it can no longer be paid online\. Call us on .+ to pay or to change your booking\.$/,
    );
    expect(await count(kit, sql`select count(*) as n from payments where booking_id = ${b.BookingId}`)).toBe(0);
  });
});
