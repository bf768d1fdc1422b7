import { useEffect, useState } from 'react';
import { currentCartIdentity } from './cart-identity.ts';

/** The owner on this device, known only in the browser (cookies). Null during server rendering. */
export function useCartOwner(): string | null {
  const [owner, setOwner] = useState<string | null>(null);
  useEffect(() => {
    const update = () => setOwner(currentCartIdentity().owner);
    update();
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
