/**
 * Optimistic cart count: an add or a removal is announced here the moment it is made, so the
 * badge moves on the same frame as the tap; the live IndexedDB count confirms it right after.
 */
export interface CartDelta {
  owner: string;
  site: string;
  delta: number;
}

const target = typeof EventTarget === 'undefined' ? null : new EventTarget();

export function announceCartDelta(change: CartDelta) {
  target?.dispatchEvent(new CustomEvent<CartDelta>('cart-delta', { detail: change }));
}

export function onCartDelta(listener: (change: CartDelta) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<CartDelta>).detail);
  target?.addEventListener('cart-delta', handler);
  return () => target?.removeEventListener('cart-delta', handler);
}
