import { useEffect } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * Keeps the outbox flowing while the app is open: on start, online, focus and on a timer. The
 * sync code (Dexie included) loads once the page has loaded and the browser is idle.
 */
export function CartSync() {
  const { site } = useSite();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void (async () => {
      await whenIdle();
      const runner = await import('./sync-runner.ts');
      if (cancelled) return;
      runner.setSyncSite(site);
      stop = runner.startSyncTriggers();
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [site]);
  return null;
}
