import { useEffect, useSyncExternalStore } from 'react';
import { unstable_serialize, type Cache, type Middleware, type State } from 'swr';
import type { ContentStore, StoredAnswer } from './content-store.ts';
import { whenIdle } from './when-idle.ts';

/*
 * SWR's cache, kept in IndexedDB (src/lib/content-store.ts) so a page the traveller has seen renders offline
 * later. Only public content reads are kept (never anything of one traveller: no cart, no
 * personal coupons). The server-rendered fallback always wins: rows on disk become visible only
 * after hydration, and never for a key the server just rendered.
 */

/**
 * Bump when the shape or the unit of cached answers changes: older rows are then ignored. 2: every amount in the
 * smallest unit (decision 0116); version 1's catalogue and coupon answers said whole units.
 */
export const CACHE_VERSION = 2;
export const MAX_ENTRIES = 200;
export const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** Public content reads (paths under /api/Common) worth keeping on the device. */
export const PERSISTED_PATHS = new Set([
  'Holiday/GetFeaturedPackages',
  'Holiday/GetPackagesByTypeCityAndInterest',
  'Holiday/GetPackageDetail',
  'Holiday/GetFilters',
  'Holiday/GetPriceCalendar',
  'getBanner',
  'getMissionStatment',
  'getMissionStatmentForListingPage',
  'getReviews',
  'Blog/GetCommonBlogUsingModuleId',
  'Blog/GetBlogDetail',
  'GetFooterHeading',
  'CouponList',
  'Coupon/GetCouponDetail',
  'Coupon/GetCouponList',
  'Coupon/GetCategoryList',
  'Coupon/GetStatement',
  'GetSeasonalDealCategory',
  'GetSeasonalDealSubCategoryBySlug',
  'GetDeals',
  'GetDealsModuleData',
  'GetCountry',
  'StatesByCountryId',
  'GetCitiesByCountryId',
]);

/** Parameters that make a read someone's own: such reads are never written to the device. */
const PERSONAL_PARAM = /[#,](userid|token|tokan|tempuserid|guestid|cartid):/i;

/**
 * Whether a serialised SWR key (useCall's `[path, site, params]`) is a public content read.
 * Serialised array keys look like `@"getBanner","UAE",#BannerType:"home",,`.
 */
export function isPersistableKey(key: string): boolean {
  const m = /^@"([^"]+)","(UAE|IN)",/.exec(key);
  if (!m || !PERSISTED_PATHS.has(m[1]!)) return false;
  return !PERSONAL_PARAM.test(key.slice(m[0].length));
}

interface StoredValue {
  v: number;
  data: unknown;
}

function isStoredValue(value: unknown): value is StoredValue {
  return typeof value === 'object' && value !== null && (value as StoredValue).v === CACHE_VERSION && 'data' in value;
}

