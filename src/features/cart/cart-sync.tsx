import { useEffect } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { whenCartDbInUse } from './when-cart-db.ts';

/**
 * Keeps the outbox flowing while the app is open: on start, online, focus and on a timer. The
 * sync code (Dexie included) loads once the page is idle, and only on a device with something of
 * the cart's stored (src/features/cart/when-cart-db.ts).
 */
export function CartSync() {
  const { site } = useSite();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelWait = whenCartDbInUse(() => {
      void import('./sync-runner.ts').then((runner) => {
        if (cancelled) return;
        runner.setSyncSite(site);
        stop = runner.startSyncTriggers();
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [site]);
  return null;
}
