import { and, count, desc, eq } from 'drizzle-orm';
import type { NextStep } from '../../../contract/booking.ts';
import { payWithSchema, type PayWith } from '../../../contract/coupons.ts';
import { formatMinor } from '../../../contract/format.ts';
import { ONLINE_MINIMUM } from '../../../contract/online-payment.ts';
import { currencySchema, siteDay } from '../../../contract/site.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingTravellers, payments } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { recheckBookingCoupon } from '../bookings/coupon-recheck.ts';
import { depositFirst, dueOnlineOf, partOfDeposit } from '../bookings/deposits.ts';
import type { BookingRow } from '../bookings/records.ts';
import { shopDetails } from '../shop-details.ts';
import { closeOpenPayment, failOpenPayment } from './close.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { razorpay } from './razorpay.ts';
import { stripeClient, viaStripe } from './stripe.ts';

/*
 * The next step a booking's page takes to pay: nothing (paid, cancelled), pay later's bank details,
 * or a gateway opened with the Razorpay order or Stripe Checkout Session we created for this
 * booking's amount due (created once, then reused; renewed when the amount or the window changed,
 * the old one closed first so two can never both take the money). A booking whose coupon is for
 * one way of paying opens the gateway for that way only (issue 30, item 7).
 */

type PaymentRow = typeof payments.$inferSelect;
export type Provider = 'razorpay' | 'stripe';
const sitePath = (site: string) => (site === 'IN' ? '/in' : '');

/**
 * The gateway that takes this booking's money: its own, or for pay later the site's (Razorpay in India, Stripe in the
 * UAE).
 */
export function gatewayOf(b: Pick<BookingRow, 'paymentMethod' | 'site'>): Provider {
  if (b.paymentMethod === 'razorpay' || b.paymentMethod === 'stripe') return b.paymentMethod;
  return b.site === 'IN' ? 'razorpay' : 'stripe';
}

/** What is left to pay on a booking, as the gateway is asked it (decision 0108). */
const dueOf = dueOnlineOf;

async function openPayment(db: Db, bookingId: number, provider: Provider): Promise<PaymentRow | undefined> {
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

async function paymentsOf(db: Db, bookingId: number, provider: Provider): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, provider)));
  return row?.n ?? 0;
}

/**
 * Seconds the traveller has left to pay before the payment window cancels the booking
 * (cancelUnpaidBookings counts it from the booking and from its payment's start), less a minute:
 * Razorpay's checkout closes itself then, so it does not take money for a booking about to go.
 * Below zero once that minute has begun.
 */
export function secondsToPay(
  b: Pick<BookingRow, 'createdAt'>,
  payment: Pick<PaymentRow, 'createdAt'>,
  windowMinutes: number,
  now = Date.now(),
): number {
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
 * The one way of paying this booking may use ('card', 'netbanking', 'upi'), or null for any: the
 * way chosen at review (payWith) when a coupon was applied with it, as a payment-method coupon
 * needs (recheckBookingCoupon has refused the payment if the coupon needs another). A payment made
 * another way is checked against the same rule when it is applied (payments.ts).
 */
export function requiredMethod(b: Pick<BookingRow, 'payWith' | 'couponId'>): PayWith | null {
  const chosen = payWithSchema.safeParse(b.payWith);
  return chosen.success && b.couponId !== null ? chosen.data : null;
}

/**
 * Stripe's names for our ways of paying, for `allowed_payment_method_types` (the API version the
 * SDK pins takes no `payment_method_types` on a Checkout Session). Stripe takes neither net banking
 * nor, for this shop's AED, UPI (the UAE site offers card only).
 */
const STRIPE_TYPES: Partial<Record<PayWith, 'card'>> = { card: 'card' };
const PAY_WITH_WORDS: Record<PayWith, string> = { card: 'card', netbanking: 'net banking', upi: 'UPI' };

/**
 * What the page does next for a booking: nothing (paid, cancelled), pay later (bank details and
 * due date), or open the gateway with this booking's order or session (created once, then reused).
 */
export async function nextStepFor(db: Db, config: Config, b: BookingRow): Promise<NextStep> {
  if (b.status === 'cancelled' || b.paymentStatus === 'paid') return { type: 'none' };
  const shop = shopDetails(config, b.site);
  if (b.paymentMethod === 'pay-later' && !depositFirst(b)) {
    return {
      type: 'pay-later',
      dueOn: b.paymentDueOn ?? '',
      payTo: { phone: shop.phone, email: shop.email, bank: shop.bank },
    };
  }
  await recheckBookingCoupon(db, b, new Date());
  return gatewayOf(b) === 'razorpay' ? razorpayStep(db, config, b, false) : stripeStep(db, config, b, false);
}

/** Whether the site's gateway is configured. */
const gatewayOn = (config: Config, provider: Provider) =>
  provider === 'razorpay'
    ? Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET)
    : Boolean(config.STRIPE_SECRET_KEY);

