import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  book,
  count,
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
  paidByStripe,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { formatMinor } from '../../contract/format.ts';

/*
 * The desk's cancellations, refunds and credit notes (issue 20): amounts by policy, refunds through
 * both gateway stand-ins (partial, full, a double click, a provider's refusal), their webhooks,
 * the refund queue, credit notes (lines and reversed taxes adding up; numbers gapless under
 * concurrent cancellations), and who may do what.
 */

let kit: BookingKit;
let owner: Staffer;
let accounts: Staffer;
let agent: Staffer;
let catalogue: Staffer;
let uae: number;
let india: number;
let asha: { token: string; userId: number; email: string };
let priya: { token: string; userId: number; email: string };

beforeAll(async () => {
  kit = await createBookingKit();
  [owner, accounts, agent, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'catalogue'),
  ];
  uae = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  india = (await findPackage(kit, { inIndia: true, rooms: 10 })).id;
  asha = await traveller(kit, 'asha');
  priya = await traveller(kit, 'priya');
}, 180_000);
afterAll(() => kit.close());

const party = { Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }] };

/** A UAE booking paid by card through the Stripe stand-in, travelling in `days` days (a fresh date by default). */
async function stripePaid(days?: number) {
  const id = await holdId(kit, asha.token, 'UAE', [{ packageId: uae, ...(days ? { travelDate: inDays(days) } : {}) }]);
  const res = await book(kit, asha.token, 'UAE', {
    TempBookingId: id,
    PaymentMethod: 'stripe',
    LeadTraveller: lead({ Email: asha.email }),
    ...party,
  });
  expect(res.status, res.body.message).toBe(200);
  const b = res.body.data;
  await paidByStripe(kit, asha.token, b);
  return { ref: b.RefIdKey as string, id: b.BookingId as number, total: b.Total as number };
}

/** An India booking paid through the Razorpay stand-in. */
async function razorpayPaid() {
  const b = await siteBooking(kit, priya, 'IN', india, 'razorpay');
  const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
  const paid = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, priya.token, 'IN');
  expect(paid.status, paid.body.message).toBe(200);
  return {
    ref: b.RefIdKey as string,
    id: b.BookingId as number,
    total: b.Total as number,
    paymentId: proof.razorpay_payment_id,
  };
}

const money = (ref: string, who: Staffer = accounts) => admin(kit, who, 'GET', `bookings/${ref}/refunds`);
const cancel = (ref: string, body: object, who: Staffer = accounts) =>
  admin(kit, who, 'POST', `bookings/${ref}/cancel`, body);
const refund = (ref: string, body: object, key: string | null = randomUUID(), who: Staffer = accounts) =>
  admin(
    kit,
    who,
    'POST',
    `bookings/${ref}/refunds`,
    { reason: 'Goodwill', ...body },
    key ? { 'idempotency-key': key } : {},
  );

async function stripeWebhook(e: { payload: string; signature: string }) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    payload: e.payload,
  });
  return res.statusCode;
}
async function razorpayWebhook(e: { payload: string; signature: string; eventId: string }) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': e.signature,
      'x-razorpay-event-id': e.eventId,
    },
    payload: e.payload,
  });
  return res.statusCode;
}

async function bookingRow(id: number) {
  const { rows } = await kit.database.db.execute<{
    status: string;
    payment_status: string;
    invoice_number: string | null;
  }>(sql`select status, payment_status, invoice_number from bookings where id = ${id}`);
  return rows[0]!;
}
/** The booking's audit rows of one action, oldest first: who, role, before and after. */
const audited = async (ref: string, action: string) =>
  (await admin(kit, owner, 'GET', 'audit', { ref, action })).body.data.items
    .map((e) => ({
      by: e.staffEmail,
      role: e.role,
      before: e.before,
      after: e.after,
    }))
    .reverse();
const refundCount = (bookingId: number) =>
  count(kit, sql`select count(*) as n from refunds where booking_id = ${bookingId}`);

