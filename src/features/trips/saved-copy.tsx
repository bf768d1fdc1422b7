import { formatDay } from '../../../contract/format.ts';
import type { WalletEntry } from './wallet.ts';
import { STALE_AFTER_MS } from './wallet-state.ts';

const two = (n: number) => String(n).padStart(2, '0');
/** `24 Nov 2026, 09:42` in the phone's own time. */
export function savedAt(ms: number): string {
  const d = new Date(ms);
  return `${formatDay(`${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`)}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** When this copy was saved on the phone, and a warning when it may be out of date. */
export function SavedCopy({ entry, refreshing }: { entry: Pick<WalletEntry, 'savedAt'>; refreshing?: boolean }) {
  const stale = Date.now() - entry.savedAt > STALE_AFTER_MS;
  return (
    <p className={`saved-copy${stale ? ' saved-copy-stale' : ''}`}>
      {refreshing ? 'Updating the copy on this phone…' : `Saved on this phone ${savedAt(entry.savedAt)}.`}
      {stale && !refreshing ? ' It may be out of date: open it online to refresh it.' : ''}
    </p>
  );
}
