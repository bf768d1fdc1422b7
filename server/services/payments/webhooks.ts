// The gateways' webhooks, their signatures already checked: each event stored, a paid one applied to its booking.
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { DomainError } from '../../lib/errors.ts';
import { applyPayment, methodIfAsked, storeEvent, type PaymentOutcome } from './apply.ts';
import type { RazorpayWebhookEvent } from './razorpay.ts';
import { sessionProblems, stripeConfirmation } from './stripe-session.ts';
import type { Stripe } from './stripe.ts';

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
export async function handleStripeEvent(
  db: Db,
  config: Config,
  event: Stripe.Event,
  log?: FastifyBaseLogger,
): Promise<Changed | null> {
  const store = (bookingId: number | null, outcome: string, detail = '') =>
    storeEvent(db, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      bookingId,
      outcome,
      detail,
      payload: event,
    });
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
    const [b] =
      Number.isSafeInteger(named) && named > 0
        ? await db.select().from(bookings).where(eq(bookings.id, named)).limit(1)
        : [];
    if (b && session.metadata?.ref === b.refIdKey) {
      const detail = `session ${session.id} is not one opened for booking ${b.refIdKey}`;
      if (await store(b.id, 'mismatch', detail))
        log?.warn(
          { event: event.id, booking: b.refIdKey, mismatch: [detail] },
          `Stripe event ${event.id} does not match booking ${b.refIdKey}: ${detail}`,
        );
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
    if (await store(b.id, 'mismatch', detail))
      log?.warn(
        { event: event.id, booking: b.refIdKey, mismatch: problems },
        `Stripe event ${event.id} does not match booking ${b.refIdKey}: ${detail}`,
      );
    return null;
  }
  if (session.payment_status !== 'paid') {
    await store(b.id, 'ignored', 'the session is not paid yet');
    return null;
  }
  const applied = await applyPayment(
    db,
    config,
    payment,
    await stripeConfirmation(config, b, session, event.id, event.type, event, 'Stripe (webhook)'),
  );
  return applied.outcome === 'duplicate' ? null : { userId: b.userId, refIdKey: b.refIdKey, outcome: applied.outcome };
}

/**
 * Razorpay's webhook (`payment.captured`, `order.paid`), its signature already checked: a captured
 * payment of one of our orders, for its exact amount and currency, pays the booking as the verify
 * call does (a replay, by event id or payment id, changes nothing). Every event is stored.
 */
export async function handleRazorpayEvent(
  db: Db,
  config: Config,
  event: RazorpayWebhookEvent,
  eventId: string,
  log?: FastifyBaseLogger,
): Promise<Changed | null> {
  const type = String(event.event ?? '');
  const store = (bookingId: number | null, outcome: string, detail = '') =>
    storeEvent(db, { provider: 'razorpay', eventId, type, bookingId, outcome, detail, payload: event });
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
  if (paid.amount !== payment.amount)
    problems.push(`amount ${paid.amount} is not the ${payment.amount} due on order ${paid.order_id}`);
  if (paid.currency !== b.currency) problems.push(`currency ${paid.currency} is not the booking's ${b.currency}`);
  if (order && (order.id !== paid.order_id || (order.receipt ?? b.refIdKey) !== b.refIdKey))
    problems.push(`order ${order.id} (receipt ${order.receipt ?? '(none)'}) is not booking ${b.refIdKey}'s`);
  if (problems.length) {
    const detail = problems.join('; ');
    if (await store(b.id, 'mismatch', detail))
      log?.warn(
        { event: eventId, booking: b.refIdKey, mismatch: problems },
        `Razorpay event ${eventId} does not match booking ${b.refIdKey}: ${detail}`,
      );
    return null;
  }
  try {
    const method = typeof paid.method === 'string' ? paid.method : await methodIfAsked(config, b, 'razorpay', paid.id);
    const applied = await applyPayment(db, config, payment, {
      paymentId: paid.id,
      amount: paid.amount,
      eventId,
      type,
      payload: event,
      how: 'Razorpay (webhook)',
      method,
    });
    return applied.outcome === 'duplicate'
      ? null
      : { userId: b.userId, refIdKey: b.refIdKey, outcome: applied.outcome };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    await store(b.id, 'mismatch', `payment ${paid.id} was already used for another booking`);
    log?.warn(
      { event: eventId, booking: b.refIdKey },
      `Razorpay event ${eventId}: payment ${paid.id} was already used for another booking`,
    );
    return null;
  }
}
