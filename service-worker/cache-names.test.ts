import { describe, expect, it } from 'vitest';
import { CONTENT_CACHE, PAGES_CACHE, deleteRetiredCaches, retiredCaches } from './cache-names.ts';

/** A CacheStorage of named caches, as the worker's `caches` lists and deletes them. */
function storageWith(names: string[]) {
  const kept = new Set(names);
  return {
    kept,
    keys: async () => [...kept],
    delete: async (name: string) => kept.delete(name),
  };
}

describe('the caches that carry amounts (decision 0116)', () => {
  it('are new names, not the ones earlier workers filled with whole-unit amounts', () => {
    expect(CONTENT_CACHE).not.toBe('content');
    expect(PAGES_CACHE).not.toBe('pages');
    expect(retiredCaches([CONTENT_CACHE, PAGES_CACHE])).toEqual([]);
  });

  it('on activation, the old content and pages caches go; the new ones, the precache and the images stay', async () => {
    const precache = 'workbox-precache-v2-https://shop.example/';
    const storage = storageWith(['content', 'pages', CONTENT_CACHE, PAGES_CACHE, 'images', precache]);
    expect((await deleteRetiredCaches(storage)).sort()).toEqual(['content', 'pages']);
    expect([...storage.kept].sort()).toEqual([CONTENT_CACHE, PAGES_CACHE, 'images', precache].sort());
    // A second activation finds nothing more to delete.
    expect(await deleteRetiredCaches(storage)).toEqual([]);
  });

  it('only exact names are retired: a cache whose name merely contains one stays', () => {
    expect(retiredCaches(['content-v2', 'my-pages', 'contents', 'pages'])).toEqual(['pages']);
  });
});
