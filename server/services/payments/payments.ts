import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingSummary } from '../../../contract/booking.ts';
import { formatMinor } from '../../../contract/format.ts';
import { siteDay, type Currency, type Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, paymentEvents, payments } from '../../db/schema.ts';
import { invalid, conflict, DomainError } from '../../lib/errors.ts';
import { unpaidPastWindow } from '../bookings/expiry.ts';
import { bookedRooms, resellRooms } from '../bookings/inventory.ts';
import { queueBookingMail } from '../bookings/notify.ts';
import { ownBooking } from '../bookings/queries.ts';
import { recordEvent, summaryOf, type BookingRow } from '../bookings/records.ts';
import { amountDue, entriesOf, receive } from '../ledger/ledger.ts';
import { capturedMethod, methodMatches } from './method.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { gatewayOf } from './steps.ts';
import { razorpay, razorpaySignatureValid, type RazorpayWebhookEvent } from './razorpay.ts';
import { stripeClient, viaStripe, type CheckoutSession, type Stripe } from './stripe.ts';

/*
 * Payments for a booking: the next step the page takes (pay later, or open a gateway with the
 * order or Checkout Session we created for this booking), and the proofs that mark it paid. A
 * proof counts only when it is for this booking, in its currency and for its exact amount due.
 * Every payment the provider confirms is recorded (its payment row and a payment event), whatever
 * the booking's state: it pays the booking once, reinstates a booking the payment window had
 * cancelled when its rooms are still free, and is otherwise kept with its refund due (decision 0042).
 */

export { PAYMENT_MESSAGES } from './messages.ts';
export { gatewayOf, nextStepFor, paymentStepFor, secondsToPay } from './steps.ts';

type PaymentRow = typeof payments.$inferSelect;
type Provider = 'razorpay' | 'stripe';

/** How a payment was made, asked of its provider only when the booking's coupon needs one method. */
async function methodIfAsked(config: Config, b: Pick<BookingRow, 'payWith' | 'couponId'>, provider: Provider, providerPaymentId: string): Promise<string | null> {
  if (!b.payWith || !b.couponId) return null;
  return capturedMethod(config, provider, providerPaymentId);
}

const money = (amount: number, currency: string) => formatMinor(amount, currency as Currency);


/** A payment the provider confirmed: what was taken, and how we learnt of it. */
export interface Confirmation {
  /** The provider's id of the money taken: Razorpay's payment id, Stripe's PaymentIntent. */
  paymentId: string;
  amount: number;
  currency: string;
  /** The event as stored: a webhook's own id, or how we learnt of it (`verify:pay_…`). */
  eventId: string;
  type: string;
  payload: unknown;
  /** For the booking's history: `Razorpay (signature verified)`. */
  how: string;
  /** How it was paid, as the provider says ('card', 'netbanking', 'upi'), when known: a payment-method coupon checks it. */
  method?: string | null;
}

/**
 * What a confirmed payment did: paid the booking ('applied'), brought a cancelled one back
 * ('reinstated'), was kept with its refund due (the booking cancelled for good: 'refund-due'; or
 * already paid: 'paid-twice'), or had already been recorded ('duplicate').
 */
export type PaymentOutcome = 'applied' | 'reinstated' | 'refund-due' | 'paid-twice' | 'duplicate';

export interface Applied {
  outcome: PaymentOutcome;
  booking: BookingRow;
}

/** Stores a provider's event once (by its id); false when it was already stored. */
async function storeEvent(
  db: Db,
  e: { provider: Provider; eventId: string; type: string; bookingId: number | null; outcome: string; detail?: string; payload: unknown },
): Promise<number | null> {
  const [row] = await db
    .insert(paymentEvents)
    .values({ ...e, detail: e.detail ?? '', payload: e.payload ?? {} })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return row?.id ?? null;
}

/**
 * Records a payment the provider confirmed, in one transaction with the booking's row locked:
 * the payment row (provider, id, amount, currency, time) and a payment event, whatever the
 * booking's state. An unpaid booking is paid (paid_at, invoice numbered); a cancelled one is
 * reinstated when every line's rooms can still be sold (and its travel is still ahead), else the
 * payment's refund is due; a booking already paid gets the payment recorded with its refund due.
 */
