import { useSyncExternalStore } from 'react';
import type { Site } from '../../../contract/site.ts';
import { useSite } from '../../app/site-context.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import {
  countWithTaps,
  onCartDelta,
  recentCartDeltas,
  unsettledTaps,
  type CartDelta,
  type PendingTap,
} from './cart-events.ts';
import { currentCartIdentity } from './cart-identity.ts';
import { whenCartDbInUse } from './when-cart-db.ts';

interface CountStore {
  subscribe(listener: () => void): () => void;
  get(): number;
}

/**
 * One count per site for every badge on the page (header and bottom bar share one database
 * watch). It starts at 0, as the server rendered it, and tells the badges only when the number
 * changes: a page whose cart is empty never re-renders them at all.
 */
function createCountStore(site: Site): CountStore {
  const listeners = new Set<() => void>();
  let owner: string | null = null;
  /** The lines IndexedDB holds for this owner and site (null until it has answered). */
  let lineIds: Set<string> | null = null;
  let taps = new Map<string, PendingTap>();
  let count = 0;
  let generation = 0;
  let unwatch: (() => void) | null = null;
  let stopTaps: (() => void) | null = null;

  const emit = () => {
    const next = countWithTaps(lineIds, taps, Date.now());
    if (next === count) return;
    count = next;
    listeners.forEach((l) => l());
  };

  let cancelWait: (() => void) | null = null;
  /** Watches the database's lines for this owner, once the page is idle and the database is in use. */
  const watch = () => {
    const mine = ++generation;
    cancelWait?.();
    cancelWait = whenCartDbInUse(() => {
      void import('./cart-count-live.ts').then(({ watchCartLineIds }) => {
        if (mine !== generation || owner === null) return;
        const subscription = watchCartLineIds(owner, site, (ids) => {
          lineIds = new Set(ids);
          taps = unsettledTaps(lineIds, taps, Date.now());
          emit();
        });
        unwatch = () => subscription.unsubscribe();
      });
    });
  };

  /** Who is here (sign-in and sign-out in this or another tab change the cookies): watch their lines. */
  const follow = () => {
    const next = currentCartIdentity().owner;
    if (next === owner) return;
    owner = next;
    lineIds = null;
    taps = new Map();
    unwatch?.();
    unwatch = null;
    // Taps show at once; the database's view joins once the page has loaded and the browser is idle.
    watch();
    emit();
  };

  const tap = (change: CartDelta, at: number) => {
    if (owner === null) follow();
    if (change.owner !== owner || change.site !== site) return;
    taps = new Map(taps);
    if (change.delta === 0) taps.delete(change.lineId);
    else taps.set(change.lineId, { delta: change.delta, at });
    emit();
  };

  const start = () => {
    // The tap shows at once; the database's view follows and settles it.
    stopTaps = onCartDelta((change) => tap(change, Date.now()));
    // Taps made before this code was loaded (it loads once the page is idle, or at the first tap).
    for (const r of recentCartDeltas()) tap(r.change, r.at);
    window.addEventListener('focus', follow);
    window.addEventListener('storage', follow);
    // Who is here is read once the page is idle, not while it hydrates: cookies are a trip to the
    // browser's cookie store, and the count stays 0 until the database answers anyway.
    const mine = generation;
    void whenIdle().then(() => {
      if (mine === generation && owner === null) follow();
    });
  };

  const stop = () => {
    generation++;
    cancelWait?.();
    cancelWait = null;
    unwatch?.();
    stopTaps?.();
    unwatch = stopTaps = null;
    window.removeEventListener('focus', follow);
    window.removeEventListener('storage', follow);
    owner = null;
    lineIds = null;
    taps = new Map();
    count = 0;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    get: () => count,
  };
}

const stores = new Map<Site, CountStore>();
const serverCount = () => 0;

/**
 * Items in the cart, pending ones included: what the header shows on every page. The database
 * code is loaded when the page has loaded and the browser is idle, and only on a device that has
 * the database, so it never weighs on the start.
 */
export function useCartCount(): number {
  const { site } = useSite();
  let store = stores.get(site);
  if (!store) stores.set(site, (store = createCountStore(site)));
  return useSyncExternalStore(store.subscribe, store.get, serverCount);
}
