import { useEffect } from 'react';
import { useSite } from '../app/site-context.tsx';
import { startTagManager } from '../lib/analytics.ts';

/** Loads this site's Google Tag Manager container when one is configured (after load, when idle). */
export function TagManager() {
  const { gtmId } = useSite();
  useEffect(() => startTagManager(gtmId), [gtmId]);
  return null;
}
