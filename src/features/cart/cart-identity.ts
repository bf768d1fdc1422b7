import { ensureGuestId, readIdentity } from '../../lib/identity.ts';
import type { CartIdentity } from './cart-ops.ts';

/** The cart's view of who is here: the signed-in traveller, else this device's guest. */
export function currentCartIdentity(): CartIdentity {
  const identity = readIdentity();
  if (identity.kind === 'user') return { owner: `user:${identity.userId}`, id: { Token: identity.token } };
  const guestId = identity.guestId ?? ensureGuestId();
  return { owner: `guest:${guestId}`, id: { tempUserId: guestId } };
}