export async function applyPayment(db: Db, config: Config, payment: PaymentRow, c: Confirmation, now = new Date()): Promise<Applied> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update');
    if (!b) throw new Error(`applyPayment: no booking ${payment.bookingId}`);
    // Only gateway payments reach here; money recorded by staff goes through the desk (services/desk).
    const eventRow = await storeEvent(tx, { provider: payment.provider as Provider, eventId: c.eventId, type: c.type, bookingId: b.id, outcome: 'received', payload: c.payload });
    if (eventRow === null) return { outcome: 'duplicate', booking: b };
    const finish = async (outcome: PaymentOutcome, detail: string): Promise<Applied> => {
      await tx.update(paymentEvents).set({ outcome: outcome === 'paid-twice' ? 'refund-due' : outcome, detail }).where(eq(paymentEvents.id, eventRow));
      // The traveller's mail, queued with the change it tells of (docs/decisions/0051).
      if (outcome !== 'duplicate') await queueBookingMail(tx, config, b.id, { paymentId: payment.id });
      const [after] = await tx.select().from(bookings).where(eq(bookings.id, b.id));
      return { outcome, booking: after! };
    };
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, payment.provider), eq(payments.providerPaymentId, c.paymentId)))
      .limit(1);
    if (used?.id === payment.id) return finish('duplicate', `payment ${c.paymentId} was already recorded`);
    if (used) throw conflict(PAYMENT_MESSAGES.paymentIdUsed);
    const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    if (row?.status === 'paid') return finish('duplicate', `${payment.providerRef} was already paid by ${row.providerPaymentId}`);
    const amount = money(c.amount, c.currency);
    const day = siteDay(now, b.site as Site);
    // Whatever happened to the booking, the money is an entry: it pays what is due, and what it
    // cannot pay (a booking cancelled for good, already paid, the wrong method for its coupon, more
    // than was due) is owed back and waits in the refund queue (decision 0089).
    let accept = true;
    let outcome: PaymentOutcome = 'applied';
    let cause = `paid with ${c.how}`;
    let detail = '';
    if (b.status === 'cancelled') {
      const lines = await bookedRooms(tx, b.id);
      // Travel still ahead: after the site's today (a trip starting today there has begun).
      const ahead = lines.every((l) => l.travelDate > day);
      // Only a booking the payment window (or pay later's end) cancelled comes back; one staff cancelled stays cancelled.
      const automatic = b.cancelledBy !== 'staff';
      if (automatic && ahead && (await resellRooms(tx, lines, now))) {
        await tx.update(bookings).set({ status: 'confirmed', cancelledAt: null, cancelledBy: null }).where(eq(bookings.id, b.id));
        b.status = 'confirmed';
        outcome = 'reinstated';
        cause = `paid late with ${c.how} (${amount}) after the booking was cancelled: its rooms were still free, so it is reinstated`;
        detail = 'paid after the booking was cancelled: rooms sold again, booking reinstated';
      } else {
        accept = false;
        outcome = 'refund-due';
        const why = !automatic ? 'it was cancelled by staff' : ahead ? 'its rooms are no longer available' : 'its travel date has passed';
        cause = `paid late with ${c.how} (${amount}) after the booking was cancelled; ${why}: refund due`;
        detail = `paid after the booking was cancelled; ${why}: refund due`;
      }
    } else if (b.payWith && b.couponId && c.method && !methodMatches(b.payWith, c.method)) {
      accept = false;
      outcome = 'refund-due';
      cause = `paid with ${c.how} by ${c.method}, but its coupon ${b.couponCode ?? ''} needs ${b.payWith}: refund due`;
      detail = `paid by ${c.method}; the coupon needs ${b.payWith}: refund due`;
    } else if ((await amountDue(tx, config, b, day)).sale === 0) {
      outcome = 'paid-twice';
      cause = `a second payment (${payment.provider} ${c.paymentId}) for a booking already paid: refund due`;
      detail = `a second payment (${amount}) for a booking already paid: refund due`;
    }
    const wrongMethod = outcome === 'refund-due' && b.status !== 'cancelled';
    const got = await receive(tx, config, b, {
      amount: c.amount,
      kind: 'capture',
      at: now,
      day,
      accept,
      paymentId: payment.id,
      provider: payment.provider,
      providerRef: c.paymentId,
      cause,
      note: wrongMethod ? `method:${c.method}` : c.how,
    });
    await tx
      .update(payments)
      .set({ status: 'paid', providerPaymentId: c.paymentId, amount: c.amount, currency: c.currency, paidAt: now, refundStatus: got.owed > 0 ? 'due' : null })
      .where(eq(payments.id, payment.id));
    if (got.owed > 0 && got.applied > 0) detail = `${money(got.owed, c.currency)} more than was due: owed back`;
    if (got.booking.paymentStatus === b.paymentStatus && got.booking.status === b.status && outcome !== 'applied') {
      await recordEvent(tx, b.id, got.booking.status, got.booking.paymentStatus, cause, now);
    }
    return finish(outcome, detail);
  });
}

