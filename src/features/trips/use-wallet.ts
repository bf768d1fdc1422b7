import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { bookingDetailById } from '../../../contract/booking-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { messageOf } from '../account/form-bits.tsx';
import { useOnline } from '../cart/use-online.ts';
import { saveTrip, type WalletEntry } from './wallet.ts';

/**
 * `query(arg)`'s answer now and whenever the tables it read change (undefined until the first
 * answer, or `first(arg)`'s while the query runs).
 */
function useLive<T>(
  query: (arg: string) => Promise<T>,
  arg: string,
  first?: (arg: string) => T | undefined,
): T | undefined {
  const [answer, setAnswer] = useState<{ arg: string; value: T } | undefined>(() => {
    const value = first?.(arg);
    return value === undefined ? undefined : { arg, value };
  });
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    const subscription = liveQuery(() => query(arg)).subscribe({
      next: (value) => setAnswer({ arg, value }),
      error: setFailure,
    });
    return () => subscription.unsubscribe();
  }, [query, arg]);
  // As useLiveQuery did: a wallet that cannot be read is the page's error.
  if (failure) throw failure;
  return answer?.arg === arg ? answer.value : undefined;
}

/**
 * One trip as saved on this phone, brought up to date first when online: what the voucher and
 * invoice pages show, network or not. `read` reads the copy as the page needs it: the invoice page
 * parses it whole (wallet-schema.ts walletEntry), the voucher page by its shape (wallet.ts
 * voucherCopy), so a tap on Voucher loads no schemas (docs/decisions/0088); `first`, the copy the
 * page may show before that read answers (the one My trips read). `error` says why there is no
 * copy to show.
 */
export function useTripCopy(
  userId: string,
  ref: string,
  read: (ref: string) => Promise<WalletEntry | null>,
  first?: (ref: string) => WalletEntry | undefined,
): { entry: WalletEntry | null | undefined; error: string | null; refreshing: boolean } {
  const entry = useLive(read, ref, first);
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
  return {
    entry: entry && entry.userId === userId ? entry : entry === undefined ? undefined : null,
    error,
    refreshing,
  };
}
