import 'fake-indexeddb/auto';
import { unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { openContentStore, type ContentStore } from './content-store.ts';
import { CACHE_VERSION, MAX_ENTRIES, createPersistentCache, isPersistableKey } from './swr-persist.ts';

const key = (path: string, site: 'UAE' | 'IN', params: object) => unstable_serialize([path, site, params]);

/** A fresh content database per test, read and written the way the cache does (through its store). */
let n = 0;
function freshDb() {
  const store = openContentStore(`swr-test-${++n}`);
  const rows = async () => new Map((await store.readAll()).map((r) => [r.key, r]));
  return {
    store,
    openStore: async (): Promise<ContentStore> => store,
    get: async (k: string) => (await rows()).get(k),
    count: async () => (await rows()).size,
    put: (...list: { key: string; value: unknown; savedAt: number }[]) => store.putMany(list),
  };
}

describe('which reads are kept on the device', () => {
  it('keeps public content reads', () => {
    expect(isPersistableKey(key('Holiday/GetPackageDetail', 'UAE', { Slug: 'dubai-escape' }))).toBe(true);
    expect(isPersistableKey(key('getBanner', 'IN', { BannerType: 'home' }))).toBe(true);
    expect(isPersistableKey(key('GetFooterHeading', 'UAE', {}))).toBe(true);
  });
  it('never keeps anything of one traveller, or reads it does not know', () => {
    expect(isPersistableKey(key('Coupon/GetCouponList', 'UAE', { userId: 7, pageIndex: 1 }))).toBe(false);
    expect(isPersistableKey(key('GetApplicableCoupons', 'UAE', { cartTotal: 100 }))).toBe(false);
    expect(isPersistableKey(key('GetCart', 'UAE', { tempUserId: 'abc' }))).toBe(false);
    expect(isPersistableKey(key('GetGlobalSearchList', 'UAE', { prefix: 'du' }))).toBe(false);
    expect(isPersistableKey('Holiday/GetPackageDetail')).toBe(false);
  });
});

describe('persistent SWR cache', () => {
  it('writes the server-rendered fallback to IndexedDB, and it shows on a later visit after hydration', async () => {
    const db = freshDb();
    const detail = key('Holiday/GetPackageDetail', 'UAE', { Slug: 'goa' });
    const first = createPersistentCache({ fallback: { [detail]: { title: 'Goa' } }, openStore: db.openStore });
    await first.flush();
    expect((await db.get(detail))?.value).toEqual({ v: CACHE_VERSION, data: { title: 'Goa' } });

    const later = createPersistentCache({ fallback: {}, openStore: db.openStore });
    await later.ready;
    const cache = later.provider();
    // Hidden until hydration is over, so the server's HTML and the first render agree.
    expect(cache.get(detail)).toBeUndefined();
    later.show();
    expect(cache.get(detail)?.data).toEqual({ title: 'Goa' });
    expect([...cache.keys()]).toContain(detail);
  });

  it('lets the server fallback win over an older copy on disk', async () => {
    const db = freshDb();
    const k = key('getBanner', 'UAE', { BannerType: 'home' });
    await db.put({ key: k, value: { v: CACHE_VERSION, data: ['old'] }, savedAt: Date.now() - 1000 });
    const c = createPersistentCache({ fallback: { [k]: ['new'] }, openStore: db.openStore });
    await c.flush();
    c.show();
    expect(c.provider().get(k)).toBeUndefined(); // SWR then reads the fallback
    expect((await db.get(k))?.value).toEqual({ v: CACHE_VERSION, data: ['new'] });
  });

  it('after hydration, only reads with an offline copy change: a server-rendered read stays as it was', async () => {
    const db = freshDb();
    const seen = key('GetDeals', 'UAE', { pageIndex: 2 });
    const rendered = key('getBanner', 'UAE', { BannerType: 'home' });
    const fresh = key('GetDeals', 'UAE', { pageIndex: 3 });
    await db.put(
      ...[
        { key: seen, value: { v: CACHE_VERSION, data: ['seen'] }, savedAt: Date.now() },
        { key: rendered, value: { v: CACHE_VERSION, data: ['old'] }, savedAt: Date.now() },
      ],
    );
    const pc = createPersistentCache({ fallback: { [rendered]: ['new'] }, openStore: db.openStore });
    await pc.ready;
    // While hydrating, nothing comes from disk.
    expect(pc.hasOfflineCopy(seen)).toBe(false);
    pc.show();
    // The middleware re-renders a component only when its answer here turns true.
    expect(pc.hasOfflineCopy(seen)).toBe(true);
    expect(pc.hasOfflineCopy(rendered)).toBe(false);
    expect(pc.hasOfflineCopy(fresh)).toBe(false);
    // Once the network answers, the offline copy is no longer what shows.
    pc.provider().set(seen, { data: ['newer'] });
    expect(pc.hasOfflineCopy(seen)).toBe(false);
  });

  it('a read that failed before the rows on disk were read still shows its offline copy', async () => {
    // Offline in the offline shell: the page asks at once and the request fails before IndexedDB answers.
    const db = freshDb();
    const detail = key('Holiday/GetPackageDetail', 'UAE', { Slug: 'goa' });
    await db.put({ key: detail, value: { v: CACHE_VERSION, data: { title: 'Goa' } }, savedAt: Date.now() });
    const pc = createPersistentCache({ fallback: {}, openStore: db.openStore });
    const cache = pc.provider();
    pc.show();
    const failed = { error: new Error('offline'), isValidating: false, isLoading: false };
    cache.set(detail, failed);
    await pc.ready;
    expect(pc.hasOfflineCopy(detail)).toBe(true);
    expect(cache.get(detail)).toMatchObject({ data: { title: 'Goa' }, error: failed.error });
    // Read twice, the same state: SWR sees no change between renders.
    expect(cache.get(detail)).toBe(cache.get(detail));
    // An answer of its own replaces the copy.
    cache.set(detail, { data: { title: 'Goa, today' }, isValidating: false, isLoading: false });
    expect(pc.hasOfflineCopy(detail)).toBe(false);
    expect(cache.get(detail)?.data).toEqual({ title: 'Goa, today' });
  });

  it('writes through fresh answers and skips personal ones', async () => {
    const db = freshDb();
    const c = createPersistentCache({ fallback: {}, openStore: db.openStore });
    const cache = c.provider();
    const pub = key('GetDeals', 'IN', { pageIndex: 1 });
    const mine = key('Coupon/GetCouponList', 'IN', { userId: 3 });
    cache.set(pub, { data: { deals: [1] }, isValidating: false });
    cache.set(mine, { data: { coupons: ['secret'] } });
    await c.flush();
    expect(await db.get(pub)).toBeTruthy();
    expect(await db.get(mine)).toBeUndefined();
    cache.delete(pub);
    await c.flush();
    expect(await db.get(pub)).toBeUndefined();
  });

  it('deletes rows it will never show, but never the copy this page has just written', async () => {
    const db = freshDb();
    const expired = key('GetDeals', 'UAE', { pageIndex: 1 });
    const rendered = key('getBanner', 'UAE', { BannerType: 'home' });
    const longAgo = Date.now() - 90 * 24 * 3600 * 1000;
    await db.put(
      { key: expired, value: { v: CACHE_VERSION, data: 1 }, savedAt: longAgo },
      { key: rendered, value: { v: CACHE_VERSION, data: ['old'] }, savedAt: longAgo },
    );
    const pc = createPersistentCache({ fallback: { [rendered]: ['new'] }, openStore: db.openStore });
    await pc.flush();
    expect(await db.get(expired)).toBeUndefined();
    expect((await db.get(rendered))?.value).toEqual({ v: CACHE_VERSION, data: ['new'] });
  });

  it('ignores rows of another cache version, too old, or malformed', async () => {
    const db = freshDb();
    const a = key('GetDeals', 'UAE', { pageIndex: 1 });
    const b = key('GetDeals', 'UAE', { pageIndex: 2 });
    const c = key('GetDeals', 'UAE', { pageIndex: 3 });
    await db.put(
      ...[
        { key: a, value: { v: CACHE_VERSION + 1, data: 1 }, savedAt: Date.now() },
        { key: b, value: { v: CACHE_VERSION, data: 2 }, savedAt: Date.now() - 90 * 24 * 3600 * 1000 },
        { key: c, value: 'nonsense', savedAt: Date.now() },
      ],
    );
    const pc = createPersistentCache({ fallback: {}, openStore: db.openStore });
    await pc.ready;
    pc.show();
    expect(pc.provider().get(a)).toBeUndefined();
    expect(pc.provider().get(b)).toBeUndefined();
    expect(pc.provider().get(c)).toBeUndefined();
  });

  it(`keeps at most ${MAX_ENTRIES} entries, dropping the oldest`, async () => {
    const db = freshDb();
    const t0 = Date.now() - 100_000;
    await db.put(
      ...Array.from({ length: MAX_ENTRIES + 30 }, (_, i) => ({
        key: key('GetDeals', 'UAE', { pageIndex: i + 1 }),
        value: { v: CACHE_VERSION, data: i },
        savedAt: t0 + i,
      })),
    );
    const pc = createPersistentCache({ fallback: {}, openStore: db.openStore });
    await pc.flush();
    expect(await db.count()).toBe(MAX_ENTRIES);
    expect(await db.get(key('GetDeals', 'UAE', { pageIndex: 1 }))).toBeUndefined();
    expect(await db.get(key('GetDeals', 'UAE', { pageIndex: MAX_ENTRIES + 30 }))).toBeTruthy();
  });

  it('works without IndexedDB (private mode): a plain in-memory cache', async () => {
    const pc = createPersistentCache({ fallback: {}, openStore: () => Promise.reject(new Error('no idb')) });
    const cache = pc.provider();
    cache.set('k', { data: 1 });
    await pc.flush();
    expect(cache.get('k')?.data).toBe(1);
  });
});
