// A Stripe Checkout Session checked against its booking and our payment row, and the confirmation it gives.
import type { Config } from '../../config.ts';
import type { BookingRow } from '../bookings/records.ts';
import { methodIfAsked, type Confirmation, type PaymentRow } from './apply.ts';
import type { CheckoutSession } from './stripe.ts';

/** What in a Checkout Session does not match its booking and our payment row (empty: it matches). */
export function sessionProblems(session: CheckoutSession, b: BookingRow, payment: PaymentRow): string[] {
  const problems: string[] = [];
  if (session.id !== payment.providerRef)
    problems.push(`session ${session.id} is not the one opened for booking ${b.refIdKey} (${payment.providerRef})`);
  if (session.client_reference_id !== String(b.id))
    problems.push(`reference ${session.client_reference_id ?? '(none)'} is not booking ${b.id}`);
  if (session.metadata?.ref && session.metadata.ref !== b.refIdKey)
    problems.push(`reference ${session.metadata.ref} is not booking ${b.refIdKey}`);
  const currency = (session.currency ?? '').toUpperCase();
  if (currency !== b.currency) problems.push(`currency ${currency || '(none)'} is not the booking's ${b.currency}`);
  if (session.amount_total !== payment.amount)
    problems.push(`amount ${session.amount_total ?? '(none)'} is not the ${payment.amount} due`);
  return problems;
}

const paymentIntentOf = (s: CheckoutSession) =>
  typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? s.id);

/**
 * The payment a Checkout Session confirms, as applyPayment takes it, with how it was paid when the
 * booking's coupon needs one method (methodIfAsked asks Stripe then).
 */
export async function stripeConfirmation(
  config: Config,
  b: Pick<BookingRow, 'payWith' | 'couponId'>,
  session: CheckoutSession,
  eventId: string,
  type: string,
  payload: unknown,
  how: string,
): Promise<Confirmation> {
  const paymentId = paymentIntentOf(session);
  return {
    method: await methodIfAsked(config, b, 'stripe', paymentId),
    paymentId,
    amount: session.amount_total ?? 0,
    eventId,
    type,
    payload,
    how,
  };
}
