/*
 * The names of the runtime caches whose contents carry the shop's amounts. A cache is renamed when what it keeps
 * would be read differently by the new app, and the worker that renames it deletes the old one when it activates:
 * since decision 0116 every amount is in the smallest unit, and the API answers ('content') and server-rendered
 * pages ('pages', whose embedded data the app reads again on hydration) kept by earlier workers said the catalogue's,
 * the cart's and the coupons' amounts in whole units (offline, prices would show a hundred times too small).
 */

/** API answers that are the same for every traveller (runtime-caching.ts). */
export const CONTENT_CACHE = 'content-v2';
/** Server-rendered pages with their embedded data (navigation.ts). */
export const PAGES_CACHE = 'pages-v2';

/** Caches earlier workers kept that the running app would misread: deleted when this worker activates. */
export const RETIRED_CACHES: readonly string[] = ['content', 'pages'];

/** Of the caches on the device, those to delete (a retired name exactly: precache and images stay). */
export const retiredCaches = (names: readonly string[]): string[] => names.filter((n) => RETIRED_CACHES.includes(n));

/** Deletes the retired caches found in `storage` (the worker's `caches`), answering their names. */
export async function deleteRetiredCaches(storage: Pick<CacheStorage, 'keys' | 'delete'>): Promise<string[]> {
  const retired = retiredCaches(await storage.keys());
  await Promise.all(retired.map((name) => storage.delete(name)));
  return retired;
}
