import { sitelessPath } from '../../app/site.ts';

/** Checkout paths, on either site: the update prompt waits there, and India's carry Razorpay's policy. */
export const CHECKOUT_PATH = /^\/checkout(\/|$)/;

export const isCheckoutPath = (pathname: string) => CHECKOUT_PATH.test(sitelessPath(pathname));

/**
 * Whether this document was itself loaded at a checkout address (its response carried the
 * checkout's content security policy), rather than reached by a navigation inside the app.
 */
export function onCheckoutDocument(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const url = entry?.name ?? window.location.href;
  return isCheckoutPath(new URL(url).pathname);
}

/**
 * Where a page sends the traveller to check out: inside the app, except on India's site when
 * Razorpay is on, whose checkout must be loaded as a document to carry Razorpay's policy.
 */
export function checkoutNavigation(site: 'UAE' | 'IN', razorpayCheckout: string | undefined): 'app' | 'document' {
  return site === 'IN' && razorpayCheckout ? 'document' : 'app';
}
