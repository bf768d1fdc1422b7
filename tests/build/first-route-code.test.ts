import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_MAP, type ChunkEntry } from '../../scripts/vite-plugin-chunk-map.ts';

/*
 * What the browser must download before a page is interactive: the entry chunk with its static
 * imports, plus the route's page chunk with its own (as bench/lighthouse.ts counts it). Parts that
 * show nothing at first, or sit further down a page, load later (decision 0074); these tests keep
 * them out of that first download. They read the build that ships (its chunk map, written by
 * scripts/vite-plugin-chunk-map.ts): `npm test` builds first; alone, run `npm run build` before.
 */

const CLIENT = join(import.meta.dirname, '..', '..', process.env.DIST_DIR || 'dist', 'client');
let chunks: ChunkEntry[];

const byFile = () => new Map(chunks.map((c) => [c.fileName, c]));

/** Every source module (path from the repository root, or the package path) in a chunk's static closure. */
function bootModules(start: ChunkEntry[]): Set<string> {
  const files = byFile();
  const seen = new Set<string>();
  const modules = new Set<string>();
  const walk = (chunk: ChunkEntry | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const id of chunk.modules) {
      const nm = id.lastIndexOf('node_modules/');
      modules.add(nm >= 0 ? id.slice(nm + 'node_modules/'.length) : id);
    }
    chunk.imports.forEach((f) => walk(files.get(f)));
  };
  start.forEach(walk);
  return modules;
}

const entry = () => chunks.find((c) => c.isEntry)!;
const page = (src: string) => {
  const chunk = chunks.find((c) => c.facadeModuleId === src);
  if (!chunk) throw new Error(`No chunk for ${src}`);
  return chunk;
};
const has = (modules: Set<string>, name: string) => [...modules].some((m) => m === name || m.startsWith(`${name}/`));

beforeAll(() => {
  const map = join(CLIENT, CHUNK_MAP);
  if (!existsSync(map)) throw new Error(`${map} is missing: run npm run build first.`);
  chunks = (JSON.parse(readFileSync(map, 'utf8')) as ChunkEntry[]).filter((c) => !c.fileName.endsWith('sw.js'));
});

describe('the first route’s JavaScript', () => {
  it('holds no dialog, prompt, sync status or offline store: they load after the page', () => {
    const boot = bootModules([entry()]);
    expect(boot.has('src/app/app.tsx')).toBe(true);
    for (const later of [
      'src/features/enquiry/enquiry-layer.tsx',
      'src/features/enquiry/exit-intent.ts',
      'src/app/update-prompt.tsx',
      'src/features/cart/sync-status.tsx',
      'src/features/cart/cart-sync.tsx',
      'src/lib/content-store.ts',
      'src/lib/focus-heading.ts',
      'src/app/route-prefetch.ts',
      'src/features/home/home-data.ts',
      'src/features/catalogue/listing-data.ts',
      // Decision 0079: the header's session and cart count, the API client and the cookies, the
      // campaign keeper's and the tag manager's code.
      'src/features/account/use-session.ts',
      'src/features/account/account-link.tsx',
      'src/features/cart/use-cart-count.ts',
      'src/lib/api-client.ts',
      'src/lib/identity.ts',
      'src/lib/campaign.ts',
      'src/lib/analytics.ts',
      // SWR's IndexedDB half joins at idle (src/lib/swr-boot-cache.ts).
      'src/lib/swr-persist.ts',
    ]) {
      expect(boot.has(later), later).toBe(false);
    }
    for (const pkg of [
      'idb-keyval',
      'zod',
      'dexie',
      'libphonenumber-js',
      'react-phone-number-input',
      'crypto-js',
      'workbox-window',
      'js-cookie',
      'use-sync-external-store',
    ]) {
      expect(has(boot, pkg), pkg).toBe(false);
    }
  });

  it('on a package page, holds the price and booking form but not the forms and lists further down', () => {
    const boot = bootModules([entry(), page('src/features/catalogue/package-page.tsx')]);
    expect(boot.has('src/features/cart/add-to-cart-form.tsx')).toBe(true);
    for (const later of [
      'src/features/catalogue/itinerary-form.tsx',
      'src/features/catalogue/enquiry-slot.tsx',
      'src/features/catalogue/share-button.tsx',
      'src/features/content/review-list.tsx',
      'src/features/catalogue/package-card.tsx',
      'src/features/catalogue/package-json-ld.ts',
      // Decision 0079: the tax hint's rules, and the cookies (loaded at idle or the form's first touch).
      'src/features/checkout/tax-hint.tsx',
      'contract/tax.ts',
      'src/lib/identity.ts',
      // Decision 0081: the words below the booking box, and the analytics of an add.
      'src/features/catalogue/package-details.tsx',
      'contract/cancellation.ts',
      'src/lib/analytics.ts',
    ]) {
      expect(boot.has(later), later).toBe(false);
    }
    for (const pkg of ['zod', 'libphonenumber-js', 'react-phone-number-input', 'dexie'])
      expect(has(boot, pkg), pkg).toBe(false);
  });

  it('carries no list of files to preload for its dynamic imports (decision 0081): each chunk names its own imports', () => {
    for (const c of chunks)
      expect(readFileSync(join(CLIENT, c.fileName), 'utf8').includes('__vite__mapDeps'), c.fileName).toBe(false);
  });

  it('is one file for the entry and its static imports, and one for the small modules every catalogue page shares', () => {
    const files = byFile();
    // Only Rolldown's runtime helpers stay a file of their own.
    expect(entry().imports.filter((f) => !/rolldown-runtime/.test(files.get(f)?.name ?? f))).toEqual([]);
    const common = chunks.find((c) => c.name === 'page-common');
    expect(common && [...common.modules].sort()).toEqual([
      'contract/catalogue-calls.ts',
      'src/components/responsive-image.tsx',
      'src/components/seo.tsx',
      'src/features/content/stars.tsx',
    ]);
  });

  it('on the home page, holds the search box and featured holidays but not the sections further down', () => {
    const boot = bootModules([entry(), page('src/features/home/home-page.tsx')]);
    expect(boot.has('src/features/home/global-search.tsx')).toBe(true);
    for (const later of [
      'src/features/deals/deal-category-tiles.tsx',
      'src/features/content/review-list.tsx',
      'src/features/content/mission-statement.tsx',
      'src/features/blog/blog-card.tsx',
    ]) {
      expect(boot.has(later), later).toBe(false);
    }
  });
});
