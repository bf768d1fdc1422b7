import { useEffect } from 'react';
import { useSite } from '../../app/site-context.tsx';

/**
 * Keeps the outbox flowing while the app is open: on start, online, focus and on a timer. The
 * sync code (Dexie included) loads after the page is interactive.
 */
export function CartSync() {
  const { site } = useSite();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./sync-runner.ts').then((runner) => {
      if (cancelled) return;
      runner.setSyncSite(site);
      stop = runner.startSyncTriggers();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [site]);
  return null;
}
