import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { GatewayError } from './errors.ts';

/*
 * Stripe through its official SDK: Checkout Sessions (the card is typed on Stripe's page, never
 * ours) and webhook signatures. STRIPE_API_URL points the SDK at a stand-in in tests and staging.
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

export type CheckoutSession = Stripe.Checkout.Session;
export { Stripe };
