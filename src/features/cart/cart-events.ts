import { CART_DELTA_EVENT } from './cart-delta-event.ts';

/**
 * Optimistic cart count: an add or a removal is announced here the moment it is made, so the
 * badge moves on the same frame as the tap; the live IndexedDB view confirms it right after.
 * Each announcement names its line, so the count knows when the database has caught up with it
 * (and a stale database answer never takes a tap back). Delta 0 withdraws an announcement whose
 * write failed.
 */
export interface CartDelta {
  owner: string;
  site: string;
  lineId: string;
  delta: 1 | -1 | 0;
}

const target = typeof EventTarget === 'undefined' ? null : new EventTarget();

/** The taps of the last TAP_TTL_MS: the badge's code may load after a tap (src/app/layout.tsx). */
let recent: { change: CartDelta; at: number }[] = [];

export function announceCartDelta(change: CartDelta) {
  const now = Date.now();
  recent = [...recent.filter((r) => now - r.at <= TAP_TTL_MS), { change, at: now }];
  target?.dispatchEvent(new CustomEvent<CartDelta>('cart-delta', { detail: change }));
  // Wakes the badge's code if it is not in yet (it then takes the tap from recentCartDeltas).
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CART_DELTA_EVENT));
}

/** The taps announced in the last TAP_TTL_MS, oldest first, with when each was made. */
export function recentCartDeltas(now = Date.now()): { change: CartDelta; at: number }[] {
  return recent.filter((r) => now - r.at <= TAP_TTL_MS);
}

export function onCartDelta(listener: (change: CartDelta) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<CartDelta>).detail);
  target?.addEventListener('cart-delta', handler);
  return () => target?.removeEventListener('cart-delta', handler);
}

/** A tap the database has not shown yet: an add whose line is not there, a removal whose line still is. */
export interface PendingTap {
  delta: 1 | -1;
  at: number;
}

/** After this long, the database's answer wins even if it never showed the tap (the write failed). */
export const TAP_TTL_MS = 10_000;

/** Whether the database does not show this tap yet (and it has not expired). */
function unsettled(id: string, tap: PendingTap, lineIds: ReadonlySet<string> | null, now: number): boolean {
  if (now - tap.at > TAP_TTL_MS) return false;
  return tap.delta === 1 ? !lineIds?.has(id) : Boolean(lineIds?.has(id));
}

/** The count the badge shows: the database's lines, plus the taps it does not reflect yet. */
export function countWithTaps(
  lineIds: ReadonlySet<string> | null,
  taps: ReadonlyMap<string, PendingTap>,
  now: number,
): number {
  let n = lineIds?.size ?? 0;
  for (const [id, tap] of taps) if (unsettled(id, tap, lineIds, now)) n += tap.delta;
  return Math.max(0, n);
}

/** The taps still waiting for the database, given what it now holds. */
export function unsettledTaps(
  lineIds: ReadonlySet<string>,
  taps: ReadonlyMap<string, PendingTap>,
  now: number,
): Map<string, PendingTap> {
  return new Map([...taps].filter(([id, tap]) => unsettled(id, tap, lineIds, now)));
}
