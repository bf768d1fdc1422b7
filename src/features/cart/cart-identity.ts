import { ensureGuestId, readIdentity } from '../../lib/identity.ts';
import type { CartIdentity } from './cart-ops.ts';

/** The cart's view of who is here: the signed-in traveller, else this device's guest. */
export function currentCartIdentity(): CartIdentity {
  const identity = readIdentity();
  if (identity.kind === 'user') return { owner: `user:${identity.userId}`, id: { Token: identity.token } };
  const guestId = identity.guestId ?? ensureGuestId();
  return { owner: `guest:${guestId}`, id: { tempUserId: guestId } };
}

/** Who owns the cart on this device, if anyone does yet: no guest id is made here. */
export function knownCartOwner(): string | null {
  const identity = readIdentity();
  if (identity.kind === 'user') return `user:${identity.userId}`;
  return identity.guestId ? `guest:${identity.guestId}` : null;
}