/** The payment of this booking by its order or session id. */
async function paymentOf(db: Db, b: BookingRow, provider: Provider, ref: string): Promise<PaymentRow> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.provider, provider), eq(payments.providerRef, ref)))
    .limit(1);
  if (!payment) throw invalid(PAYMENT_MESSAGES.notThisBooking);
  return payment;
}

export interface Verified {
  booking: BookingSummary;
  /** This proof changed the booking (paid, reinstated, or its refund due): a mail goes out. */
  changed: boolean;
  outcome: PaymentOutcome;
  /** The payment was recorded but did not pay the booking: what the traveller is told (a 409). */
  refusal?: string;
}

/** What the traveller is told after a confirmed payment that did not pay their booking. */
async function refusalOf(db: Db, payment: PaymentRow, b: BookingRow): Promise<string | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
  if (row?.refundStatus !== 'due') return undefined;
  const entries = (await entriesOf(db, b.id)).filter((e) => e.paymentId === payment.id);
  const owed = entries.reduce((s, e) => s + Math.max(0, e.owed), 0);
  const applied = entries.reduce((s, e) => s + Math.max(0, e.sale + e.tcs), 0);
  if (b.status === 'cancelled') {
    const amount = money(row.amount, row.currency);
    return b.cancelledBy === 'staff' ? PAYMENT_MESSAGES.cancelledRefund(amount, b.refIdKey) : PAYMENT_MESSAGES.lateRefund(amount, b.refIdKey);
  }
  if (applied > 0) return PAYMENT_MESSAGES.excessRefund(money(owed, row.currency), b.refIdKey);
  if (b.payWith && b.couponId && entries.some((e) => e.note.startsWith('method:'))) return PAYMENT_MESSAGES.methodRefund(b.payWith, entries.find((e) => e.note.startsWith('method:'))!.note.slice(7));
  return PAYMENT_MESSAGES.paidTwice;
}

async function verified(db: Db, userId: number, payment: PaymentRow, applied: Applied): Promise<Verified> {
  const b = await ownBooking(db, userId, applied.booking.id);
  return { booking: await summaryOf(db, b), changed: applied.outcome !== 'duplicate', outcome: applied.outcome, refusal: await refusalOf(db, payment, b) };
}

/** Refused with the data the pages read: a payment kept with its refund due. */
export const refundDue = (message: string) => new DomainError('conflict', message, { refund: 'due' });

/**
 * Razorpay's handler answer, checked: signature, order of this booking, amount and currency, first
 * use. A booking cancelled meanwhile is reinstated or its refund is due (see applyPayment).
 */
