import { useEffect } from 'react';
import { useSite } from '../app/site-context.tsx';

/**
 * Loads this site's Google Tag Manager container when one is configured (after load, when idle).
 * The tag code loads with this effect, not with the first route (decision 0079).
 */
export function TagManager() {
  const { gtmId } = useSite();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void import('../lib/analytics.ts').then(({ startTagManager }) => {
      if (live) stop = startTagManager(gtmId);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [gtmId]);
  return null;
}
