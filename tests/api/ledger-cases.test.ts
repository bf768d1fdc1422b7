import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema.ts';
import { createBooking } from '../../server/services/bookings/create-booking.ts';
import { recordManualPayment } from '../../server/services/desk/payments.ts';
import { makeRefund } from '../../server/services/desk/refunds.ts';
import { amountDue, entriesOf } from '../../server/services/ledger/ledger.ts';
import { panBaseInYear } from '../../server/services/tax-rules.ts';
import {
  createBookingKit,
  findPackage,
  holdId,
  inDays,
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
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * The money model's cases an outside audit reproduced (issue 30, decision 0089), each as the
 * traveller, the desk and the providers meet it: TCS at the rule of the day money arrives, the
 * threshold counted from receipts whatever the bookings' states, a capture over what is due kept
 * and owed back, a refund that fails after succeeding, a credit note for every refund, and advances
 * with their tax on a receipt voucher.
 */

let kit: BookingKit;
let accounts: Staffer;
let owner: Staffer;
let actor: { staffId: number; role: 'owner'; clientAddress: string };
let uae: number;
let abroad: number;

beforeAll(async () => {
  kit = await createBookingKit();
  accounts = await staffer(kit, 'accounts');
  owner = await staffer(kit, 'owner');
  actor = { staffId: owner.id, role: 'owner', clientAddress: 'test' };
  uae = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  abroad = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
}, 180_000);
afterAll(() => kit.close());

const db = () => kit.database.db;
const row = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const stripeWebhook = async (e: { payload: string; signature: string }) =>
  (
    await kit.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
      payload: e.payload,
    })
  ).statusCode;
const indian = (email: string) => lead({ Phone: '+919812345678', Email: email });

/**
 * An India pay-later booking of two adults of an overseas package, made on `now`, for this PAN (the surname's initial
 * is R).
 */
async function indiaPayLater(who: { token: string; userId: number; email: string }, now: Date, pan: string) {
  const id = await holdId(kit, who.token, 'IN', [{ packageId: abroad, adults: 2, travelDate: inDays(150, 'IN') }]);
  return createBooking(
    db(),
    kit.app.config,
    { userId: who.userId, site: 'IN' },
    {
      TempBookingId: id,
      PaymentMethod: 'pay-later',
      LeadTraveller: indian(who.email) as never,
      Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] as never,
      SpecialRequests: '',
      Pan: pan,
    },
    now,
  );
}

const tcsOf = (taxes: { code: string; amount: number; rate: number; base?: number }[]) =>
  taxes.find((t) => t.code === 'TCS')!;

describe('TCS at the rule of the day the money is received (case 1)', () => {
  it('a pay-later booking made under FY 2025-26 (5%) and paid in FY 2026-27 pays 2%, at the desk and through the gateway', async () => {
    const who = await traveller(kit, 'tcs1');
    await db().execute(sql`update package_prices set amount = 20000000 where package_id = ${abroad} and site = 'IN'`);
    const made = await indiaPayLater(who, new Date('2026-03-20T06:00:00Z'), 'ABCPR1111A');
    const booked = tcsOf((await row(made.BookingId)).taxes);
    expect(booked.rate).toBe(5);
    const base = booked.base!;
    // Paid by bank transfer on 5 April 2026: the rule of that day is 2% with no threshold.
    const due = await dueOn(made.BookingId, '2026-04-05');
    expect(due).toBe((await row(made.BookingId)).total - booked.amount + Math.round(base * 0.02));
    const paid = await recordManualPayment(
      db(),
      kit.app.config,
      actor,
      made.RefIdKey,
      { amount: due, method: 'bank-transfer', reference: `T1-${randomUUID()}`, receivedOn: '2026-04-05' },
      new Date('2026-04-05T08:00:00Z'),
    );
    expect(paid.PaymentStatus).toBe('paid');
    const entries = await entriesOf(db(), made.BookingId);
    expect(entries.map((e) => [e.kind, e.tcsRateBp, e.tcs, e.taxDay])).toEqual([
      ['bank-transfer', 200, Math.round(base * 0.02), '2026-04-05'],
    ]);
    const b = await row(made.BookingId);
    expect(tcsOf(b.taxes)).toMatchObject({ amount: Math.round(base * 0.02) });
    expect(b.amountPaid).toBe(b.total);

    // Online: a booking made yesterday under 2%, and a rule of 1% in force from today (a rate table
    // change between the booking and its payment): the gateway is opened for the total under today's rule.
    const today = inDays(0, 'IN');
    const online = await indiaPayLater(who, new Date(Date.now() - 86_400_000), 'ABCPR1111A');
    const before = await row(online.BookingId);
    expect(tcsOf(before.taxes).rate).toBe(2);
    await db().execute(
      sql`insert into tcs_rules (effective_from, rate_bp, note) values (${today}, 100, 'a test rule')`,
    );
    try {
      const start = await post(kit, 'StartBookingPayment', { BookingId: online.BookingId }, who.token, 'IN');
      expect(start.status, start.body.message).toBe(200);
      const after = await row(online.BookingId);
      expect(tcsOf(after.taxes).amount).toBe(Math.round(tcsOf(before.taxes).base! * 0.01));
      expect(razorpayStep(start.body.data.Next).amount).toBe(after.total);
      expect(after.total).toBeLessThan(before.total);
    } finally {
      await db().execute(sql`delete from tcs_rules where effective_from = ${today}`);
    }
  });
});

