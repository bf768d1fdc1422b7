import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BookingSummary, NextStep } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, bookingTravellers, payments } from '../../db/schema.ts';
import { badRequest, conflict, HttpError } from '../../lib/envelope.ts';
import { unpaidPastWindow } from '../bookings/expiry.ts';
import { ownBooking } from '../bookings/queries.ts';
import { recheckBookingCoupon } from '../bookings/coupon-recheck.ts';
import { recordEvent, summaryOf, type BookingRow } from '../bookings/records.ts';
import { assignInvoiceNumber } from '../documents/invoice-number.ts';
import { shopDetails } from '../shop-details.ts';
import { razorpay, razorpaySignatureValid } from './razorpay.ts';
import { stripeClient, viaStripe, type CheckoutSession, type Stripe } from './stripe.ts';

/*
 * Payments for a booking: the next step the page takes (pay later, or open a gateway with the
 * order or Checkout Session we created for this booking), and the proofs that mark it paid. A
 * proof counts only when it is for this booking, in its currency and for its exact amount; a
 * booking is marked paid once, whichever proof arrives first.
 */

type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_MESSAGES = {
  notThisBooking: 'This payment is not for this booking. Nothing has changed.',
  badSignature: 'We could not verify this payment: its signature is not Razorpay’s. Nothing has changed on your booking.',
  alreadyVerified: 'This payment has already been verified.',
  paidTwice: 'This booking was already paid. We have recorded this second payment and will refund it to you.',
  paymentIdUsed: 'This payment was already used for another booking. Nothing has changed.',
  amountMismatch: 'The amount or currency of this payment does not match your booking. Nothing has changed; call us if money was taken.',
  notPaidYet: 'Stripe has not confirmed this payment yet. If you paid, your booking will show as paid shortly.',
  cancelled: 'This booking was cancelled, so it cannot be paid. Call us if money was taken.',
} as const;

const sitePath = (site: string) => (site === 'IN' ? '/in' : '');

async function openPayment(db: Db, bookingId: number, provider: 'razorpay' | 'stripe'): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, provider), eq(payments.status, 'created')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/**
 * Less time than this left to pay an order: the traveller gets a new order (and window) instead.
 * Short, so a checkout still open on the old order closes itself within a minute of the new one:
 * two orders open at once could each take the money.
 */
const FRESH_ORDER_UNDER_SECONDS = 60;
/** How many Razorpay orders (so payment windows) one booking may have. */
const MAX_ORDERS_PER_BOOKING = 3;

async function ordersOf(db: Db, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'razorpay')));
  return row?.n ?? 0;
}

/**
 * Seconds the traveller has left to pay before the payment window cancels the booking
 * (cancelUnpaidBookings counts it from the booking and from its payment's start), less a minute:
 * Razorpay's checkout closes itself then, so it does not take money for a booking about to go.
 * Below zero once that minute has begun.
 */
export function secondsToPay(b: Pick<BookingRow, 'createdAt'>, payment: Pick<PaymentRow, 'createdAt'>, windowMinutes: number, now = Date.now()): number {
  const since = Math.max(new Date(b.createdAt).getTime(), new Date(payment.createdAt).getTime());
  return Math.floor((since + windowMinutes * 60_000 - now) / 1000) - 60;
}

async function leadOf(db: Db, bookingId: number) {
  const [lead] = await db
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.lead, true)))
    .limit(1);
  return lead;
}

async function keepPayment(db: Db, row: typeof payments.$inferInsert) {
  await db.insert(payments).values(row).onConflictDoNothing();
}

/**
 * What the page does next for a booking: nothing (paid, cancelled), pay later (bank details and
 * due date), or open the gateway with this booking's order or session (created once, then reused).
 */