export async function verifyRazorpay(
  db: Db,
  config: Config,
  userId: number,
  p: { BookingId: number; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<Verified> {
  const b = await ownBooking(db, userId, p.BookingId);
  if (gatewayOf(b) !== 'razorpay') throw invalid(PAYMENT_MESSAGES.notThisBooking);
  const payment = await paymentOf(db, b, 'razorpay', p.razorpay_order_id);
  if (!razorpaySignatureValid(p.razorpay_order_id, p.razorpay_payment_id, p.razorpay_signature, config.RAZORPAY_KEY_SECRET ?? '')) {
    throw invalid(PAYMENT_MESSAGES.badSignature);
  }
  if (payment.status === 'paid') {
    const refusal = await refusalOf(db, payment, b);
    throw refusal ? refundDue(refusal) : conflict(PAYMENT_MESSAGES.alreadyVerified);
  }
  const order = await razorpay(config).fetchOrder(p.razorpay_order_id);
  // The order's own amount, currency and booking: what was asked. Whatever is due now, money taken
  // is recorded (an amount over what is due is owed back: applyPayment).
  if (order.amount !== payment.amount || order.currency !== b.currency || order.receipt !== b.refIdKey) {
    throw conflict(PAYMENT_MESSAGES.amountMismatch);
  }
  const applied = await applyPayment(db, config, payment, {
    paymentId: p.razorpay_payment_id,
    amount: order.amount,
    currency: order.currency,
    eventId: `verify:${p.razorpay_payment_id}`,
    type: 'payment.verified',
    payload: { order_id: p.razorpay_order_id, payment_id: p.razorpay_payment_id },
    how: 'Razorpay (signature verified)',
    method: await methodIfAsked(config, b, 'razorpay', p.razorpay_payment_id),
  });
  const result = await verified(db, userId, payment, applied);
  if (applied.outcome === 'duplicate' && !result.refusal) throw conflict(PAYMENT_MESSAGES.alreadyVerified);
  return result;
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
      const applied = await applyPayment(
        db,
        config,
        payment,
        { paymentId: paid.id, amount: paid.amount, currency: paid.currency, eventId: `settle:${paid.id}`, type: 'order.payments', payload: paid, how: 'Razorpay (found paid at Razorpay before the payment window closed)', method: typeof paid.method === 'string' ? paid.method : null },
        now,
      );
      if (applied.outcome === 'duplicate') continue;
    } catch (err) {
      if (err instanceof DomainError) continue; // that payment id is already recorded
      throw err;
    }
    settled.push({ userId, refIdKey });
  }
  return settled;
}

/** What in a Checkout Session does not match its booking and our payment row (empty: it matches). */
function sessionProblems(session: CheckoutSession, b: BookingRow, payment: PaymentRow): string[] {
  const problems: string[] = [];
  if (session.id !== payment.providerRef) problems.push(`session ${session.id} is not the one opened for booking ${b.refIdKey} (${payment.providerRef})`);
  if (session.client_reference_id !== String(b.id)) problems.push(`reference ${session.client_reference_id ?? '(none)'} is not booking ${b.id}`);
  if (session.metadata?.ref && session.metadata.ref !== b.refIdKey) problems.push(`reference ${session.metadata.ref} is not booking ${b.refIdKey}`);
  const currency = (session.currency ?? '').toUpperCase();
  if (currency !== b.currency) problems.push(`currency ${currency || '(none)'} is not the booking's ${b.currency}`);
  if (session.amount_total !== payment.amount) problems.push(`amount ${session.amount_total ?? '(none)'} is not the ${payment.amount} due`);
  return problems;
}

const paymentIntentOf = (s: CheckoutSession) => (typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? s.id));

const stripeConfirmation = (session: CheckoutSession, eventId: string, type: string, payload: unknown, how: string, method?: string | null): Confirmation => ({
  method,
  paymentId: paymentIntentOf(session),
  amount: session.amount_total ?? 0,
  currency: (session.currency ?? '').toUpperCase(),
  eventId,
  type,
  payload,
  how,
});