describe('the TCS threshold counts receipts, whatever the bookings’ states (case 2)', () => {
  it('three bookings for one PAN: the receipt that crosses ₹10 lakh pays 20% above it; a ₹1 refund takes ₹1, not a booking, off the count', async () => {
    const who = await traveller(kit, 'tcs2');
    await db().execute(sql`update package_prices set amount = 20000000 where package_id = ${abroad} and site = 'IN'`);
    const pan = 'BCDPR2222B';
    const on = new Date('2025-06-10T06:00:00Z');
    const made = [
      await indiaPayLater(who, on, pan),
      await indiaPayLater(who, on, pan),
      await indiaPayLater(who, on, pan),
    ];
    // Unpaid, each was quoted 5% on its whole amount: nothing had been received yet.
    const base = tcsOf((await row(made[0]!.BookingId)).taxes).base!;
    for (const m of made)
      expect(tcsOf((await row(m.BookingId)).taxes)).toMatchObject({ rate: 5, amount: Math.round(base * 0.05) });
    const payDay = new Date('2025-06-20T06:00:00Z');
    const dues: number[] = [];
    for (const m of made) {
      const r = await recordManualPayment(
        db(),
        kit.app.config,
        actor,
        m.RefIdKey,
        {
          amount: await dueOn(m.BookingId, '2025-06-20'),
          method: 'bank-transfer',
          reference: `T2-${randomUUID()}`,
          receivedOn: '2025-06-20',
        },
        payDay,
      );
      expect(r.PaymentStatus).toBe('paid');
      dues.push((await entriesOf(db(), m.BookingId))[0]!.tcs);
    }
    const threshold = 1_000_000 * 100;
    const under = threshold - 2 * base;
    expect(dues).toEqual([
      Math.round(base * 0.05),
      Math.round(base * 0.05),
      Math.round(under * 0.05) + Math.round((base - under) * 0.2),
    ]);
    expect(await panBaseInYear(db(), pan, '2025-06-20')).toBe(3 * base);
    // ₹1 back on the first booking: one rupee (its share of base) off the count, not the booking's whole amount.
    const [p] = (
      await db().execute<{ id: number }>(
        sql`select id from payments where booking_id = ${made[0]!.BookingId} and status = 'paid'`,
      )
    ).rows;
    await makeRefund(
      db(),
      kit.app.config,
      actor,
      made[0]!.RefIdKey,
      { paymentId: p!.id, amount: 100, reason: 'Goodwill', reference: `R2-${randomUUID()}` },
      randomUUID(),
      new Date('2025-06-21T06:00:00Z'),
    );
    const count = await panBaseInYear(db(), pan, '2025-06-21');
    expect(count).toBeLessThan(3 * base);
    expect(count).toBeGreaterThan(3 * base - 200);
  });
});