export async function nextStepFor(db: Db, config: Config, b: BookingRow): Promise<NextStep> {
  if (b.status === 'cancelled' || b.paymentStatus === 'paid') return { type: 'none' };
  const shop = shopDetails(config, b.site as Site);
  if (b.paymentMethod === 'pay-later') {
    return { type: 'pay-later', dueOn: b.paymentDueOn ?? '', payTo: { phone: shop.phone, email: shop.email, bank: shop.bank } };
  }
  await recheckBookingCoupon(db, b, new Date());
  const lead = await leadOf(db, b.id);
  if (b.paymentMethod === 'razorpay') {
    let payment = await openPayment(db, b.id, 'razorpay');
    // An order whose window has nearly run out is not offered again: a new one starts a new window,
    // a few times at most (else asking again each hour would keep the rooms without paying).
    const renew = payment && secondsToPay(b, payment, config.PAYMENT_WINDOW_MINUTES) < FRESH_ORDER_UNDER_SECONDS && (await ordersOf(db, b.id)) < MAX_ORDERS_PER_BOOKING;
    if (!payment || renew) {
      const order = await razorpay(config).createOrder({ amount: b.total, currency: b.currency, receipt: b.refIdKey, notes: { bookingId: String(b.id), ref: b.refIdKey } });
      await keepPayment(db, { bookingId: b.id, provider: 'razorpay', providerRef: order.id, amount: order.amount, currency: order.currency });
      payment = (await openPayment(db, b.id, 'razorpay'))!;
    }
    return {
      type: 'razorpay',
      keyId: config.RAZORPAY_KEY_ID!,
      orderId: payment.providerRef,
      amount: payment.amount,
      currency: b.currency as 'INR',
      checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
      name: shop.tradeName,
      description: `Booking ${b.refIdKey}`,
      prefill: { name: lead ? `${lead.firstName} ${lead.lastName}` : '', email: lead?.email ?? '', contact: lead?.phone ?? '' },
      // At least a minute to pay (an order that cannot be renewed again runs to its window's end).
      timeout: Math.max(60, secondsToPay(b, payment, config.PAYMENT_WINDOW_MINUTES)),
    };
  }
  let payment = await openPayment(db, b.id, 'stripe');
  if (!payment) {
    const base = `${publicUrl(config)}${sitePath(b.site)}`;
    const session = await viaStripe(() =>
      stripeClient(config).checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(b.id),
          metadata: { bookingId: String(b.id), ref: b.refIdKey },
          customer_email: lead?.email ?? undefined,
          line_items: [{ quantity: 1, price_data: { currency: b.currency.toLowerCase(), unit_amount: b.total, product_data: { name: `Holiday booking ${b.refIdKey}` } } }],
          // The session ends with the booking's payment window (server/services/bookings/expiry.ts).
          expires_at: Math.floor(Date.now() / 1000) + config.PAYMENT_WINDOW_MINUTES * 60,
          success_url: `${base}/checkout/paid?ref=${encodeURIComponent(b.refIdKey)}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/trips/${encodeURIComponent(b.refIdKey)}`,
        },
        { idempotencyKey: `booking-${b.id}-checkout` },
      ),
    );
    await keepPayment(db, { bookingId: b.id, provider: 'stripe', providerRef: session.id, amount: session.amount_total ?? b.total, currency: (session.currency ?? '').toUpperCase(), checkoutUrl: session.url });
    payment = (await openPayment(db, b.id, 'stripe'))!;
  }
  return { type: 'stripe', sessionId: payment.providerRef, url: payment.checkoutUrl ?? '' };
}

/** Records a payment as taken by the provider's payment id, which no other payment may have used. */
async function takePayment(tx: Db, payment: PaymentRow, providerPaymentId: string, now: Date) {
  const [used] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, payment.provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  if (used) throw conflict(PAYMENT_MESSAGES.paymentIdUsed);
  await tx.update(payments).set({ status: 'paid', providerPaymentId, paidAt: now }).where(eq(payments.id, payment.id));
}

/** A verified payment on a booking already paid by another: recorded, and the refund it is due said in the booking's history. */
async function recordSecondPayment(db: Db, b: BookingRow, payment: PaymentRow, providerPaymentId: string, now = new Date()) {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await takePayment(tx, payment, providerPaymentId, now);
    await recordEvent(tx, b.id, b.status, 'paid', `a second payment (${payment.provider} ${providerPaymentId}) for a booking already paid: refund due`, now);
  });
}

/** Marks a booking paid by one payment, once: false when it already was (the other proof came first). */
async function markPaid(db: Db, payment: PaymentRow, providerPaymentId: string, cause: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { rows } = await tx.execute<{ status: BookingRow['status']; payment_status: BookingRow['paymentStatus']; total: number }>(
      sql`select status, payment_status, total from bookings where id = ${payment.bookingId} for update`,
    );
    const b = rows[0]!;
    if (b.payment_status === 'paid') return false;
    await takePayment(tx, payment, providerPaymentId, now);
    const status = b.status === 'cancelled' ? 'cancelled' : 'confirmed';
    await tx
      .update(bookings)
      .set({ status, paymentStatus: 'paid', amountPaid: b.total, confirmedAt: sql`coalesce(${bookings.confirmedAt}, ${now.toISOString()})` })
      .where(eq(bookings.id, payment.bookingId));
    await recordEvent(tx, payment.bookingId, status, 'paid', cause, now);
    if (status === 'confirmed') await assignInvoiceNumber(tx, payment.bookingId, now);
    return true;
  });
}

async function paymentOf(db: Db, b: BookingRow, provider: 'razorpay' | 'stripe', ref: string): Promise<PaymentRow> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.provider, provider), eq(payments.providerRef, ref)))
    .limit(1);
  if (!payment) throw badRequest(PAYMENT_MESSAGES.notThisBooking);
  return payment;
}

export interface Verified {
  booking: BookingSummary;
  /** This proof marked the booking paid (false: it already was). */
  changed: boolean;
}