/** Hydration state shared by the cache and the middleware: rows on disk show only after it. */
function createVisibility() {
  let visible = false;
  const listeners = new Set<() => void>();
  return {
    isVisible: () => visible,
    show() {
      if (visible) return;
      visible = true;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: () => listeners.forEach((l) => l()),
  };
}

export interface PersistentCache {
  /** For SWRConfig's `provider`. */
  provider: () => Cache;
  /** For SWRConfig's `use`: revalidates rows from disk on mount and shows them after hydration. */
  middleware: Middleware;
  /** Lets rows from disk show (the middleware calls it after hydration). */
  show(): void;
  /** Told when rows from disk become visible or arrive (src/lib/swr-boot-cache.ts listens). */
  subscribe(listener: () => void): () => void;
  /** Whether a read (serialised key) would show a row from disk now: what the middleware watches. */
  hasOfflineCopy(key: string): boolean;
  /** Resolves when the rows on disk are loaded (tests). */
  ready: Promise<void>;
  /** Resolves when every write so far has reached IndexedDB (tests). */
  flush(): Promise<void>;
}

/**
 * A Map-backed SWR cache hydrated from IndexedDB and written through. `fallback` is the server's
 * route data: written to disk (so the page works offline later) and never overridden from disk.
 */
export function createPersistentCache(opts: {
  fallback: Record<string, unknown>;
  openStore?: () => Promise<ContentStore>;
  now?: () => number;
  /** Open the database once the page is idle (a server-rendered page needs nothing from it to start). */
  deferOpen?: boolean;
}): PersistentCache {
  const now = opts.now ?? Date.now;
  // The store's code (idb-keyval) loads with it, not with the page: precached, so it loads offline too.
  const load = opts.openStore ?? (async () => (await import('./content-store.ts')).openContentStore());
  const openStore = opts.deferOpen ? () => whenIdle().then(load) : load;
  const live = new Map<string, State>();
  /** Rows loaded from disk that nothing newer has replaced yet. */
  const disk = new Map<string, State>();
  const written = new Map<string, unknown>();
  /** When each row on disk was saved, as far as this page knows: what trimming goes by. */
  const savedAt = new Map<string, number>();
  const visibility = createVisibility();
  let pending: Promise<unknown> = Promise.resolve();
  let writesSinceTrim = 0;

  const storePromise = openStore().catch(() => null);
  /** Runs after the writes before it; `skipped` runs instead when there is no database. */
  const enqueue = (task: (store: ContentStore) => Promise<unknown>, skipped?: () => void) => {
    pending = pending.then(async () => {
      const store = await storePromise;
      if (store) await task(store).catch(() => undefined);
      else skipped?.();
    });
  };

  /** Drops the oldest rows beyond MAX_ENTRIES. */
  const trim = async (store: ContentStore) => {
    if (savedAt.size <= MAX_ENTRIES) return;
    const oldest = [...savedAt]
      .sort((a, b) => a[1] - b[1])
      .slice(0, savedAt.size - MAX_ENTRIES)
      .map(([key]) => key);
    oldest.forEach((key) => savedAt.delete(key));
    await store.deleteKeys(oldest);
  };

  // Answers to keep are written together: one transaction for all that arrived meanwhile (a page
  // starts with several at once), not one each.
  let unwritten = new Map<string, StoredAnswer>();
  const persist = (key: string, data: unknown) => {
    if (data === undefined || !isPersistableKey(key) || written.get(key) === data) return;
    written.set(key, data);
    const first = unwritten.size === 0;
    unwritten.set(key, { key, value: { v: CACHE_VERSION, data }, savedAt: now() });
    if (!first) return;
    const rows = () => {
      const taken = [...unwritten.values()];
      unwritten = new Map();
      return taken;
    };
    enqueue(async (store) => {
      const batch = rows();
      await store.putMany(batch);
      batch.forEach((row) => savedAt.set(row.key, row.savedAt));
      writesSinceTrim += batch.length;
      if (writesSinceTrim >= 20) {
        writesSinceTrim = 0;
        await trim(store);
      }
    }, rows);
  };

  // What the server rendered is the freshest copy there is: keep it for later, offline.
  for (const [key, data] of Object.entries(opts.fallback)) persist(key, data);

  const ready = storePromise.then(async (store) => {
    if (!store) return;
    try {
      const rows = (await store.readAll()).sort((a, b) => b.savedAt - a.savedAt);
      const oldest = now() - MAX_AGE_MS;
      const stale: string[] = [];
      for (const row of rows) {
        // This page has already written a newer copy (the server's answer, say).
        if (written.has(row.key)) continue;
        if (row.savedAt < oldest || !isStoredValue(row.value) || !isPersistableKey(row.key)) {
          stale.push(row.key);
          continue;
        }
        savedAt.set(row.key, row.savedAt);
        // A read that already has an answer keeps it. One that has none yet (asked offline, or
        // failed before the disk was read) shows this copy.
        if (row.key in opts.fallback || live.get(row.key)?.data !== undefined) continue;
        disk.set(row.key, { data: row.value.data });
        written.set(row.key, row.value.data);
      }
      await store.deleteKeys(stale);
      await trim(store);
    } catch {
      // A device without IndexedDB (or a broken row set) simply has no offline copies.
    }
    if (visibility.isVisible() && disk.size) visibility.notify();
  });

  /** A read's own state, with the copy from disk as its data while it has none of its own. */
  const merged = new Map<string, { from: State | undefined; state: State }>();
  const withDiskData = (key: string, state: State | undefined): State | undefined => {
    const copy = disk.get(key);
    if (!visibility.isVisible() || !copy || state?.data !== undefined) return state;
    if (!state) return copy;
    // The same object for the same state, so SWR sees nothing new between renders.
    const known = merged.get(key);
    if (known?.from === state) return known.state;
    const next = { ...state, data: copy.data };
    merged.set(key, { from: state, state: next });
    return next;
  };

  const cache: Cache = {
    get(key) {
      return withDiskData(key, live.get(key));
    },
    set(key, value) {
      live.set(key, value);
      if (value.data !== undefined && value.data !== disk.get(key)?.data) disk.delete(key);
      persist(key, value.data);
    },
    delete(key) {
      live.delete(key);
      disk.delete(key);
      written.delete(key);
      if (isPersistableKey(key)) {
        savedAt.delete(key);
        enqueue((store) => store.deleteKeys([key]));
      }
    },
    keys() {
      return new Set([...live.keys(), ...(visibility.isVisible() ? disk.keys() : [])]).values();
    },
  };

  const hasOfflineCopy = (key: string) => visibility.isVisible() && live.get(key)?.data === undefined && disk.has(key);

  const middleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const serialised = key === null || key === undefined || key === false ? null : unstable_serialize(key);
    // Whether this read shows an offline copy: never while hydrating (the server rendered without
    // one), and after hydration only for a key with a row from disk and nothing newer. Only the
    // components such a row concerns re-render; a page rendered from its server data does not.
    const fromDisk = useSyncExternalStore(
      visibility.subscribe,
      () => serialised !== null && hasOfflineCopy(serialised),
      () => false,
    );
    // An effect runs only after hydration: from then on, rows from disk may show.
    useEffect(() => visibility.show(), []);
    // An offline copy shows at once and is refreshed when the network answers.
    return useSWRNext(key, fetcher, fromDisk ? { ...config, revalidateOnMount: true } : config);
  };

  return {
    provider: () => cache,
    middleware,
    show: visibility.show,
    subscribe: (listener) => {
      const stop = visibility.subscribe(listener);
      return () => void stop();
    },
    hasOfflineCopy,
    ready,
    flush: async () => {
      await ready;
      let last: Promise<unknown>;
      do {
        last = pending;
        await last;
      } while (last !== pending);
    },
  };
}

/** On the server: a plain Map per request (nothing shared between travellers), no middleware. */
export function createRequestCache(): Pick<PersistentCache, 'provider'> {
  return { provider: () => new Map() as Cache };
}