/** What is due on a booking on a day, as the desk takes it (the ledger's answer). */
async function dueOn(bookingId: number, day: string): Promise<number> {
  return (await amountDue(db(), kit.app.config, await row(bookingId), day)).total;
}

describe('money captured is never dropped (case 3)', () => {
  it('a Stripe balance session paid after staff recorded part of it by bank transfer: recorded, the booking paid, the excess owed back in the refund queue', async () => {
    const who = await traveller(kit, 'drop3');
    const b = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token);
    expect(start.status, start.body.message).toBe(200);
    const sessionId = stripeStep(start.body.data.Next).sessionId as string;
    // The traveller pays the whole balance at Stripe; its webhook is slow.
    const session = kit.gateways.paySession(sessionId);
    // Meanwhile staff record a bank transfer for part of it.
    const part = 50_000;
    const desk = await admin(kit, owner, 'POST', `bookings/${b.RefIdKey}/payments`, {
      amount: part,
      method: 'bank-transfer',
      reference: `T3-${randomUUID()}`,
      receivedOn: inDays(0),
    });
    expect(desk.status, desk.body.message).toBe(200);
    expect(await stripeWebhook(kit.gateways.stripeEvent(session))).toBe(200);
    const after = await row(b.BookingId);
    expect(after).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const { rows: events } = await db().execute<{ outcome: string }>(
      sql`select outcome from payment_events where booking_id = ${b.BookingId} and type = 'checkout.session.completed'`,
    );
    expect(events.map((e) => e.outcome)).toEqual(['applied']);
    const entries = await entriesOf(db(), b.BookingId);
    expect(entries.filter((e) => e.kind === 'owed-back').map((e) => e.amount)).toEqual([part]);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(b.Total + part);
    const queue = (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.filter(
      (i: { RefIdKey: string }) => i.RefIdKey === b.RefIdKey,
    );
    expect(queue).toMatchObject([{ kind: 'due', amount: part }]);
  });
});