describe('cancellation by policy', { timeout: 60_000 }, () => {
  it('keeps the policy’s share by days before travel and refunds the rest through Stripe', async () => {
    // Default policy: 30+ days 10% kept, 15–29 25%, 7–14 50%, under 7 everything.
    for (const [days, percent] of [
      [45, 10],
      [20, 25],
      [10, 50],
      [3, 100],
    ] as const) {
      const b = await stripePaid(days);
      const quote = (await money(b.ref)).body.data.cancellation;
      expect(quote).toMatchObject({ daysBefore: days, keepPercent: percent, paid: b.total, total: b.total });
      const keep = Math.round((b.total * percent) / 100);
      expect(quote!.keep).toBe(keep);
      expect(quote!.refund).toBe(b.total - keep);
      const done = await cancel(b.ref, { reason: 'Change of plans' });
      expect(done.status, done.body.message).toBe(200);
      expect(done.body.data).toMatchObject({ keep, refund: b.total - keep, policyKeep: keep, failures: [] });
      const after = (await money(b.ref)).body.data;
      expect(after.Status).toBe('cancelled');
      expect(after.cancellation).toBeNull();
      if (percent === 100) {
        expect(after.refunds).toEqual([]);
        expect(after.creditNotes).toEqual([]);
        expect(after.PaymentStatus).toBe('paid');
      } else {
        expect(after.refunds).toHaveLength(1);
        expect(after.refunds[0]).toMatchObject({ provider: 'stripe', amount: b.total - keep, status: 'pending' });
        expect(after.refunds[0]!.providerRefundId).toMatch(/^re_/);
        expect(kit.gateways.stripeRefunds.get(after.refunds[0]!.providerRefundId!)).toMatchObject({
          amount: b.total - keep,
        });
        expect(after.PaymentStatus).toBe('refund-due');
        expect(after.creditNotes).toHaveLength(1);
      }
    }
  });

  it('releases the rooms, refuses a second cancellation, and mails the traveller with the credit note', async () => {
    const b = await stripePaid(40);
    const sold = () =>
      count(kit, sql`select rooms_sold as n from departures where package_id = ${uae} and travel_date = ${inDays(40)}`);
    const before = await sold();
    expect((await cancel(b.ref, { reason: 'Illness' })).status).toBe(200);
    expect(await sold()).toBe(before - 1);
    const again = await cancel(b.ref, { reason: 'Illness' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'error', message: 'This booking is already cancelled.' });
    expect(await sold()).toBe(before - 1);
    // The payment's receipt is mailed too, in its own time: wait for the cancellation's.
    let mail;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = kit.mail.mails.find((x) => x.subject === `Booking ${b.ref} cancelled`);
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail, 'the cancellation mail').toBeTruthy();
    expect(mail!.to).toContain(asha.email);
    expect(mail!.raw).toContain('application/pdf');
    expect(mail!.raw).toMatch(/credit-note-WLH-AE-CN-\d{6}\.pdf/);
    expect(await audited(b.ref, 'bookings.cancel')).toEqual([
      {
        by: accounts.email,
        role: 'accounts',
        before: { status: 'confirmed', paymentStatus: 'paid' },
        after: expect.objectContaining({
          status: 'cancelled',
          reason: 'Illness',
          keep: expect.any(Number),
          refund: expect.any(Number),
          refunds: [expect.any(Number)],
        }),
      },
    ]);
  });

  it('an unpaid booking: rooms released, nothing to refund, no credit note', async () => {
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: uae }]);
    const res = await book(kit, asha.token, 'UAE', {
      TempBookingId: id,
      PaymentMethod: 'stripe',
      LeadTraveller: lead({ Email: asha.email }),
      ...party,
    });
    const ref = res.body.data.RefIdKey;
    const done = await cancel(ref, { reason: 'Not paid' }, agent);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ refund: 0, keep: 0, creditNote: null, refunds: [] });
    expect(await bookingRow(res.body.data.BookingId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(
      await count(
        kit,
        sql`select count(*) as n from payments where booking_id = ${res.body.data.BookingId} and status = 'created'`,
      ),
    ).toBe(0);
  });

  it('an override of the amount kept needs cancellations.override and a reason, and is audited', async () => {
    const b = await stripePaid(40);
    const policy = (await money(b.ref)).body.data.cancellation!.keep;
    const byAgent = await cancel(b.ref, { reason: 'Goodwill', keep: 0, keepReason: 'Loyal customer' }, agent);
    expect(byAgent.status).toBe(403);
    expect((await bookingRow(b.id)).status).toBe('confirmed');
    const noReason = await cancel(b.ref, { reason: 'Goodwill', keep: 0 });
    expect(noReason.status).toBe(400);
    expect((await bookingRow(b.id)).status).toBe('confirmed');
    const done = await cancel(b.ref, { reason: 'Goodwill', keep: 5000, keepReason: 'Hotel fee only' });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ keep: 5000, refund: b.total - 5000, policyKeep: policy });
    const audit = await admin(kit, owner, 'GET', 'audit', { ref: b.ref, action: 'cancellations.override' });
    expect(audit.body.data.items[0]).toMatchObject({
      before: { keep: policy },
      after: { keep: 5000, keepReason: 'Hotel fee only' },
    });
  });

  it('approving a traveller’s request cancels and marks the request approved in the same go', async () => {
    const b = await stripePaid(40);
    await kit.database.db.execute(
      sql`insert into cancellation_requests (booking_id, user_id, client_key, reason) values (${b.id}, ${asha.userId}, ${`k-${b.id}`}, 'Visa refused')`,
    );
    const reqs = (await money(b.ref)).body.data.cancellationRequests;
    expect(reqs).toHaveLength(1);
    const done = await cancel(b.ref, { reason: 'Visa refused', requestId: reqs[0]!.id });
    expect(done.status, done.body.message).toBe(200);
    const after = (await money(b.ref)).body.data.cancellationRequests[0];
    expect(after).toMatchObject({ status: 'approved', decidedBy: accounts.email });
  });
});

