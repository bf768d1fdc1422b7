// The traveller back from a gateway: their proof of payment checked (Razorpay's signature, Stripe's session) and
// applied.
import { and, eq } from 'drizzle-orm';
import type { BookingSummary } from '../../../contract/booking.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { invalid, conflict, DomainError } from '../../lib/errors.ts';
import { ownBooking } from '../bookings/queries.ts';
import { formatMinor } from '../../../contract/format.ts';
import { summaryOf, type BookingRow } from '../bookings/records.ts';
import { entriesOf } from '../ledger/ledger.ts';
import {
  applyPayment,
  methodIfAsked,
  type Applied,
  type PaymentOutcome,
  type PaymentRow,
  type Provider,
} from './apply.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { gatewayOf } from './steps.ts';
import { razorpay, razorpaySignatureValid } from './razorpay.ts';
import { sessionProblems, stripeConfirmation } from './stripe-session.ts';
import { stripeClient, viaStripe } from './stripe.ts';

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
    const amount = formatMinor(row.amount, row.currency);
    return b.cancelledBy === 'staff'
      ? PAYMENT_MESSAGES.cancelledRefund(amount, b.refIdKey)
      : PAYMENT_MESSAGES.lateRefund(amount, b.refIdKey);
  }
  if (applied > 0) return PAYMENT_MESSAGES.excessRefund(formatMinor(owed, row.currency), b.refIdKey);
  if (b.payWith && b.couponId && entries.some((e) => e.note.startsWith('method:')))
    return PAYMENT_MESSAGES.methodRefund(b.payWith, entries.find((e) => e.note.startsWith('method:'))!.note.slice(7));
  return PAYMENT_MESSAGES.paidTwice;
}

async function verified(db: Db, userId: number, payment: PaymentRow, applied: Applied): Promise<Verified> {
  const b = await ownBooking(db, userId, applied.booking.id);
  return {
    booking: await summaryOf(db, b),
    changed: applied.outcome !== 'duplicate',
    outcome: applied.outcome,
    refusal: await refusalOf(db, payment, b),
  };
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
  if (
    !razorpaySignatureValid(
      p.razorpay_order_id,
      p.razorpay_payment_id,
      p.razorpay_signature,
      config.RAZORPAY_KEY_SECRET ?? '',
    )
  ) {
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

/** The traveller is back from Stripe: we ask Stripe whether the session is paid. */
export async function verifyStripe(
  db: Db,
  config: Config,
  userId: number,
  p: { BookingId: number; sessionId: string },
): Promise<Verified> {
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
  if (session.payment_status !== 'paid')
    throw conflict(b.status === 'cancelled' ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.notPaidYet);
  const applied = await applyPayment(
    db,
    config,
    payment,
    await stripeConfirmation(
      config,
      b,
      session,
      `return:${session.id}`,
      'checkout.session.retrieved',
      session,
      'Stripe (confirmed on return)',
    ),
  );
  return verified(db, userId, payment, applied);
}
