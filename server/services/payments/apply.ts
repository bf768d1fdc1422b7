// Applying a payment a provider confirmed to its booking: paid, reinstated, or kept with its refund due
// (docs/decisions/0042).
import { and, eq } from 'drizzle-orm';
import { formatMinor } from '../../../contract/format.ts';
import { siteDay } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, paymentEvents, payments } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { bookedRooms, resellRooms } from '../bookings/inventory.ts';
import { queueBookingMail } from '../bookings/notify.ts';
import { recordEvent, type BookingRow } from '../bookings/records.ts';
import { amountDue, receive } from '../ledger/ledger.ts';
import { capturedMethod, methodMatches } from './method.ts';
import { PAYMENT_MESSAGES } from './messages.ts';

/*
 * The proofs that mark a booking paid. A proof counts only when it is for this booking, in its
 * currency and for its exact amount due. Every payment the provider confirms is recorded (its
 * payment row and a payment event), whatever the booking's state: it pays the booking once,
 * reinstates a booking the payment window had cancelled when its rooms are still free, and is
 * otherwise kept with its refund due (decision 0042).
 */

export type PaymentRow = typeof payments.$inferSelect;
export type Provider = 'razorpay' | 'stripe';

/** How a payment was made, asked of its provider only when the booking's coupon needs one method. */
export async function methodIfAsked(
  config: Config,
  b: Pick<BookingRow, 'payWith' | 'couponId'>,
  provider: Provider,
  providerPaymentId: string,
): Promise<string | null> {
  if (!b.payWith || !b.couponId) return null;
  return capturedMethod(config, provider, providerPaymentId);
}

/** A payment the provider confirmed: what was taken, and how we learnt of it. */
export interface Confirmation {
  /** The provider's id of the money taken: Razorpay's payment id, Stripe's PaymentIntent. */
  paymentId: string;
  /** What was taken, in the payment's currency (each caller has checked the provider's currency against it). */
  amount: number;
  /** The event as stored: a webhook's own id, or how we learnt of it (`verify:pay_…`). */
  eventId: string;
  type: string;
  payload: unknown;
  /** For the booking's history: `Razorpay (signature verified)`. */
  how: string;
  /**
   * How it was paid, as the provider says ('card', 'netbanking', 'upi'), when known: a payment-method coupon checks it.
   */
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

/** Stores a provider's event once (by its id): its row's id, or null when it was stored before (a replay). */
export async function storeEvent(
  db: Db,
  e: {
    provider: Provider;
    eventId: string;
    type: string;
    bookingId: number | null;
    outcome: string;
    detail?: string;
    payload: unknown;
  },
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
export async function applyPayment(
  db: Db,
  config: Config,
  payment: PaymentRow,
  c: Confirmation,
  now = new Date(),
): Promise<Applied> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update');
    if (!b) throw new Error(`applyPayment: no booking ${payment.bookingId}`);
    // Only gateway payments reach here; money recorded by staff goes through the desk (services/desk).
    const eventRow = await storeEvent(tx, {
      provider: payment.provider as Provider,
      eventId: c.eventId,
      type: c.type,
      bookingId: b.id,
      outcome: 'received',
      payload: c.payload,
    });
    if (eventRow === null) return { outcome: 'duplicate', booking: b };
    const finish = async (outcome: PaymentOutcome, detail: string): Promise<Applied> => {
      await tx
        .update(paymentEvents)
        .set({ outcome: outcome === 'paid-twice' ? 'refund-due' : outcome, detail })
        .where(eq(paymentEvents.id, eventRow));
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
    if (row?.status === 'paid')
      return finish('duplicate', `${payment.providerRef} was already paid by ${row.providerPaymentId}`);
    const amount = formatMinor(c.amount, payment.currency);
    const day = siteDay(now, b.site);
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
      // Only a booking the payment window (or pay later's end) cancelled comes back; one staff cancelled stays
      // cancelled.
      const automatic = b.cancelledBy !== 'staff';
      if (automatic && ahead && (await resellRooms(tx, lines, now))) {
        await tx
          .update(bookings)
          .set({ status: 'confirmed', cancelledAt: null, cancelledBy: null })
          .where(eq(bookings.id, b.id));
        b.status = 'confirmed';
        outcome = 'reinstated';
        cause = `paid late with ${c.how} (${amount}) after the booking was cancelled: its rooms were still free, so it is reinstated`;
        detail = 'paid after the booking was cancelled: rooms sold again, booking reinstated';
      } else {
        accept = false;
        outcome = 'refund-due';
        const why = !automatic
          ? 'it was cancelled by staff'
          : ahead
            ? 'its rooms are no longer available'
            : 'its travel date has passed';
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
      .set({
        status: 'paid',
        providerPaymentId: c.paymentId,
        amount: c.amount,
        paidAt: now,
        refundStatus: got.owed > 0 ? 'due' : null,
      })
      .where(eq(payments.id, payment.id));
    if (got.owed > 0 && got.applied > 0)
      detail = `${formatMinor(got.owed, payment.currency)} more than was due: owed back`;
    if (got.booking.paymentStatus === b.paymentStatus && got.booking.status === b.status && outcome !== 'applied') {
      await recordEvent(tx, b.id, got.booking.status, got.booking.paymentStatus, cause, now);
    }
    return finish(outcome, detail);
  });
}
