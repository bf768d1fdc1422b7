import { useEffect, useState } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { onCartDelta } from './cart-events.ts';
import { useCartOwner } from './use-cart-owner.ts';

/**
 * Items in the cart, pending ones included: what the header shows on every page. The database
 * code is loaded after the page is interactive, so it never weighs on the first paint.
 */
export function useCartCount(): number {
  const owner = useCartOwner();
  const { site } = useSite();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!owner) return;
    // The tap shows at once; the database's count follows and has the last word.
    return onCartDelta((change) => {
      if (change.owner === owner && change.site === site) setCount((n) => Math.max(0, n + change.delta));
    });
  }, [owner, site]);
  useEffect(() => {
    if (!owner) return;
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    void import('./cart-count-live.ts').then(({ watchCartCount }) => {
      if (!cancelled) subscription = watchCartCount(owner, site, setCount);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [owner, site]);
  return count;
}