/**
 * StartBookingPayment: a gateway booking's step again; for a pay-later booking that is confirmed
 * and unpaid, the site's gateway for its balance, up to and on its due date; for a deposit booking
 * holding a part of its deposit, the same gateway for the rest of the deposit (decision 0108).
 */
export async function paymentStepFor(
  db: Db,
  config: Config,
  b: BookingRow,
  today = siteDay(new Date(), b.site),
  /**
   * Where Stripe's page sends the traveller back (a payment link's own page: decision 0095); My trips' when left out.
   */
  returns?: StripeReturns,
): Promise<NextStep> {
  const shop = shopDetails(config, b.site);
  // A rest the gateway would refuse (below ₹1 or AED 2) is said as such, with the ways it can be
  // paid, instead of a gateway's error (decision 0108, "Below the gateway's minimum").
  const due = dueOf(b);
  const minimum = ONLINE_MINIMUM[b.currency];
  if (b.status !== 'cancelled' && b.paymentStatus !== 'paid' && due > 0 && due < minimum) {
    throw conflict(
      PAYMENT_MESSAGES.belowOnlineMinimum(
        formatMinor(due, b.currency),
        formatMinor(minimum, b.currency),
        b.refIdKey,
        shop.phone,
      ),
    );
  }
  if (b.paymentMethod !== 'pay-later' || depositFirst(b)) return nextStepFor(db, config, b);
  if ((b.status !== 'confirmed' && !partOfDeposit(b)) || b.paymentStatus === 'paid' || dueOf(b) === 0)
    throw conflict(PAYMENT_MESSAGES.nothingDue);
  if (b.paymentDueOn && today > b.paymentDueOn)
    throw conflict(PAYMENT_MESSAGES.balanceOverdue(b.paymentDueOn, shop.phone));
  const provider = gatewayOf(b);
  // No gateway on this site: the bank details and due date, as when it was booked.
  if (!gatewayOn(config, provider)) return nextStepFor(db, config, b);
  return provider === 'razorpay' ? razorpayStep(db, config, b, true) : stripeStep(db, config, b, true, returns);
}

/** This booking's Razorpay order for the amount due (a new one when the last is nearly out of time). */
async function razorpayStep(db: Db, config: Config, b: BookingRow, balance: boolean): Promise<NextStep> {
  const shop = shopDetails(config, b.site);
  const lead = await leadOf(db, b.id);
  let payment = await openPayment(db, b.id, 'razorpay');
  // An order whose window has nearly run out is not offered again: a new one starts a new window,
  // a few times at most for a booking awaiting payment (else asking again each hour would keep the
  // rooms without paying); a pay-later booking keeps its rooms until its due date whatever it asks.
  const renew =
    payment &&
    (payment.amount !== dueOf(b) ||
      (secondsToPay(b, payment, config.PAYMENT_WINDOW_MINUTES) < FRESH_ORDER_UNDER_SECONDS &&
        (balance || (await paymentsOf(db, b.id, 'razorpay')) < MAX_ORDERS_PER_BOOKING)));
  if (!payment || renew) {
    // The old order cannot be cancelled at Razorpay: it is no longer offered (a payment still made on it is owed back).
    if (payment) await failOpenPayment(db, payment, null);
    const order = await razorpay(config).createOrder({
      amount: dueOf(b),
      currency: b.currency,
      receipt: b.refIdKey,
      notes: { bookingId: String(b.id), ref: b.refIdKey },
    });
    await keepPayment(db, {
      bookingId: b.id,
      provider: 'razorpay',
      providerRef: order.id,
      amount: order.amount,
      currency: currencySchema.parse(order.currency),
    });
    payment = (await openPayment(db, b.id, 'razorpay'))!;
  }
  const method = requiredMethod(b);
  return {
    type: 'razorpay',
    keyId: config.RAZORPAY_KEY_ID!,
    orderId: payment.providerRef,
    amount: payment.amount,
    currency: b.currency as 'INR',
    checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
    name: shop.tradeName,
    description: `Booking ${b.refIdKey}`,
    prefill: {
      name: lead ? `${lead.firstName} ${lead.lastName}` : '',
      email: lead?.email ?? '',
      contact: lead?.phone ?? '',
    },
    // At least a minute to pay (an order that cannot be renewed again runs to its window's end).
    timeout: Math.max(60, secondsToPay(b, payment, config.PAYMENT_WINDOW_MINUTES)),
    // A payment-method coupon: Razorpay's checkout shows that way of paying only.
    ...(method ? { method } : {}),
  };
}

