import { useLiveQuery } from 'dexie-react-hooks';
import { cartLineSchema, localTempBookingSchema, outboxEntrySchema, parseRows, shopDb, type CartLine } from '../../lib/db.ts';
import { useSite } from '../../app/site-context.tsx';
import { useCartOwner } from './use-cart-owner.ts';

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