describe('a refund that fails after succeeding (case 4)', () => {
  it('Stripe refund.failed after succeeded: reversed under a debit note, the booking paid again, the refund back in the queue, the traveller told', async () => {
    const who = await traveller(kit, 'fail4');
    const b = await siteBooking(kit, who, 'UAE', uae, 'stripe');
    await paidByStripe(kit, who.token, b);
    const money = (await admin(kit, accounts, 'GET', `bookings/${b.RefIdKey}/refunds`)).body.data;
    const made = await admin(
      kit,
      accounts,
      'POST',
      `bookings/${b.RefIdKey}/refunds`,
      { paymentId: money.payments[0]!.id, amount: 50_000, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    expect(made.status, made.body.message).toBe(200);
    const re = made.body.data.refund.providerRefundId as string;
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(re, 'succeeded'))).toBe(200);
    expect((await row(b.BookingId)).paymentStatus).toBe('partly-refunded');
    const mails = kit.mail.mails.length;
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(re, 'failed', 'refund.failed'))).toBe(200);
    const after = (await admin(kit, accounts, 'GET', `bookings/${b.RefIdKey}/refunds`)).body.data;
    expect(after.refunds[0]).toMatchObject({ status: 'failed' });
    expect(after.PaymentStatus).toBe('paid');
    const entries = await entriesOf(db(), b.BookingId);
    expect(entries.map((e) => [e.kind, e.amount, e.documentKind])).toEqual([
      ['capture', b.Total, 'invoice'],
      ['refund', -50_000, 'credit-note'],
      ['refund-reversal', 50_000, 'debit-note'],
    ]);
    expect(
      (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
        (i: { RefIdKey: string }) => i.RefIdKey === b.RefIdKey,
      ),
    ).toMatchObject({ kind: 'failed', amount: 50_000 });
    kit.app.kickOutbox();
    await expect
      .poll(
        () =>
          kit.mail.mails
            .slice(mails)
            .some((m) => m.subject.startsWith('Your refund of') && m.subject.includes('did not go through')),
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});

describe('every refund of sale money has its credit note (case 5)', () => {
  it('a desk refund on a UAE booking reverses its VAT on a credit note; the VAT summary falls by it', async () => {
    const who = await traveller(kit, 'cn5');
    const b = await siteBooking(kit, who, 'UAE', uae, 'stripe');
    await paidByStripe(kit, who.token, b);
    const money = (await admin(kit, accounts, 'GET', `bookings/${b.RefIdKey}/refunds`)).body.data;
    const made = await admin(
      kit,
      accounts,
      'POST',
      `bookings/${b.RefIdKey}/refunds`,
      { paymentId: money.payments[0]!.id, amount: 50_000, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.refund.creditNoteNumber).toMatch(/^WLH-AE-CN-/);
    const { rows } = await db().execute<{ taxes: { code: string; amount: number }[]; total: number }>(
      sql`select taxes, total from credit_notes where number = ${made.body.data.refund.creditNoteNumber}`,
    );
    expect(rows[0]!.total).toBe(50_000);
    const vat = rows[0]!.taxes.find((t) => t.code === 'VAT')!;
    const refundEntry = (await entriesOf(db(), b.BookingId)).find((e) => e.kind === 'refund')!;
    expect(vat.amount).toBe(-refundEntry.vat);
    expect(refundEntry.vat).toBeLessThan(0);
  });
});

describe('advances carry their tax (case 8)', () => {
  it('a part payment of an India pay-later booking gets a receipt voucher with its GST and TCS; the balance gets the tax invoice', async () => {
    const who = await traveller(kit, 'adv8');
    await db().execute(sql`update package_prices set amount = 5000000 where package_id = ${abroad} and site = 'IN'`);
    const made = await indiaPayLater(who, new Date(), 'CDEPR3333C');
    const b = { BookingId: made.BookingId, RefIdKey: made.RefIdKey, Total: (await row(made.BookingId)).total };
    const part = Math.floor(b.Total / 4);
    const one = await admin(kit, owner, 'POST', `bookings/${b.RefIdKey}/payments`, {
      amount: part,
      method: 'bank-transfer',
      reference: `T8-${randomUUID()}`,
      receivedOn: inDays(0, 'IN'),
    });
    expect(one.status, one.body.message).toBe(200);
    const [advance] = await entriesOf(db(), b.BookingId);
    expect(advance).toMatchObject({ kind: 'bank-transfer', amount: part, documentKind: 'receipt' });
    expect(advance!.cgst + advance!.sgst + advance!.igst + advance!.gst).toBeGreaterThan(0);
    const { rows: docs } = await db().execute<{
      number: string;
      total: number;
      taxes: { code: string; amount: number }[];
    }>(sql`select number, total, taxes from money_documents where booking_id = ${b.BookingId}`);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.number).toMatch(/^WLH-IN-RV-\d{6}$/);
    expect(docs[0]!.total).toBe(part);
    const rest = (await row(b.BookingId)).total - part;
    const two = await admin(kit, owner, 'POST', `bookings/${b.RefIdKey}/payments`, {
      amount: rest,
      method: 'bank-transfer',
      reference: `T8-${randomUUID()}`,
      receivedOn: inDays(0, 'IN'),
    });
    expect(two.status, two.body.message).toBe(200);
    expect(two.body.data.invoiceNumber).toMatch(/^WLH-IN-\d{6}$/);
    const entries = await entriesOf(db(), b.BookingId);
    expect(entries.map((e) => e.documentKind)).toEqual(['receipt', 'invoice']);
    // The two receipts hold the booking's whole GST, to the paisa.
    const gst = (await row(b.BookingId)).taxes
      .filter((t) => ['CGST', 'SGST', 'IGST', 'GST'].includes(t.code))
      .reduce((s, t) => s + t.amount, 0);
    expect(entries.reduce((s, e) => s + e.cgst + e.sgst + e.igst + e.gst, 0)).toBe(gst);
  });
});

describe('a booking staff cancelled stays cancelled (case 6)', () => {
  it('cancelling expires the open balance session; money Stripe took before that is owed back, never reinstating the booking', async () => {
    const who = await traveller(kit, 'cancel6');
    // A session left open: the cancellation expires it, so it can no longer take money.
    const open = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const first = await post(kit, 'StartBookingPayment', { BookingId: open.BookingId }, who.token);
    expect(first.status, first.body.message).toBe(200);
    const cancelled = await admin(kit, accounts, 'POST', `bookings/${open.RefIdKey}/cancel`, {
      reason: 'The traveller asked us to',
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(kit.gateways.sessions.get(stripeStep(first.body.data.Next).sessionId)).toMatchObject({ status: 'expired' });
    expect(() => kit.gateways.paySession(stripeStep(first.body.data.Next).sessionId)).toThrow();

    // A session paid at Stripe just before the cancellation, its webhook late: recorded, owed back.
    const late = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const start = await post(kit, 'StartBookingPayment', { BookingId: late.BookingId }, who.token);
    const session = kit.gateways.paySession(stripeStep(start.body.data.Next).sessionId);
    expect(
      (await admin(kit, accounts, 'POST', `bookings/${late.RefIdKey}/cancel`, { reason: 'The traveller asked us to' }))
        .status,
    ).toBe(200);
    expect(await stripeWebhook(kit.gateways.stripeEvent(session))).toBe(200);
    const b = await row(late.BookingId);
    expect(b).toMatchObject({ status: 'cancelled', paymentStatus: 'refund-due', cancelledBy: 'staff' });
    expect((await entriesOf(db(), late.BookingId)).map((e) => [e.kind, e.amount, e.owed])).toEqual([
      ['owed-back', late.Total, late.Total],
    ]);
    expect(
      (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
        (i: { RefIdKey: string }) => i.RefIdKey === late.RefIdKey,
      ),
    ).toMatchObject({ kind: 'due', amount: late.Total });
  });
});

describe('a payment-method coupon is paid by its method (case 7)', () => {
  it('NETBANK1000 paid by UPI: recorded and owed back, the booking not paid, the traveller told why', async () => {
    const who = await traveller(kit, 'coupon7');
    const home = (await findPackage(kit, { inIndia: true, rooms: 10 })).id;
    const price = (
      await db().execute<{ amount: number }>(
        sql`select amount from package_prices where package_id = ${home} and site = 'IN'`,
      )
    ).rows[0]!.amount;
    const adults = Math.max(2, Math.ceil(2_000_000 / price)); // ₹20,000 in paise, as the price
    const id = await holdId(kit, who.token, 'IN', [{ packageId: home, adults, rooms: Math.ceil(adults / 3) }]);
    const res = await post(
      kit,
      'CreateBooking',
      {
        TempBookingId: id,
        PaymentMethod: 'razorpay',
        CouponCode: 'NETBANK1000',
        PayWith: 'netbanking',
        LeadTraveller: lead({ FirstName: 'Neha', LastName: 'Shah', Email: who.email, Phone: '+919812345678' }),
        Travellers: Array.from({ length: adults - 1 }, (_, i) => ({
          FirstName: `Guest${'abcdefgh'[i]}`,
          LastName: 'Shah',
          AgeBand: 'adult',
        })),
      },
      who.token,
      'IN',
    );
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data;
    expect(b.Next).toMatchObject({ type: 'razorpay', method: 'netbanking' });
    // Paid by UPI all the same (a checkout opened some other way): the discount does not stand.
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId, { method: 'upi' });
    const verify = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      who.token,
      'IN',
    );
    expect(verify.status).toBe(409);
    expect(verify.body.message).toContain('Your coupon is for payment by netbanking, but this payment was made by upi');
    expect(await row(b.BookingId)).toMatchObject({
      status: 'awaiting-payment',
      paymentStatus: 'unpaid',
      amountPaid: 0,
    });
    expect((await entriesOf(db(), b.BookingId)).map((e) => [e.kind, e.owed])).toEqual([['owed-back', b.Total]]);
  });
});
