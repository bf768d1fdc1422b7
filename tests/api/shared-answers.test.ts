import { and, eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, blogPosts, packagePrices } from '../../server/db/schema.ts';
import { contentChanged } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Shared answers (calls the contract declares shared) are kept in memory until the content's
// version moves (triggers on the content tables, read by every process each second) or a minute
// passes; with an ETag, a Cache-Control a CDN can honour, and their compressed forms made once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/Common/${url}`, headers: { country: 'UAE', ...headers } });
const titles = async (site = 'UAE') =>
  ((await get('getBanner?BannerType=home', { country: site })).json().data as { title: string }[]).map((b) => b.title);

describe('shared answers', () => {
  it('are answered from memory until the content changes, and a change shows once the version is read', async () => {
    const before = await titles();
    const [first] = await t.database.db
      .select()
      .from(banners)
      .where(eq(banners.bannerType, 'home'))
      .orderBy(banners.sort, banners.id)
      .limit(1);
    await t.database.db.update(banners).set({ title: 'A changed title' }).where(eq(banners.id, first!.id));
    // Not read from the database again: the kept answer.
    expect(await titles()).toEqual(before);
    await contentChanged(t);
    expect(await titles()).toContain('A changed title');
  });

  it('every process reads the version each second: a change made elsewhere shows within about a second', async () => {
    await titles();
    await t.database.db.update(banners).set({ title: 'Changed by an operator' }).where(eq(banners.bannerType, 'home'));
    await expect.poll(titles, { timeout: 3000, interval: 100 }).toContain('Changed by an operator');
  });

  it('a POST is kept by its body as sent', async () => {
    const search = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Common/Holiday/GetPackagesByTypeCityAndInterest',
        headers: { country: 'UAE' },
        payload: body,
      });
    const first = await search({ typeId: 1, pageSize: 48 });
    const shown = first.json().data.packages[0] as { id: number; price: { amount: number } };
    await t.database.db
      .update(packagePrices)
      .set({ amount: shown.price.amount + 1 })
      .where(and(eq(packagePrices.packageId, shown.id), eq(packagePrices.site, 'UAE')));
    expect((await search({ typeId: 1, pageSize: 48 })).body).toBe(first.body);
    await contentChanged(t);
    expect((await search({ typeId: 1, pageSize: 48 })).body).not.toBe(first.body);
  });

  it('carry an ETag (304 when it matches), a Cache-Control a CDN can honour and Vary: Country', async () => {
    const res = await get('GetFooterHeading');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.vary).toBe('Country, Accept-Encoding');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('GetFooterHeading', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('GetFooterHeading', { 'if-none-match': '"something else"' })).statusCode).toBe(200);
  });

  it('are kept per site', async () => {
    const uae = await get('Holiday/GetFeaturedPackages?limit=3');
    const india = await get('Holiday/GetFeaturedPackages?limit=3', { country: 'IN' });
    expect(uae.json().data.packages[0].price.currency).toBe('AED');
    expect(india.json().data.packages[0].price.currency).toBe('INR');
    expect(uae.headers.etag).not.toBe(india.headers.etag);
  });

  it('are sent compressed as the client asks, the same answer in each encoding', async () => {
    const plain = await get('Holiday/GetFeaturedPackages?limit=8');
    const br = await get('Holiday/GetFeaturedPackages?limit=8', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('Holiday/GetFeaturedPackages?limit=8', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('keep no refusal: a post not found, then published, is found at once', async () => {
    expect((await get('Blog/GetBlogDetail?Slug=kept-404')).statusCode).toBe(404);
    await t.database.db.insert(blogPosts).values({
      slug: 'kept-404',
      pageName: 'home',
      title: 't',
      excerpt: 'e',
      body: '<p>b</p>',
      image: '/images/blog/blog-1',
      author: 'a',
      publishedAt: new Date(),
    });
    expect((await get('Blog/GetBlogDetail?Slug=kept-404')).statusCode).toBe(200);
  });

  it('personal answers are never kept: a cart shows each change at once', async () => {
    const featured = (await get('Holiday/GetFeaturedPackages?limit=1')).json().data.packages[0];
    const cart = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Common/GetCart',
        headers: { country: 'UAE' },
        payload: { tempUserId: 'guest-shared-0001' },
      });
    expect((await cart()).json().data).toEqual([]);
    const travelDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await t.app.inject({
      method: 'POST',
      url: '/api/Common/CreateCart',
      headers: { country: 'UAE' },
      payload: { tempUserId: 'guest-shared-0001', packageId: featured.id, travelDate, adults: 1 },
    });
    const after = await cart();
    expect(after.json().data).toHaveLength(1);
    expect(after.headers.etag).toBeUndefined();
    expect(after.headers['cache-control']).toBe('no-store');
  });
});
