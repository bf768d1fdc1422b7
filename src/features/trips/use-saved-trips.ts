import { useEffect, useState } from 'react';
import type { WalletEntry } from './wallet.ts';

/**
 * The traveller's trips saved on this phone, live (undefined until read). The wallet's code (Dexie
 * and the zod schemas, about 90 KB gzipped) loads once the page is up, not before it: My trips
 * asks the server for the list without waiting for it. Offline it comes from the worker's
 * precache like every chunk. Decision 0072.
 */
export function useSavedTrips(userId: string): WalletEntry[] | undefined {
  const [saved, setSaved] = useState<{ userId: string; entries: WalletEntry[] } | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('./wallet-live.ts').then(
      ({ watchWalletEntries }) => {
        if (!cancelled) stop = watchWalletEntries(userId, (entries) => setSaved({ userId, entries }), setFailure);
      },
      (err: unknown) => {
        if (!cancelled) setFailure(err);
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  // As useLiveQuery did: a wallet that cannot be read is the page's error, not an empty list.
  if (failure) throw failure;
  return saved?.userId === userId ? saved.entries : undefined;
}

/** Brings the wallet up to date with the server's list, loading its code first. */
export function syncSavedTrips(
  userId: string,
  list: Parameters<typeof import('./wallet.ts').syncWallet>[1],
): Promise<void> {
  return import('./wallet.ts').then((w) => w.syncWallet(userId, list));
}