/**
 * This booking's Stripe Checkout Session for the amount due: a new one when the amount due changed,
 * or for a pay-later balance once the last has (nearly) expired; the old one is expired at Stripe
 * first. One Stripe had already completed is not replaced: its payment is on its way to the booking.
 */
export interface StripeReturns {
  /** With {CHECKOUT_SESSION_ID} where Stripe puts the session's id. */
  success: string;
  cancel: string;
}

async function stripeStep(
  db: Db,
  config: Config,
  b: BookingRow,
  balance: boolean,
  returns?: StripeReturns,
): Promise<NextStep> {
  const lead = await leadOf(db, b.id);
  let payment = await openPayment(db, b.id, 'stripe');
  const expired =
    payment &&
    (payment.amount !== dueOf(b) ||
      (balance && Date.now() - payment.createdAt.getTime() > (config.PAYMENT_WINDOW_MINUTES - 2) * 60_000));
  if (!payment || expired) {
    const method = requiredMethod(b);
    const types = method ? STRIPE_TYPES[method] : undefined;
    // Stripe could only take another way, which the coupon would not keep: nothing is opened.
    if (method && !types)
      throw conflict(
        `This booking’s coupon is for paying by ${PAY_WITH_WORDS[method]}, which this site’s online payment does not take. Call us to pay for it.`,
      );
    if (payment && (await closeOpenPayment(db, config, payment, null)) === 'complete')
      throw conflict(PAYMENT_MESSAGES.notPaidYet);
    const base = `${publicUrl(config)}${sitePath(b.site)}`;
    const made = await paymentsOf(db, b.id, 'stripe');
    const key = balance
      ? `booking-${b.id}-balance-${made}`
      : made
        ? `booking-${b.id}-checkout-${made}`
        : `booking-${b.id}-checkout`;
    const session = await viaStripe(() =>
      stripeClient(config).checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(b.id),
          metadata: { bookingId: String(b.id), ref: b.refIdKey },
          customer_email: lead?.email ?? undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: b.currency.toLowerCase(),
                unit_amount: dueOf(b),
                product_data: { name: `Holiday booking ${b.refIdKey}` },
              },
            },
          ],
          // The session ends with the booking's payment window (server/services/bookings/expiry.ts).
          expires_at: Math.floor(Date.now() / 1000) + config.PAYMENT_WINDOW_MINUTES * 60,
          success_url:
            returns?.success ??
            `${base}/checkout/paid?ref=${encodeURIComponent(b.refIdKey)}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: returns?.cancel ?? `${base}/trips/${encodeURIComponent(b.refIdKey)}`,
          // A payment-method coupon: Stripe's page offers that way of paying only.
          ...(types ? { allowed_payment_method_types: [types] } : {}),
        },
        { idempotencyKey: key },
      ),
    );
    await keepPayment(db, {
      bookingId: b.id,
      provider: 'stripe',
      providerRef: session.id,
      amount: session.amount_total ?? dueOf(b),
      currency: currencySchema.parse((session.currency ?? '').toUpperCase()),
      checkoutUrl: session.url,
    });
    payment = (await openPayment(db, b.id, 'stripe'))!;
  }
  return { type: 'stripe', sessionId: payment.providerRef, url: payment.checkoutUrl ?? '' };
}
