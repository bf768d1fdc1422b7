import { liveQuery } from 'dexie';
import { walletEntries, type WalletEntry } from './wallet.ts';

/** Calls `onEntries` with the traveller's saved trips now and whenever they change; returns the stop. */
export function watchWalletEntries(
  userId: string,
  onEntries: (entries: WalletEntry[]) => void,
  onError: (err: unknown) => void,
): () => void {
  const subscription = liveQuery(() => walletEntries(userId)).subscribe({ next: onEntries, error: onError });
  return () => subscription.unsubscribe();
}
