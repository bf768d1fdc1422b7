import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { subscribeToUpdates } from '../lib/service-worker-registration.ts';
import { isCheckoutPath } from '../features/checkout/checkout-document.ts';
import { sitelessPath } from './site.ts';

/**
 * Where an update must wait: swapping the app here could lose what the traveller is doing (the
 * cart, and every checkout page on both sites: travellers, review, payment, the payment return).
 * The worker claims pages only on its first install (service-worker/update.ts); later versions
 * wait for the Update button, offered nowhere here.
 */
export const updateMustWaitOn = (pathname: string) =>
  isCheckoutPath(pathname) || /^\/cart(\/|$)/.test(sitelessPath(pathname));

/** Offers a new version; it is applied only when the traveller says so, and never in the cart or checkout. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  const { pathname } = useLocation();
  useEffect(() => subscribeToUpdates((fn) => setApply(() => fn)), []);
  if (!apply || updateMustWaitOn(pathname)) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is available</span>
      <button type="button" className="button button-primary" onClick={apply}>
        Update
      </button>
      <button type="button" className="button" onClick={() => setApply(null)}>
        Later
      </button>
    </div>
  );
}
