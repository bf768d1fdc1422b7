import { useSyncExternalStore } from 'react';
import { isOffline, subscribeOffline } from '../../lib/reachability.ts';

/** Online as the shop sees it (a network, and the server answers), live; the server renders as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOffline,
    () => !isOffline(),
    () => true,
  );
}
