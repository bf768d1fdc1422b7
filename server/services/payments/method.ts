import type { Config } from '../../config.ts';
import { razorpay } from './razorpay.ts';
import { stripeClient, type Stripe } from './stripe.ts';

/*
 * How a captured payment was paid, asked of its provider, for payment-method coupons (issue 30,
 * item 7): the gateway is opened for the coupon's way of paying only, and the captured payment's
 * way is checked before the discount stands.
 */

/** Stripe's `payment_method_details.type` in our words ('card' is 'card'); other types pass as Stripe names them. */
const FROM_STRIPE: Record<string, string> = { card: 'card', upi: 'upi' };

/**
 * How the provider says this captured payment was paid: Razorpay's payment `method` ('card',
 * 'netbanking', 'upi', 'wallet', 'emi', ...), or Stripe's charge `payment_method_details.type` (its
 * PaymentIntent's latest charge; a Checkout Session id is followed to its PaymentIntent). Null when
 * it cannot tell: no such payment, no answer, nothing said.
 */
export async function capturedMethod(
  config: Config,
  provider: 'razorpay' | 'stripe',
  providerPaymentId: string,
): Promise<string | null> {
  try {
    if (provider === 'razorpay') {
      const payment = await razorpay(config).fetchPayment(providerPaymentId);
      return typeof payment.method === 'string' && payment.method ? payment.method : null;
    }
    const stripe = stripeClient(config);
    let intentId: string | null = providerPaymentId;
    if (providerPaymentId.startsWith('cs_')) {
      const session = await stripe.checkout.sessions.retrieve(providerPaymentId);
      intentId =
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    }
    if (!intentId) return null;
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    let charge: Stripe.Charge | string | null = intent.latest_charge;
    if (typeof charge === 'string') charge = await stripe.charges.retrieve(charge);
    const type = charge?.payment_method_details?.type;
    return type ? (FROM_STRIPE[type] ?? type) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a payment made this way keeps a coupon for that way of paying: always when the booking
 * has no such coupon (payWith null); otherwise only the same way. A way not known (null) does not
 * match: the caller decides what an unanswered provider means.
 */
export function methodMatches(payWith: string | null, method: string | null): boolean {
  if (!payWith) return true;
  return method === payWith;
}
