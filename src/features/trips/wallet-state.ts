/*
 * What My trips shows about the wallet before the wallet's own code (Dexie, zod) has loaded: kept
 * apart from wallet.ts so the page's first code does not carry the database. Decision 0072.
 */

/** A copy older than this may no longer say what the booking says (shown as such). */
export const STALE_AFTER_MS = 24 * 3_600_000;

export const PERSIST_KEY = 'wl-wallet-persisted';
export type PersistState = 'granted' | 'denied' | 'unsupported';

/** What the browser said about keeping the wallet (null: not asked yet). */
export function persistState(): PersistState | null {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(PERSIST_KEY);
  return v === 'granted' || v === 'denied' || v === 'unsupported' ? v : null;
}
