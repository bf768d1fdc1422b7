import { useEffect } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { setSyncSite, startSyncTriggers } from './sync-runner.ts';

/** Keeps the outbox flowing while the app is open: on start, online, focus and on a timer. */
export function CartSync() {
  const { site } = useSite();
  useEffect(() => {
    setSyncSite(site);
  }, [site]);
  useEffect(() => startSyncTriggers(), []);
  return null;
}
