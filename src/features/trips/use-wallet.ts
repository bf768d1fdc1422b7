import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { bookingDetailById } from '../../../contract/booking-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { messageOf } from '../account/form-bits.tsx';
import { useOnline } from '../cart/use-online.ts';
import { saveTrip, walletEntries, type WalletEntry } from './wallet.ts';
import { walletEntry } from './wallet-schema.ts';

/** The traveller's saved trips, live (undefined while the database opens). */
export function useWalletEntries(userId: string): WalletEntry[] | undefined {
  return useLiveQuery(() => walletEntries(userId), [userId]);
}

/**
 * One trip as saved on this phone, brought up to date first when online: what the voucher and
 * invoice pages show, network or not. `error` says why there is no copy to show.
 */
export function useTripCopy(userId: string, ref: string): { entry: WalletEntry | null | undefined; error: string | null; refreshing: boolean } {
  const entry = useLiveQuery(() => walletEntry(ref), [ref]);
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    if (!online) return;
    let stopped = false;
    setRefreshing(true);
    void (async () => {
      try {
        const detail = await callApi(bookingDetailById, { RefIdKey: ref }, { auth: true });
        if (!stopped) await saveTrip(userId, detail);
      } catch (err) {
        if (!stopped) setError(messageOf(err));
      } finally {
        if (!stopped) setRefreshing(false);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [online, ref, userId]);
  return { entry: entry && entry.userId === userId ? entry : entry === undefined ? undefined : null, error, refreshing };
}
