import { useEffect, useState } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { countWithTaps, onCartDelta, unsettledTaps, type PendingTap } from './cart-events.ts';
import { useCartOwner } from './use-cart-owner.ts';

interface CountState {
  /** The lines IndexedDB holds for this owner and site (null until it has answered). */
  lineIds: Set<string> | null;
  taps: Map<string, PendingTap>;
}

const EMPTY: CountState = { lineIds: null, taps: new Map() };

/**
 * Items in the cart, pending ones included: what the header shows on every page. The database
 * code is loaded when the page has loaded and the browser is idle, so it never weighs on the start.
 */
export function useCartCount(): number {
  const owner = useCartOwner();
  const { site } = useSite();
  const [state, setState] = useState<CountState>(EMPTY);
  useEffect(() => {
    setState(EMPTY);
    if (!owner) return;
    // The tap shows at once; the database's view follows and settles it.
    return onCartDelta((change) => {
      if (change.owner !== owner || change.site !== site) return;
      setState((s) => {
        const taps = new Map(s.taps);
        if (change.delta === 0) taps.delete(change.lineId);
        else taps.set(change.lineId, { delta: change.delta, at: Date.now() });
        return { ...s, taps };
      });
    });
  }, [owner, site]);
  useEffect(() => {
    if (!owner) return;
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    // Taps show at once; the database's view joins once the page has loaded and the browser is idle.
    void (async () => {
      await whenIdle();
      const { watchCartLineIds } = await import('./cart-count-live.ts');
      if (cancelled) return;
      subscription = watchCartLineIds(owner, site, (ids) => {
        const lineIds = new Set(ids);
        setState((s) => ({ lineIds, taps: unsettledTaps(lineIds, s.taps, Date.now()) }));
      });
    })();
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [owner, site]);
  return countWithTaps(state.lineIds, state.taps, Date.now());
}
