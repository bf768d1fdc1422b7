import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import type { Site } from '../../../contract/site.ts';
import {
  cartLineSchema,
  localTempBookingSchema,
  outboxEntrySchema,
  parseRows,
  shopDb,
  type CartLine,
} from '../../lib/db.ts';
import { useSite } from '../../app/site-context.tsx';
import { useCartOwner } from './use-cart-owner.ts';

async function readCartLines(owner: string, site: Site): Promise<CartLine[]> {
  const rows = await shopDb().cartLines.where('[owner+site]').equals([owner, site]).toArray();
  return parseRows(cartLineSchema, rows).sort((a, b) => a.createdAt - b.createdAt);
}

/*
 * The cart's lines read ahead, as the cart page's code loads and while the page hydrates, so the
 * first render after hydration shows them instead of "Loading your cart…" (issue 15). Good for
 * the page load only: once the live query has answered, it alone is the truth.
 */
let ahead: { owner: string; site: Site; lines?: CartLine[] } | null = null;
/** The owner the cookies named as the page loaded. */
let ownerAtLoad: string | null = null;
const aheadListeners = new Set<() => void>();
const tellAhead = () => aheadListeners.forEach((l) => l());

/** Starts the read; resolves when it is done, or after `waitMs` at most (a stuck database holds nothing up). */
export function readCartLinesAhead(owner: string | null, site: Site, waitMs: number): Promise<void> {
  ownerAtLoad = owner;
  if (!owner) return Promise.resolve();
  const read = { owner, site } as NonNullable<typeof ahead>;
  ahead = read;
  const done = readCartLines(owner, site).then(
    (lines) => {
      if (ahead !== read) return;
      ahead = { ...read, lines };
      tellAhead();
    },
    () => undefined,
  );
  return Promise.race([done, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

function useCartLinesAhead(owner: string | null, site: Site): CartLine[] | undefined {
  return useSyncExternalStore(
    (listener) => {
      aheadListeners.add(listener);
      return () => aheadListeners.delete(listener);
    },
    () => (ahead && ahead.owner === owner && ahead.site === site ? ahead.lines : undefined),
    () => undefined,
  );
}

/** This site's cart lines of the current traveller, live across tabs. Undefined while loading. */
export function useCartLines(): CartLine[] | undefined {
  const owner = useCartOwner(ownerAtLoad);
  const { site } = useSite();
  const live = useLiveQuery(async () => (owner ? readCartLines(owner, site) : undefined), [owner, site]);
  const early = useCartLinesAhead(owner, site);
  useEffect(() => {
    if (live !== undefined && ahead) {
      ahead = null;
      tellAhead();
    }
  }, [live]);
  return live ?? early;
}

export function useTempBookings() {
  const owner = useCartOwner(ownerAtLoad);
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