describe('refunds through the gateways', { timeout: 60_000 }, () => {
  it('Stripe: a partial then the rest, processed by refund webhooks; the booking partly-refunded then refunded', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    expect(pay).toMatchObject({ provider: 'stripe', refundable: b.total, refunded: 0 });
    const part = await refund(b.ref, { paymentId: pay!.id, amount: 10_000, note: 'Late transfer' });
    expect(part.status, part.body.message).toBe(200);
    expect(part.body.data.refund).toMatchObject({ status: 'pending', amount: 10_000 });
    const reId = part.body.data.refund.providerRefundId;
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(reId!, 'succeeded'))).toBe(200);
    let m = (await money(b.ref)).body.data;
    expect(m.refunds[0]!.status).toBe('processed');
    expect(m.PaymentStatus).toBe('partly-refunded');
    expect(m.payments[0]).toMatchObject({ refunded: 10_000, refundable: b.total - 10_000 });

    const rest = await refund(b.ref, { paymentId: pay!.id, amount: b.total - 10_000 });
    expect(rest.status, rest.body.message).toBe(200);
    // charge.refunded carries the charge with its refunds.
    expect(
      await stripeWebhook(
        kit.gateways.stripeRefundEvent(rest.body.data.refund.providerRefundId!, 'succeeded', 'charge.refunded'),
      ),
    ).toBe(200);
    m = (await money(b.ref)).body.data;
    expect(m.refunds.map((r: { status: string }) => r.status)).toEqual(['processed', 'processed']);
    expect(m.PaymentStatus).toBe('refunded');
    const more = await refund(b.ref, { paymentId: pay!.id, amount: 100 });
    expect(more.status).toBe(409);
    expect(more.body.message).toMatch(/^That is more than can be refunded on this payment: at most /);
    // Each refund is audited with what the payment had before and the refund made.
    expect(await audited(b.ref, 'refunds.make')).toEqual([
      {
        by: accounts.email,
        role: 'accounts',
        before: { paymentId: pay!.id, refunded: 0, refundable: b.total },
        after: expect.objectContaining({
          paymentId: pay!.id,
          provider: 'stripe',
          amount: 10_000,
          note: 'Late transfer',
        }),
      },
      {
        by: accounts.email,
        role: 'accounts',
        before: { paymentId: pay!.id, refunded: 10_000, refundable: b.total - 10_000 },
        after: expect.objectContaining({ amount: b.total - 10_000 }),
      },
    ]);
  });

  it('Razorpay: a cancellation’s refund, processed by refund.processed; a replay and a forged event change nothing', async () => {
    const b = await razorpayPaid();
    const done = await cancel(b.ref, { reason: 'Change of plans' });
    expect(done.status, done.body.message).toBe(200);
    const r = done.body.data.refunds[0];
    expect(r).toMatchObject({ provider: 'razorpay', status: 'pending', amount: done.body.data.refund });
    expect(kit.gateways.razorpayRefunds.get(r!.providerRefundId!)).toMatchObject({
      payment_id: b.paymentId,
      amount: r!.amount,
    });

    const forged = kit.gateways.razorpayRefundEvent(r!.providerRefundId!, 'refund.processed');
    expect(
      await razorpayWebhook({ ...forged, signature: forged.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }),
    ).toBe(400);
    expect((await money(b.ref)).body.data.refunds[0]!.status).toBe('pending');

    const event = kit.gateways.razorpayRefundEvent(r!.providerRefundId!, 'refund.processed');
    expect(await razorpayWebhook(event)).toBe(200);
    let m = (await money(b.ref)).body.data;
    expect(m.refunds[0]!.status).toBe('processed');
    expect(m.PaymentStatus).toBe('partly-refunded');
    // A replay of the processed event changes nothing.
    expect(await razorpayWebhook(event)).toBe(200);
    expect((await money(b.ref)).body.data.refunds[0]!.status).toBe('processed');
    expect(await count(kit, sql`select count(*) as n from payment_events where event_id = ${event.eventId}`)).toBe(1);
    // A refund.failed after it succeeded (the bank sent it back): the refund fails, the ledger
    // reverses it under a debit note, and the cancelled booking owes that money again (decision 0089).
    const failed = kit.gateways.razorpayRefundEvent(r!.providerRefundId!, 'refund.failed');
    expect(await razorpayWebhook(failed)).toBe(200);
    expect(await razorpayWebhook(failed)).toBe(200);
    m = (await money(b.ref)).body.data;
    expect(m.refunds[0]!.status).toBe('failed');
    expect(m.PaymentStatus).toBe('refund-due');
    const entries = (
      await kit.database.db.execute<{ kind: string; amount: number; document_kind: string | null }>(
        sql`select kind, amount, document_kind from ledger_entries where refund_id = ${r!.id} order by id`,
      )
    ).rows;
    expect(entries).toEqual([
      { kind: 'refund', amount: -r!.amount, document_kind: 'credit-note' },
      { kind: 'refund-reversal', amount: r!.amount, document_kind: 'debit-note' },
    ]);
    expect(
      (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
        (i: { RefIdKey: string }) => i.RefIdKey === b.ref,
      ),
    ).toMatchObject({ kind: 'failed', amount: r!.amount });
  });

  it('Razorpay: partial then full through refunds.make, and refund.failed fails a pending one', async () => {
    const b = await razorpayPaid();
    const pay = (await money(b.ref)).body.data.payments.find((p: { status: string }) => p.status === 'paid');
    const first = await refund(b.ref, { paymentId: pay!.id, amount: 50_000 });
    expect(first.status, first.body.message).toBe(200);
    expect(
      await razorpayWebhook(
        kit.gateways.razorpayRefundEvent(first.body.data.refund.providerRefundId!, 'refund.failed'),
      ),
    ).toBe(200);
    let m = (await money(b.ref)).body.data;
    expect(m.refunds[0]).toMatchObject({ status: 'failed' });
    expect(m.payments.find((p: { id: number }) => p.id === pay!.id)!.refundable).toBe(b.total);
    const full = await refund(b.ref, { paymentId: pay!.id, amount: b.total });
    expect(full.status, full.body.message).toBe(200);
    expect(
      await razorpayWebhook(
        kit.gateways.razorpayRefundEvent(full.body.data.refund.providerRefundId!, 'refund.processed'),
      ),
    ).toBe(200);
    m = (await money(b.ref)).body.data;
    expect(m.PaymentStatus).toBe('refunded');
  });

  it('a double click is one refund: the same key twice at once, and two keys asking more than is left', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    const calls = kit.gateways.refundCalls.stripe;
    const key = randomUUID();
    const [x, y] = await Promise.all([
      refund(b.ref, { paymentId: pay!.id, amount: 20_000 }, key),
      refund(b.ref, { paymentId: pay!.id, amount: 20_000 }, key),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data.refund.id).toBe(y.body.data.refund.id);
    expect(await refundCount(b.id)).toBe(1);
    expect(kit.gateways.refundCalls.stripe).toBe(calls + 1);

    const left = b.total - 20_000;
    const [p, q] = await Promise.all([
      refund(b.ref, { paymentId: pay!.id, amount: left }),
      refund(b.ref, { paymentId: pay!.id, amount: left }, randomUUID(), owner),
    ]);
    expect([p.status, q.status].sort()).toEqual([200, 409]);
    expect(await refundCount(b.id)).toBe(2);
    expect((await money(b.ref)).body.data.payments[0]!.refundable).toBe(0);
    const noKey = await refund(b.ref, { paymentId: pay!.id, amount: 100 }, null);
    expect(noKey.status).toBe(400);
  });

  it('a provider’s refusal: the refund failed with its words, nothing counted as refunded, and a retry works', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    kit.gateways.refuseNextRefund.stripe = 'This charge is disputed and cannot be refunded.';
    const failedKey = randomUUID();
    const res = await refund(b.ref, { paymentId: pay!.id, amount: 30_000 }, failedKey);
    expect(res.status).toBe(502);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe(
      'Stripe refused the refund: This charge is disputed and cannot be refunded. Nothing was refunded; check the payment and try again.',
    );
    let m = (await money(b.ref)).body.data;
    expect(m.refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: 'Stripe: This charge is disputed and cannot be refunded.',
    });
    expect(m.payments[0]).toMatchObject({ refunded: 0, refundable: b.total });
    expect(m.PaymentStatus).toBe('paid');
    // The same request again is the same refusal, not a second try.
    const same = await refund(b.ref, { paymentId: pay!.id, amount: 30_000 }, failedKey);
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(
      'This refund failed (Stripe: This charge is disputed and cannot be refunded.). Nothing was refunded: reload the page to try again.',
    );
    const queue = (await admin(kit, accounts, 'GET', 'refunds')).body.data.items;
    expect(queue.find((i: { RefIdKey: string }) => i.RefIdKey === b.ref)).toMatchObject({
      kind: 'failed',
      amount: 30_000,
    });
    const retry = await refund(b.ref, { paymentId: pay!.id, amount: 30_000 });
    expect(retry.status, retry.body.message).toBe(200);
    m = (await money(b.ref)).body.data;
    expect(m.payments[0]!.refunded).toBe(30_000);
    expect(
      (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
        (i: { RefIdKey: string }) => i.RefIdKey === b.ref,
      ),
    ).toBeUndefined();

    // Razorpay's refusal reads the same way, and a cancellation still stands with its refund failed.
    const r = await razorpayPaid();
    kit.gateways.refuseNextRefund.razorpay = 'The payment has been fully refunded already';
    const done = await cancel(r.ref, { reason: 'Change of plans' });
    expect(done.status).toBe(200);
    expect(done.body.message).toContain(
      'Razorpay refused the refund: answered 400: The payment has been fully refunded already',
    );
    expect(done.body.data.refunds[0]).toMatchObject({ status: 'failed' });
  });
});

