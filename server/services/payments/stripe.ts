import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { GatewayError } from './errors.ts';

/*
 * Stripe through its official SDK: Checkout Sessions (the card is typed on Stripe's page, never
 * ours), expired when they must take no more money, and webhook signatures. STRIPE_API_URL points
 * the SDK at a stand-in in tests and staging.
 */

type Keys = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;

const clients = new Map<string, Stripe>();

export function stripeClient(keys: Keys): Stripe {
  const key = `${keys.STRIPE_SECRET_KEY}\n${keys.STRIPE_API_URL}`;
  let client = clients.get(key);
  if (!client) {
    const url = new URL(keys.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(keys.STRIPE_SECRET_KEY ?? '', {
      host: url.hostname,
      port: url.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(key, client);
  }
  return client;
}

/** Runs a Stripe call, turning a failure to reach it into a GatewayError. */
export async function viaStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) throw err;
    throw new GatewayError('Stripe', (err as Error).message);
  }
}

/** Where a Checkout Session stands once we asked Stripe to expire it. */
export type SessionClosed = 'expired' | 'complete' | 'missing';

/**
 * Expires a Checkout Session (https://docs.stripe.com/api/checkout/sessions/expire) so it can take
 * no money: 'expired' when it is (now, or already was), 'complete' when Stripe had already taken
 * the payment on it, 'missing' when Stripe has no such session (nothing can be paid on it). Stripe
 * refuses to expire a session that is not open ("Only Checkout Sessions with a status in ["open"]
 * can be expired…"): then the session is read to tell which. A failure to reach Stripe, or an
 * answer that says neither, is a GatewayError: the session may still be open.
 */
export async function expireCheckoutSession(keys: Keys, sessionId: string): Promise<SessionClosed> {
  const stripe = stripeClient(keys);
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return 'expired';
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError))
      throw new GatewayError('Stripe', (err as Error).message);
    if (err.statusCode === 404 || err.code === 'resource_missing') return 'missing';
    const session = await viaStripe(() => stripe.checkout.sessions.retrieve(sessionId));
    if (session.status === 'expired') return 'expired';
    if (session.status === 'complete') return 'complete';
    throw new GatewayError('Stripe', err.message);
  }
}

export type CheckoutSession = Stripe.Checkout.Session;
export { Stripe };
