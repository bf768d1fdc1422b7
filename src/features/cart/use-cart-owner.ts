import { useEffect, useLayoutEffect, useState } from 'react';
import { currentCartIdentity } from './cart-identity.ts';

/**
 * The owner on this device, known only in the browser (cookies). Null during server rendering and
 * hydration. `known`: the owner already read from the cookies as the page loaded, to spare a
 * cookie read in the commit.
 */
export function useCartOwner(known?: string | null): string | null {
  const [owner, setOwner] = useState<string | null>(null);
  // Set before the first frame after hydration is painted, so what depends on the owner (the cart's
  // lines, read ahead) shows in that frame rather than one later.
  useLayoutEffect(() => setOwner(known ?? currentCartIdentity().owner), [known]);
  useEffect(() => {
    const update = () => setOwner(currentCartIdentity().owner);
    // Sign-in and sign-out in this or another tab change the cookies; re-read on focus.
    window.addEventListener('focus', update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return owner;
}