describe("refunds made in the provider's dashboard", { timeout: 60_000 }, () => {
  it('Stripe: recorded on its payment from the webhook, once however often it comes; the desk cannot refund that money again', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    const mailsBefore = kit.mail.mails.length;
    const reId = kit.gateways.dashboardRefund('stripe', pay!.providerPaymentId!, 10_000);
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(reId, 'succeeded'))).toBe(200);
    // Stripe sends charge.refunded for the same refund too, and may send an event twice.
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(reId, 'succeeded', 'charge.refunded'))).toBe(200);
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(reId, 'succeeded'))).toBe(200);
    const m = (await money(b.ref)).body.data;
    expect(m.refunds).toHaveLength(1);
    expect(m.refunds[0]).toMatchObject({
      provider: 'stripe',
      providerRefundId: reId,
      amount: 10_000,
      status: 'processed',
      reason: "Made in Stripe's dashboard, not at the desk",
    });
    expect(m.payments[0]).toMatchObject({ refunded: 10_000, refundable: b.total - 10_000 });
    expect(m.PaymentStatus).toBe('partly-refunded');
    const tooMuch = await refund(b.ref, { paymentId: pay!.id, amount: b.total - 10_000 + 100 });
    expect(tooMuch.status).toBe(409);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'refunds.outside' and record_id = ${b.ref} and staff_id is null`,
      ),
    ).toBe(1);
    kit.app.kickOutbox();
    await expect
      .poll(
        () =>
          kit.mail.mails
            .slice(mailsBefore)
            .filter((x) => x.subject.startsWith(`Refund of `) && x.subject.endsWith(b.ref)).length,
        { timeout: 15_000 },
      )
      .toBe(1);
  });

  it('Razorpay: pending, then processed by refund.processed; a replayed event and a refund on a payment not ours change nothing', async () => {
    const b = await razorpayPaid();
    const rfnd = kit.gateways.dashboardRefund('razorpay', b.paymentId, b.total);
    const processed = kit.gateways.razorpayRefundEvent(rfnd, 'refund.processed');
    expect(await razorpayWebhook(processed)).toBe(200);
    expect(await razorpayWebhook(processed)).toBe(200);
    const m = (await money(b.ref)).body.data;
    expect(m.refunds).toHaveLength(1);
    expect(m.refunds[0]).toMatchObject({
      provider: 'razorpay',
      providerRefundId: rfnd,
      amount: b.total,
      status: 'processed',
    });
    expect(m.PaymentStatus).toBe('refunded');
    expect(
      await count(kit, sql`select count(*)::int as n from payment_events where event_id = ${processed.eventId}`),
    ).toBe(1);

    const before = await count(kit, sql`select count(*)::int as n from refunds`);
    const stranger = kit.gateways.dashboardRefund('razorpay', 'pay_notours0000001', 5_000);
    const event = kit.gateways.razorpayRefundEvent(stranger, 'refund.processed');
    expect(await razorpayWebhook(event)).toBe(200);
    expect(await count(kit, sql`select count(*)::int as n from refunds`)).toBe(before);
    const { rows } = await kit.database.db.execute<{ outcome: string }>(
      sql`select outcome from payment_events where event_id = ${event.eventId}`,
    );
    expect(rows.map((r) => r.outcome)).toEqual(['ignored']);
  });

  it('a dashboard refund that takes the payment past what it took (a desk refund still pending) is recorded, flagged on the timeline, and leaves nothing refundable', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    // The desk refunds 10,000; before Stripe settles it, someone refunds the whole payment in the dashboard.
    const part = await refund(b.ref, { paymentId: pay!.id, amount: 10_000 });
    expect(part.status, part.body.message).toBe(200);
    const reId = kit.gateways.dashboardRefund('stripe', pay!.providerPaymentId!, b.total);
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(reId, 'succeeded'))).toBe(200);
    let m = (await money(b.ref)).body.data;
    expect(m.refunds.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([
      [10_000, 'pending'],
      [b.total, 'processed'],
    ]);
    expect(m.payments[0]).toMatchObject({ refundable: 0 });
    expect(m.PaymentStatus).toBe('refunded');
    const again = await refund(b.ref, { paymentId: pay!.id, amount: 100 });
    expect(again.status).toBe(409);
    const detail = (await admin(kit, accounts, 'GET', `bookings/${b.ref}`)).body.data;
    const flagged = detail.timeline.find(
      (t: { kind: string; text: string }) => t.kind === 'payment-event' && t.text.includes(reId),
    );
    expect(flagged?.text).toContain(`AED 100 more than the ${formatMinor(b.total, 'AED')} it took`);
    expect(flagged?.text).toContain('check its pending refunds in Stripe');
    // Stripe fails the desk's refund (the money had already gone back): the books add up again.
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(part.body.data.refund.providerRefundId!, 'failed'))).toBe(
      200,
    );
    m = (await money(b.ref)).body.data;
    expect(m.refunds.map((r: { status: string }) => r.status)).toEqual(['failed', 'processed']);
    expect(m.payments[0]).toMatchObject({ refunded: b.total, refundable: 0 });
    expect(m.PaymentStatus).toBe('refunded');
  });

  it('a dashboard refund within what is left carries no warning', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    const reId = kit.gateways.dashboardRefund('stripe', pay!.providerPaymentId!, b.total);
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(reId, 'succeeded'))).toBe(200);
    const detail = (await admin(kit, accounts, 'GET', `bookings/${b.ref}`)).body.data;
    const entry = detail.timeline.find(
      (t: { kind: string; text: string }) => t.kind === 'payment-event' && t.text.includes(reId),
    );
    expect(entry?.text).toContain('recorded on payment');
    expect(entry?.text).not.toContain('more than');
  });
});

describe('the refund queue', { timeout: 60_000 }, () => {
  it('lists a second payment owed back; one click refunds it and marks it refunded once processed', async () => {
    const b = await stripePaid();
    // A second Stripe payment of the same booking (a second tab): kept with its refund due.
    await kit.database.db
      .execute(sql`insert into payments (booking_id, provider, provider_ref, provider_payment_id, amount, currency, status, refund_status, paid_at)
      select booking_id, 'stripe', provider_ref || '-2', provider_payment_id || '-2', amount, currency, 'paid', 'due', now() from payments where booking_id = ${b.id} and status = 'paid'`);
    const [second] = (
      await kit.database.db.execute<{ provider_ref: string; provider_payment_id: string; amount: number }>(
        sql`select provider_ref, provider_payment_id, amount from payments where booking_id = ${b.id} and refund_status = 'due'`,
      )
    ).rows;
    kit.gateways.sessions.set(second!.provider_ref, {
      ...kit.gateways.sessions.get(second!.provider_ref.replace(/-2$/, ''))!,
      id: second!.provider_ref,
      payment_intent: second!.provider_payment_id,
      payment_status: 'paid',
    });
    const byAgent = await admin(kit, agent, 'GET', 'refunds');
    expect(byAgent.status).toBe(403);
    const item = (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
      (i: { RefIdKey: string }) => i.RefIdKey === b.ref,
    );
    expect(item).toMatchObject({ kind: 'due', amount: second!.amount });
    const done = await refund(b.ref, { paymentId: item!.payment.id, amount: item!.amount, reason: 'Paid twice' });
    expect(done.status, done.body.message).toBe(200);
    expect(
      await stripeWebhook(kit.gateways.stripeRefundEvent(done.body.data.refund.providerRefundId!, 'succeeded')),
    ).toBe(200);
    const m = (await money(b.ref)).body.data;
    expect(m.payments.find((p: { id: number }) => p.id === item!.payment.id)!.refundStatus).toBe('refunded');
    expect(m.PaymentStatus).toBe('paid');
    expect(
      (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
        (i: { RefIdKey: string }) => i.RefIdKey === b.ref,
      ),
    ).toBeUndefined();
  });

  it('a gateway refund never sent (the process stopped after the commit) is in the queue and sent with one click', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    await kit.database.db
      .execute(sql`insert into refunds (booking_id, payment_id, provider, amount, currency, idempotency_key, reason, created_at, updated_at)
      values (${b.id}, ${pay!.id}, 'stripe', 15000, 'AED', ${`lost-${b.id}`}, 'Goodwill', now() - interval '10 minutes', now() - interval '10 minutes')`);
    const item = (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
      (i: { RefIdKey: string }) => i.RefIdKey === b.ref,
    );
    expect(item).toMatchObject({ kind: 'unsent', amount: 15000 });
    const sent = await admin(kit, accounts, 'POST', `bookings/${b.ref}/refunds/${item!.refund!.id}/send`);
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.data.refund.providerRefundId).toMatch(/^re_/);
    const again = await admin(kit, accounts, 'POST', `bookings/${b.ref}/refunds/${item!.refund!.id}/send`);
    expect(again.status).toBe(409);
    expect(await audited(b.ref, 'refunds.make')).toEqual([
      {
        by: accounts.email,
        role: 'accounts',
        before: { refundId: item!.refund!.id, sent: false },
        after: { refundId: item!.refund!.id, sent: true },
      },
    ]);
    // Sent again after Stripe's answer was lost (the row still unsent): the same Idempotency-Key, so Stripe answers the
    // same refund.
    const atStripe = kit.gateways.stripeRefunds.size;
    await kit.database.db.execute(
      sql`update refunds set provider_refund_id = null, status = 'pending' where id = ${item!.refund!.id}`,
    );
    const resent = await admin(kit, accounts, 'POST', `bookings/${b.ref}/refunds/${item!.refund!.id}/send`);
    expect(resent.status, resent.body.message).toBe(200);
    expect(resent.body.data.refund.providerRefundId).toBe(sent.body.data.refund.providerRefundId);
    expect(kit.gateways.stripeRefunds.size).toBe(atStripe);
    expect(
      (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
        (i: { RefIdKey: string }) => i.RefIdKey === b.ref,
      ),
    ).toBeUndefined();
  });

  it('money paid outside the shop waits for staff to record its refund with a reference', async () => {
    const b = await stripePaid();
    // Paid half by card and half by bank transfer: make the card payment half, and add a manual one.
    const half = Math.floor(b.total / 2);
    await kit.database.db.execute(
      sql`update payments set amount = ${half} where booking_id = ${b.id} and status = 'paid'`,
    );
    await kit.database.db
      .execute(sql`insert into payments (booking_id, provider, provider_ref, method, received_on, amount, currency, status, paid_at)
      values (${b.id}, 'manual', ${`BT-${b.id}`}, 'bank-transfer', '2026-01-01', ${b.total - half}, 'AED', 'paid', '2020-01-01')`);
    const done = await cancel(b.ref, { reason: 'Change of plans', keep: 0, keepReason: 'Full refund agreed' });
    expect(done.status, done.body.message).toBe(200);
    const [card, bank] = done.body.data.refunds;
    expect(card).toMatchObject({ provider: 'stripe', amount: half });
    expect(bank).toMatchObject({ provider: 'manual', amount: b.total - half, status: 'pending' });
    const queued = (await admin(kit, accounts, 'GET', 'refunds')).body.data.items.find(
      (i: { RefIdKey: string; kind: string }) => i.RefIdKey === b.ref && i.kind === 'manual-pending',
    );
    expect(queued).toBeTruthy();
    const noRef = await admin(kit, accounts, 'POST', `bookings/${b.ref}/refunds/${bank!.id}/record`, {
      reference: ' ',
    });
    expect(noRef.status).toBe(400);
    const rec = await admin(kit, accounts, 'POST', `bookings/${b.ref}/refunds/${bank!.id}/record`, {
      reference: `RTN-${b.id}`,
    });
    expect(rec.status, rec.body.message).toBe(200);
    expect(rec.body.data.refund).toMatchObject({ status: 'processed', providerRefundId: `RTN-${b.id}` });
    expect(await audited(b.ref, 'refunds.make')).toEqual([
      {
        by: accounts.email,
        role: 'accounts',
        before: { refundId: bank!.id, status: 'pending' },
        after: { refundId: bank!.id, status: 'processed', reference: `RTN-${b.id}` },
      },
    ]);
    expect((await money(b.ref)).body.data.PaymentStatus).toBe('partly-refunded');
  });
});

describe('credit notes', { timeout: 60_000 }, () => {
  it('name the invoice, spread the refund over the lines with the tax reversed, and add up; JSON and PDF', async () => {
    for (const b of [await razorpayPaid(), await stripePaid()]) {
      const inv = (await bookingRow(b.id)).invoice_number!;
      const done = await cancel(b.ref, { reason: 'Change of plans' });
      const cn = done.body.data.creditNote;
      expect(cn).toMatchObject({ invoiceNumber: inv, total: done.body.data.refund });
      expect(cn!.number).toMatch(inv.startsWith('WLH-IN') ? /^WLH-IN-CN-\d{6}$/ : /^WLH-AE-CN-\d{6}$/);
      const doc = await admin(kit, accounts, 'GET', `bookings/${b.ref}/credit-notes/${cn!.id}`);
      expect(doc.status).toBe(200);
      const note = doc.body.data;
      expect(note.taxes.length).toBeGreaterThan(0);
      const lineTotal = note.lines.reduce(
        (s: number, l: { amount: number; taxes: { amount: number }[] }) =>
          s + l.amount + l.taxes.reduce((t, x) => t + x.amount, 0),
        0,
      );
      expect(lineTotal).toBe(note.total);
      expect(note.amountBeforeTax + note.taxes.reduce((s: number, t: { amount: number }) => s + t.amount, 0)).toBe(
        note.total,
      );
      for (const tax of note.taxes) {
        expect(
          note.lines.reduce(
            (s: number, l: { taxes: { code: string; amount: number }[] }) =>
              s + l.taxes.filter((t) => t.code === tax.code).reduce((a, t) => a + t.amount, 0),
            0,
          ),
        ).toBe(tax.amount);
      }
      const pdf = await admin(kit, accounts, 'GET', `bookings/${b.ref}/credit-notes/${cn!.id}.pdf`);
      expect(pdf.status).toBe(200);
      expect(await audited(b.ref, 'creditNotes.open')).toEqual([
        { by: accounts.email, role: 'accounts', before: null, after: { creditNote: cn!.number } },
      ]);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
      const other = await admin(kit, accounts, 'GET', `bookings/${b.ref}/credit-notes/${cn!.id + 100000}`);
      expect(other.status).toBe(404);
    }
  });

  it('the traveller gets their own credit note beside the invoice (JSON and PDF), and nobody else’s', async () => {
    const b = await stripePaid();
    const done = await cancel(b.ref, { reason: 'Change of plans' });
    const cn = done.body.data.creditNote;
    const mine = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetCreditNoteDetails?BookingId=${b.id}`,
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({
      number: cn!.number,
      invoiceNumber: cn!.invoiceNumber,
      total: cn!.total,
      RefIdKey: b.ref,
    });
    const pdf = await kit.app.inject({
      method: 'GET',
      url: mine.json().data.pdf.url,
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const theirs = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetCreditNoteDetails?BookingId=${b.id}`,
      headers: { authorization: `Bearer ${priya.token}` },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({
      status: 'error',
      message: 'We could not find this booking in your account.',
    });
    const none = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetCreditNoteDetails?BookingId=${(await stripePaid()).id}`,
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This booking has no credit note.');
  });

  it('numbers stay gapless under 20 concurrent cancellations', async () => {
    const made = [];
    for (let i = 0; i < 20; i++) made.push(await stripePaid());
    const results = await Promise.all(
      made.map((b, i) => cancel(b.ref, { reason: 'Tour withdrawn' }, i % 2 ? accounts : owner)),
    );
    for (const r of results) expect(r.status, r.body.message).toBe(200);
    const numbers = results.map((r) => Number(r.body.data.creditNote!.number.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
    const { rows } = await kit.database.db.execute<{ number: string }>(
      sql`select number from credit_notes where site = 'UAE' order by number`,
    );
    const all = rows.map((r) => Number(r.number.slice(-6)));
    expect(all).toEqual(all.map((_, i) => i + 1));
    const [counter] = (
      await kit.database.db.execute<{ last_number: number }>(
        sql`select last_number from credit_note_counters where site = 'UAE'`,
      )
    ).rows;
    expect(Number(counter!.last_number)).toBe(all.length);
  }, 120_000);
});