/** The traveller is back from Stripe: we ask Stripe whether the session is paid. */
export async function verifyStripe(db: Db, config: Config, userId: number, p: { BookingId: number; sessionId: string }): Promise<Verified> {
  const b = await ownBooking(db, userId, p.BookingId);
  if (gatewayOf(b) !== 'stripe') throw invalid(PAYMENT_MESSAGES.notThisBooking);
  const payment = await paymentOf(db, b, 'stripe', p.sessionId);
  if (payment.status === 'paid') {
    // The webhook (or an earlier return) came first.
    const refusal = await refusalOf(db, payment, b);
    return { booking: await summaryOf(db, b), changed: false, outcome: 'duplicate', refusal };
  }
  if (b.paymentStatus === 'paid') return { booking: await summaryOf(db, b), changed: false, outcome: 'duplicate' };
  const session = await viaStripe(() => stripeClient(config).checkout.sessions.retrieve(p.sessionId));
  if (sessionProblems(session, b, payment).length) throw conflict(PAYMENT_MESSAGES.amountMismatch);
  if (session.payment_status !== 'paid') throw conflict(b.status === 'cancelled' ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.notPaidYet);
  const applied = await applyPayment(db, config, payment, stripeConfirmation(session, `return:${session.id}`, 'checkout.session.retrieved', session, 'Stripe (confirmed on return)', await methodIfAsked(config, b, 'stripe', paymentIntentOf(session))));
  return verified(db, userId, payment, applied);
}

/**
 * Before the payment window cancels a Stripe booking, ask Stripe whether its Checkout Session was
 * paid (a traveller who paid and closed the page before coming back, with the webhook not set up
 * or late): it is confirmed, not cancelled. Throws when Stripe cannot be asked: nothing is
 * cancelled that round.
 */
export async function settleStripeSessions(db: Db, config: Config, windowMinutes: number, now = new Date()): Promise<{ userId: number; refIdKey: string }[]> {
  if (!config.STRIPE_SECRET_KEY) return [];
  const before = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
  const due = await db
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.provider, 'stripe'), eq(payments.status, 'created'), unpaidPastWindow(before)));
  const settled: { userId: number; refIdKey: string }[] = [];
  for (const { payment, booking } of due) {
    let session: CheckoutSession;
    try {
      session = await viaStripe(() => stripeClient(config).checkout.sessions.retrieve(payment.providerRef));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      continue; // Stripe has no such session: nothing was paid on it
    }
    if (session.payment_status !== 'paid' || sessionProblems(session, booking, payment).length) continue;
    try {
      const applied = await applyPayment(
        db,
        config,
        payment,
        stripeConfirmation(session, `settle:${session.id}`, 'checkout.session.retrieved', session, 'Stripe (found paid at Stripe before the payment window closed)', await methodIfAsked(config, booking, 'stripe', paymentIntentOf(session))),
        now,
      );
      if (applied.outcome === 'duplicate') continue;
    } catch (err) {
      if (err instanceof DomainError) continue;
      throw err;
    }
    settled.push({ userId: booking.userId, refIdKey: booking.refIdKey });
  }
  return settled;
}

/** A booking whose payment changed on a provider's call: whom to mail, and what happened. */
export interface Changed {
  userId: number;
  refIdKey: string;
  outcome: PaymentOutcome;
}

/**
 * Stripe's webhook, its signature already checked: a completed, paid session of one of our
 * bookings pays it (a no-op when the traveller's return came first), reinstates it or is kept with
 * its refund due. Every event is stored; one that does not match its booking (amount, currency,
 * session, reference) with what did not match, and logged at warn. Returns the booking that
 * changed, if any, so its mail can be sent.
 */
