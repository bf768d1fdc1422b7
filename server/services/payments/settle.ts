// Before the payment window cancels a booking: asking its gateway whether it was paid after all.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { DomainError } from '../../lib/errors.ts';
import { unpaidPastWindow } from '../bookings/expiry.ts';
import { applyPayment } from './apply.ts';
import { razorpay } from './razorpay.ts';
import { sessionProblems, stripeConfirmation } from './stripe-session.ts';
import { stripeClient, viaStripe, type CheckoutSession } from './stripe.ts';

/**
 * Before the payment window cancels a Razorpay booking, ask Razorpay whether its order was paid:
 * a traveller who paid and lost the page (a closed tab, a dropped network) before our verify call
 * is confirmed, not cancelled. A captured payment counts only for the order's exact amount and
 * currency. Throws when Razorpay cannot be asked: nothing is cancelled that round.
 */
export async function settleRazorpayOrders(
  db: Db,
  config: Config,
  windowMinutes: number,
  now = new Date(),
): Promise<{ userId: number; refIdKey: string }[]> {
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
    const paid = items.find(
      (i) =>
        i.status === 'captured' &&
        i.order_id === payment.providerRef &&
        i.amount === payment.amount &&
        i.currency === payment.currency,
    );
    if (!paid) continue;
    try {
      const applied = await applyPayment(
        db,
        config,
        payment,
        {
          paymentId: paid.id,
          amount: paid.amount,
          eventId: `settle:${paid.id}`,
          type: 'order.payments',
          payload: paid,
          how: 'Razorpay (found paid at Razorpay before the payment window closed)',
          method: typeof paid.method === 'string' ? paid.method : null,
        },
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

/**
 * Before the payment window cancels a Stripe booking, ask Stripe whether its Checkout Session was
 * paid (a traveller who paid and closed the page before coming back, with the webhook not set up
 * or late): it is confirmed, not cancelled. Throws when Stripe cannot be asked: nothing is
 * cancelled that round.
 */
export async function settleStripeSessions(
  db: Db,
  config: Config,
  windowMinutes: number,
  now = new Date(),
): Promise<{ userId: number; refIdKey: string }[]> {
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
        await stripeConfirmation(
          config,
          booking,
          session,
          `settle:${session.id}`,
          'checkout.session.retrieved',
          session,
          'Stripe (found paid at Stripe before the payment window closed)',
        ),
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