describe('who may do what', { timeout: 60_000 }, () => {
  it('refuses agent the refund and catalogue everything, changing nothing; no session 401; no CSRF 403', async () => {
    const b = await stripePaid();
    const pay = (await money(b.ref)).body.data.payments[0];
    const byAgent = await refund(b.ref, { paymentId: pay!.id, amount: 1000 }, randomUUID(), agent);
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.status).toBe('error');
    for (const [method, path, body] of [
      ['GET', `bookings/${b.ref}/refunds`, undefined],
      ['POST', `bookings/${b.ref}/cancel`, { reason: 'x' }],
      ['POST', `bookings/${b.ref}/refunds`, { paymentId: pay!.id, amount: 1000, reason: 'x' }],
      ['GET', 'refunds', undefined],
      ['GET', `bookings/${b.ref}/credit-notes/1`, undefined],
    ] as const) {
      const res = await admin(kit, catalogue, method, path, body, { 'idempotency-key': randomUUID() });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await admin(kit, null, 'POST', `bookings/${b.ref}/cancel`, { reason: 'x' })).status).toBe(401);
    const noCsrf = await kit.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.ref}/cancel`,
      payload: { reason: 'x' },
      headers: { cookie: accounts.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await refundCount(b.id)).toBe(0);
  });
});