export async function handleStripeEvent(db: Db, config: Config, event: Stripe.Event, log?: FastifyBaseLogger): Promise<Changed | null> {
  const store = (bookingId: number | null, outcome: string, detail = '') => storeEvent(db, { provider: 'stripe', eventId: event.id, type: event.type, bookingId, outcome, detail, payload: event });
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    await store(null, 'ignored', 'not an event the shop acts on');
    return null;
  }
  const session = event.data.object;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, session.id)))
    .limit(1);
  if (!payment) {
    // Not a session we opened; when it names one of our bookings, it is a mismatch worth a look.
    const named = Number(session.client_reference_id);
    const [b] = Number.isSafeInteger(named) && named > 0 ? await db.select().from(bookings).where(eq(bookings.id, named)).limit(1) : [];
    if (b && session.metadata?.ref === b.refIdKey) {
      const detail = `session ${session.id} is not one opened for booking ${b.refIdKey}`;
      if (await store(b.id, 'mismatch', detail)) log?.warn({ event: event.id, booking: b.refIdKey, mismatch: [detail] }, `Stripe event ${event.id} does not match booking ${b.refIdKey}: ${detail}`);
    } else {
      await store(null, 'ignored', `session ${session.id} is not one of ours`);
    }
    return null;
  }
  const [b] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId)).limit(1);
  if (!b) return null;
  const problems = sessionProblems(session, b, payment);
  if (problems.length) {
    const detail = problems.join('; ');
    if (await store(b.id, 'mismatch', detail)) log?.warn({ event: event.id, booking: b.refIdKey, mismatch: problems }, `Stripe event ${event.id} does not match booking ${b.refIdKey}: ${detail}`);
    return null;
  }
  if (session.payment_status !== 'paid') {
    await store(b.id, 'ignored', 'the session is not paid yet');
    return null;
  }
  const applied = await applyPayment(db, config, payment, stripeConfirmation(session, event.id, event.type, event, 'Stripe (webhook)', await methodIfAsked(config, b, 'stripe', paymentIntentOf(session))));
  return applied.outcome === 'duplicate' ? null : { userId: b.userId, refIdKey: b.refIdKey, outcome: applied.outcome };
}

/**
 * Razorpay's webhook (`payment.captured`, `order.paid`), its signature already checked: a captured
 * payment of one of our orders, for its exact amount and currency, pays the booking as the verify
 * call does (a replay, by event id or payment id, changes nothing). Every event is stored.
 */
export async function handleRazorpayEvent(db: Db, config: Config, event: RazorpayWebhookEvent, eventId: string, log?: FastifyBaseLogger): Promise<Changed | null> {
  const type = String(event.event ?? '');
  const store = (bookingId: number | null, outcome: string, detail = '') => storeEvent(db, { provider: 'razorpay', eventId, type, bookingId, outcome, detail, payload: event });
  const paid = event.payload?.payment?.entity;
  const order = event.payload?.order?.entity;
  if ((type !== 'payment.captured' && type !== 'order.paid') || !paid?.order_id) {
    await store(null, 'ignored', 'not an event the shop acts on');
    return null;
  }
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'razorpay'), eq(payments.providerRef, paid.order_id)))
    .limit(1);
  const [b] = payment ? await db.select().from(bookings).where(eq(bookings.id, payment.bookingId)).limit(1) : [];
  if (!payment || !b) {
    await store(null, 'ignored', `order ${paid.order_id} is not one of ours`);
    return null;
  }
  if (paid.status !== 'captured') {
    await store(b.id, 'ignored', `payment ${paid.id} is ${paid.status}, not captured`);
    return null;
  }
  const problems: string[] = [];
  if (paid.amount !== payment.amount) problems.push(`amount ${paid.amount} is not the ${payment.amount} due on order ${paid.order_id}`);
  if (paid.currency !== b.currency) problems.push(`currency ${paid.currency} is not the booking's ${b.currency}`);
  if (order && (order.id !== paid.order_id || (order.receipt ?? b.refIdKey) !== b.refIdKey)) problems.push(`order ${order.id} (receipt ${order.receipt ?? '(none)'}) is not booking ${b.refIdKey}'s`);
  if (problems.length) {
    const detail = problems.join('; ');
    if (await store(b.id, 'mismatch', detail)) log?.warn({ event: eventId, booking: b.refIdKey, mismatch: problems }, `Razorpay event ${eventId} does not match booking ${b.refIdKey}: ${detail}`);
    return null;
  }
  try {
    const method = typeof paid.method === 'string' ? paid.method : await methodIfAsked(config, b, 'razorpay', paid.id);
    const applied = await applyPayment(db, config, payment, { paymentId: paid.id, amount: paid.amount, currency: paid.currency, eventId, type, payload: event, how: 'Razorpay (webhook)', method });
    return applied.outcome === 'duplicate' ? null : { userId: b.userId, refIdKey: b.refIdKey, outcome: applied.outcome };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    await store(b.id, 'mismatch', `payment ${paid.id} was already used for another booking`);
    log?.warn({ event: eventId, booking: b.refIdKey }, `Razorpay event ${eventId}: payment ${paid.id} was already used for another booking`);
    return null;
  }
}
