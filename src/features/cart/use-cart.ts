import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { cartLineSchema, localTempBookingSchema, outboxEntrySchema, parseRows, shopDb, type CartLine } from '../../lib/db.ts';
import { useSite } from '../../app/site-context.tsx';
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

/** This site's cart lines of the current traveller, live across tabs. Undefined while loading. */
export function useCartLines(): CartLine[] | undefined {
  const owner = useCartOwner();
  const { site } = useSite();
  return useLiveQuery(async () => {
    if (!owner) return undefined;
    const rows = await shopDb().cartLines.where('[owner+site]').equals([owner, site]).toArray();
    return parseRows(cartLineSchema, rows).sort((a, b) => a.createdAt - b.createdAt);
  }, [owner, site]);
}

/** Items in the cart, pending ones included and removals not: what the badge shows. */
export function useCartCount(): number {
  const lines = useCartLines();
  return lines ? lines.filter((l) => l.state !== 'removing').length : 0;
}

export function useTempBookings() {
  const owner = useCartOwner();
  const { site } = useSite();
  return useLiveQuery(async () => {
    if (!owner) return [];
    const rows = await shopDb().tempBookings.where('[owner+site]').equals([owner, site]).toArray();
    return parseRows(localTempBookingSchema, rows).sort((a, b) => b.createdAt - a.createdAt);
  }, [owner, site]);
}

/** Changes still waiting to reach the server, for every identity and site on this device. */
export function usePendingChanges() {
  return useLiveQuery(async () => parseRows(outboxEntrySchema, await shopDb().outbox.toArray()), []) ?? [];
}