/** Razorpay's handler answer, checked: signature, order of this booking, amount and currency, first use. */
export async function verifyRazorpay(
  db: Db,
  config: Config,
  userId: number,
  p: { BookingId: number; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<Verified> {
  const b = await ownBooking(db, userId, p.BookingId);
  if (b.paymentMethod !== 'razorpay') throw badRequest(PAYMENT_MESSAGES.notThisBooking);
  const payment = await paymentOf(db, b, 'razorpay', p.razorpay_order_id);
  if (!razorpaySignatureValid(p.razorpay_order_id, p.razorpay_payment_id, p.razorpay_signature, config.RAZORPAY_KEY_SECRET ?? '')) {
    throw badRequest(PAYMENT_MESSAGES.badSignature);
  }
  if (payment.status === 'paid') throw conflict(PAYMENT_MESSAGES.alreadyVerified);
  if (b.paymentStatus === 'paid') {
    // Another order of this booking was paid first (two checkouts open across a renewal): this
    // money is kept on record, with the refund it is due.
    await recordSecondPayment(db, b, payment, p.razorpay_payment_id);
    throw conflict(PAYMENT_MESSAGES.paidTwice);
  }
  if (b.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.cancelled);
  const order = await razorpay(config).fetchOrder(p.razorpay_order_id);
  if (order.amount !== b.total || order.currency !== b.currency || payment.amount !== b.total || order.receipt !== b.refIdKey) {
    throw conflict(PAYMENT_MESSAGES.amountMismatch);
  }
  const changed = await markPaid(db, payment, p.razorpay_payment_id, 'paid with Razorpay (signature verified)');
  if (!changed) throw conflict(PAYMENT_MESSAGES.alreadyVerified);
  return { booking: await summaryOf(db, (await ownBooking(db, userId, b.id))!), changed };
}

/**
 * Before the payment window cancels a Razorpay booking, ask Razorpay whether its order was paid:
 * a traveller who paid and lost the page (a closed tab, a dropped network) before our verify call
 * is confirmed, not cancelled. A captured payment counts only for the order's exact amount and
 * currency. Throws when Razorpay cannot be asked: nothing is cancelled that round.
 */
export async function settleRazorpayOrders(db: Db, config: Config, windowMinutes: number, now = new Date()): Promise<{ userId: number; refIdKey: string }[]> {
  if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) return [];
  const before = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
  const due = await db
    .select({ payment: payments, userId: bookings.userId, refIdKey: bookings.refIdKey })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.provider, 'razorpay'), eq(payments.status, 'created'), unpaidPastWindow(before)));
  const settled: { userId: number; refIdKey: string }[] = [];
  for (const { payment, userId, refIdKey } of due) {
    const { items } = await razorpay(config).orderPayments(payment.providerRef);
    const paid = items.find((i) => i.status === 'captured' && i.order_id === payment.providerRef && i.amount === payment.amount && i.currency === payment.currency);
    if (!paid) continue;
    try {
      if (!(await markPaid(db, payment, paid.id, 'paid with Razorpay (found paid at Razorpay before the payment window closed)', now))) continue;
    } catch (err) {
      if (err instanceof HttpError) continue; // that payment id is already recorded
      throw err;
    }
    settled.push({ userId, refIdKey });
  }
  return settled;
}

/** A Checkout Session that is paid, for this booking, in its currency, for its exact amount. */
function sessionPays(session: CheckoutSession, b: BookingRow): 'paid' | 'unpaid' | 'mismatch' {
  if (session.client_reference_id !== String(b.id) || (session.currency ?? '').toUpperCase() !== b.currency || session.amount_total !== b.total) return 'mismatch';
  return session.payment_status === 'paid' ? 'paid' : 'unpaid';
}

/** The traveller is back from Stripe: we ask Stripe whether the session is paid. */
export async function verifyStripe(db: Db, config: Config, userId: number, p: { BookingId: number; sessionId: string }): Promise<Verified> {
  const b = await ownBooking(db, userId, p.BookingId);
  if (b.paymentMethod !== 'stripe') throw badRequest(PAYMENT_MESSAGES.notThisBooking);
  const payment = await paymentOf(db, b, 'stripe', p.sessionId);
  if (b.paymentStatus === 'paid') return { booking: await summaryOf(db, b), changed: false };
  if (b.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.cancelled);
  const session = await viaStripe(() => stripeClient(config).checkout.sessions.retrieve(p.sessionId));
  const state = sessionPays(session, b);
  if (state === 'mismatch') throw conflict(PAYMENT_MESSAGES.amountMismatch);
  if (state === 'unpaid') throw conflict(PAYMENT_MESSAGES.notPaidYet);
  const changed = await markPaid(db, payment, paymentIntentOf(session), 'paid with Stripe (confirmed on return)');
  return { booking: await summaryOf(db, await ownBooking(db, userId, b.id)), changed };
}

const paymentIntentOf = (s: CheckoutSession) => (typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? s.id));

/**
 * Stripe's webhook, its signature already checked: a completed, paid session of one of our
 * bookings marks it paid (a no-op when the traveller's return came first). Returns the booking
 * that changed, if any, so its mail can be sent.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<{ userId: number; refIdKey: string } | null> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
  const session = event.data.object;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, session.id)))
    .limit(1);
  if (!payment) return null;
  const [b] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId)).limit(1);
  if (!b || sessionPays(session, b) !== 'paid') return null;
  const changed = await markPaid(db, payment, paymentIntentOf(session), 'paid with Stripe (webhook)');
  return changed ? { userId: b.userId, refIdKey: b.refIdKey } : null;
}
