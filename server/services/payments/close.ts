import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema.ts';
import { expireCheckoutSession } from './stripe.ts';

/*
 * Closing what a booking still has open at the gateways, so it can take no more money: when the
 * booking is cancelled, or its amount due changed (issue 30, item 6). A Stripe Checkout Session is
 * expired at Stripe; a Razorpay order cannot be cancelled at Razorpay, so it is no longer offered
 * (a payment that still lands on one is money owed back, handled where payments are applied).
 * Either way the payment row is 'failed': never offered again.
 */

type PaymentRow = typeof payments.$inferSelect;

/** An open payment that could not be closed, and why. */
export interface NotClosed {
  paymentId: number;
  provider: 'razorpay' | 'stripe';
  providerRef: string;
  why: string;
}

/**
 * Marks an open (created) gateway payment row failed; with a reason, a payment event says why (the
 * desk's timeline shows it; a routine renewal of a payment for a new amount records none). A row
 * paid meanwhile (a capture applied while we were at the gateway) is left as it is. True when this
 * call failed it.
 */
export async function failOpenPayment(
  db: Db,
  payment: Pick<PaymentRow, 'id' | 'bookingId' | 'provider' | 'providerRef'>,
  reason: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
      .returning({ id: payments.id });
    if (!failed.length || reason === null) return failed.length > 0;
    const provider = payment.provider as 'razorpay' | 'stripe';
    await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: `close:${payment.providerRef}`,
        type: provider === 'stripe' ? 'checkout.session.closed' : 'order.withdrawn',
        bookingId: payment.bookingId,
        outcome: 'closed',
        detail: reason,
        payload: { providerRef: payment.providerRef, reason },
      })
      .onConflictDoNothing();
    return true;
  });
}

/**
 * Closes one open gateway payment: expires its Stripe session first (a Razorpay order has nothing
 * to call), then fails its row. Throws when Stripe could not be reached or answered otherwise; a
 * session Stripe had already completed is not failed (its capture is on its way to being
 * applied): it is returned as 'complete'.
 */
export async function closeOpenPayment(
  db: Db,
  config: Config,
  payment: PaymentRow,
  reason: string | null,
): Promise<'closed' | 'complete'> {
  if (payment.provider === 'stripe' && (await expireCheckoutSession(config, payment.providerRef)) === 'complete')
    return 'complete';
  await failOpenPayment(db, payment, reason);
  return 'closed';
}

/**
 * After a transaction that cancelled a booking or changed what it owes has committed (this calls
 * the gateways): each of its open Razorpay orders and Stripe Checkout Sessions is closed (see
 * above). Never throws for a gateway's failure: what could not be closed is returned, the rest is
 * closed all the same.
 */
export async function closeOpenPayments(
  db: Db,
  config: Config,
  bookingId: number,
  reason: string,
): Promise<NotClosed[]> {
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'created'),
        inArray(payments.provider, ['razorpay', 'stripe']),
      ),
    );
  const left: NotClosed[] = [];
  for (const payment of open) {
    const which = {
      paymentId: payment.id,
      provider: payment.provider as 'razorpay' | 'stripe',
      providerRef: payment.providerRef,
    };
    try {
      if ((await closeOpenPayment(db, config, payment, reason)) === 'complete')
        left.push({ ...which, why: 'Stripe had already taken the payment on this session' });
    } catch (err) {
      left.push({ ...which, why: (err as Error).message });
    }
  }
  return left;
}
