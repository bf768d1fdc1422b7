import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBanner,
  getBlogDetail,
  getCommonBlogUsingModuleId,
  getFooterHeading,
  getGlobalSearchList,
  getMissionStatment,
  getMissionStatmentForListingPage,
  getReviews,
  getShopDetails,
} from '../../contract/content-calls.ts';
import { getPackageDetail } from '../../contract/catalogue-calls.ts';
import { banners, blogPosts, missionStatements, packagePrices, packages, reviews } from '../../server/db/schema.ts';
import { contentChanged, expectSanitised, failure, HOSTILE_HTML, read } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('getBanner', () => {
  it('answers the banners of a type in display order, for both sites and for the asking site only', async () => {
    await t.database.db.insert(banners).values([
      {
        bannerType: 'home',
        site: 'IN',
        title: 'India only',
        image: '/images/banners/banner-1',
        link: '/holidays',
        sort: 99,
      },
      {
        bannerType: 'home',
        site: 'UAE',
        title: 'UAE only',
        image: '/images/banners/banner-1',
        link: '/holidays',
        sort: 99,
      },
    ]);
    await contentChanged(t);
    const uae = await read(t, getBanner, { BannerType: 'home' });
    const india = await read(t, getBanner, { BannerType: 'HOME' }, { site: 'IN' });
    expect(uae.length).toBeGreaterThan(1);
    expect(uae.map((b) => b.title)).toContain('UAE only');
    expect(uae.map((b) => b.title)).not.toContain('India only');
    expect(india.map((b) => b.title)).toContain('India only');
    expect(india.map((b) => b.title)).not.toContain('UAE only');
    expect(uae.at(-1)!.title).toBe('UAE only');
  });

  it('answers an unknown type with an empty list and a missing one with 400', async () => {
    expect(await read(t, getBanner, { BannerType: 'nowhere' })).toEqual([]);
    expect(await failure(t, getBanner, {})).toMatchObject({
      code: 400,
      status: 'error',
      message: 'BannerType: is required',
    });
    expect(await failure(t, getBanner, { BannerType: '<script>' })).toMatchObject({ code: 400 });
  });
});

describe('getMissionStatment and getMissionStatmentForListingPage', () => {
  it('answers the page statement and the listing statement separately', async () => {
    const home = await read(t, getMissionStatment, { PageType: 'home' });
    expect(home?.title).toBeTruthy();
    expect(home?.body).toMatch(/^<p>/);
    const listing = await read(t, getMissionStatmentForListingPage, { PageType: 'holidays' });
    const page = await read(t, getMissionStatment, { PageType: 'holidays' });
    expect(listing?.title).toBeTruthy();
    expect(listing?.id).not.toBe(page?.id);
  });

  it('answers null for a page without a statement and 400 without PageType', async () => {
    expect(await read(t, getMissionStatment, { PageType: 'nowhere' })).toBeNull();
    expect(await failure(t, getMissionStatmentForListingPage, {})).toMatchObject({
      code: 400,
      message: 'PageType: is required',
    });
  });

  it('sanitises a statement body', async () => {
    await t.database.db.insert(missionStatements).values({ pageType: 'evil-page', title: 'x', body: HOSTILE_HTML });
    await contentChanged(t);
    const s = await read(t, getMissionStatment, { PageType: 'evil-page' });
    expectSanitised(s!.body);
  });
});

describe('getReviews', () => {
  it('pages a page type’s reviews with a total over all pages and the average rating', async () => {
    const all = await t.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.pageType, 'home'), eq(reviews.site, 'UAE')));
    const first = await read(t, getReviews, { PageType: 'home', pageSize: 3 });
    expect(first.total).toBe(all.length);
    expect(first.reviews.length).toBe(3);
    expect(first.averageRating).toBeCloseTo(all.reduce((s, r) => s + r.rating, 0) / all.length, 1);
    const ids = new Set<number>();
    for (let page = 1; (page - 1) * 3 < first.total; page++) {
      const r = await read(t, getReviews, { PageType: 'home', pageSize: 3, pageIndex: page });
      r.reviews.forEach((x) => ids.add(x.id));
    }
    expect(ids.size).toBe(all.length);
  });

  it('answers one package’s reviews by PackageId', async () => {
    const [withReviews] = await t.database.db
      .select({ id: reviews.packageId })
      .from(reviews)
      .where(and(eq(reviews.pageType, 'package'), eq(reviews.site, 'UAE')))
      .limit(1);
    const r = await read(t, getReviews, { PackageId: withReviews!.id! });
    expect(r.total).toBeGreaterThan(0);
    expect(r.reviews.every((x) => x.packageId === withReviews!.id)).toBe(true);
  });

  it('answers each site its own reviews: an India traveller’s "Worth every rupee" is not on the UAE site', async () => {
    const [rupee] = await t.database.db.select().from(reviews).where(eq(reviews.title, 'Worth every rupee'));
    expect(rupee!.site).toBe('IN');
    const uae = await read(t, getReviews, { PackageId: rupee!.packageId!, pageSize: 50 });
    const india = await read(t, getReviews, { PackageId: rupee!.packageId!, pageSize: 50 }, { site: 'IN' });
    expect(uae.reviews.map((r) => r.title)).not.toContain('Worth every rupee');
    expect(india.reviews.map((r) => r.title)).toContain('Worth every rupee');
    for (const site of ['UAE', 'IN'] as const) {
      const home = await read(t, getReviews, { PageType: 'home', pageSize: 50 }, { site });
      expect(home.reviews.length).toBeGreaterThan(0);
      expect(home.reviews.every((r) => r.location.endsWith(site === 'IN' ? ', India' : ', UAE'))).toBe(true);
    }
    const [pkg] = await t.database.db
      .select({ slug: packages.slug })
      .from(packages)
      .where(eq(packages.id, rupee!.packageId!));
    const detail = {
      UAE: await read(t, getPackageDetail, { Slug: pkg!.slug }),
      IN: await read(t, getPackageDetail, { Slug: pkg!.slug }, { site: 'IN' }),
    };
    expect(detail.UAE.reviews.map((r) => r.title)).not.toContain('Worth every rupee');
    expect(detail.IN.reviews.map((r) => r.title)).toContain('Worth every rupee');
  });

  it('refuses a request without PageType or PackageId, bad paging and unknown packages', async () => {
    expect(await failure(t, getReviews, {})).toMatchObject({
      code: 400,
      message: 'PageType or PackageId is required.',
    });
    expect(await failure(t, getReviews, { PageType: 'home', pageSize: 0 })).toMatchObject({
      code: 400,
      message: 'pageSize: must be between 1 and 50',
    });
    expect(await failure(t, getReviews, { PageType: 'home', pageIndex: 'two' })).toMatchObject({
      code: 400,
      message: 'pageIndex: must be a page number from 1',
    });
    expect(await failure(t, getReviews, { PackageId: 'abc' })).toMatchObject({
      code: 400,
      message: 'PackageId: must be a numeric id',
    });
    expect(await failure(t, getReviews, { PackageId: 999999 })).toMatchObject({
      code: 404,
      message: 'This holiday package was not found.',
    });
  });

  it('never returns a stored script or event handler', async () => {
    await t.database.db
      .insert(reviews)
      .values({ site: 'UAE', pageType: 'evil', author: 'Mallory', rating: 1, title: '<b>t</b>', body: HOSTILE_HTML });
    await contentChanged(t);
    const r = await read(t, getReviews, { PageType: 'evil' });
    expect(r.reviews).toHaveLength(1);
    expectSanitised(r.reviews[0]!.body);
    expect(r.reviews[0]!.body).toContain('Kept <strong>text</strong>');
  });
});

describe('Blog', () => {
  it('lists a page’s posts newest first, paged, and every post for PageName=blog', async () => {
    const all = await t.database.db.select().from(blogPosts);
    const home = all.filter((p) => p.pageName === 'home');
    const r = await read(t, getCommonBlogUsingModuleId, { PageName: 'home', pageSize: 2 });
    expect(r.total).toBe(home.length);
    expect(r.posts).toHaveLength(2);
    expect(r.posts[0]!.publishedAt >= r.posts[1]!.publishedAt).toBe(true);
    const every = await read(t, getCommonBlogUsingModuleId, { PageName: 'blog', pageSize: 48 });
    expect(every.total).toBe(all.length);
    expect(every.posts).toHaveLength(all.length);
    expect(await failure(t, getCommonBlogUsingModuleId, {})).toMatchObject({
      code: 400,
      message: 'PageName: is required',
    });
    expect(await failure(t, getCommonBlogUsingModuleId, { PageName: 'home', pageSize: 49 })).toMatchObject({
      code: 400,
      message: 'pageSize: must be between 1 and 48',
    });
  });

  it('answers a post by slug with its body, and 404 for an unknown slug', async () => {
    const [post] = await t.database.db.select().from(blogPosts).limit(1);
    const d = await read(t, getBlogDetail, { Slug: post!.slug });
    expect(d.title).toBe(post!.title);
    expect(d.body).toContain('<h2>');
    expect(d.related.map((r) => r.slug)).not.toContain(post!.slug);
    expect(await failure(t, getBlogDetail, { Slug: 'no-such-post' })).toEqual({
      code: 404,
      status: 'error',
      message: 'This blog post was not found.',
      data: null,
    });
  });

  it('sanitises a stored post so no script reaches the page', async () => {
    await t.database.db.insert(blogPosts).values({
      slug: 'evil-post',
      pageName: 'home',
      title: 't',
      excerpt: 'e',
      body: `<h2>Title</h2><h3>Sub</h3><ul><li>one</li></ul><ol><li>two</li></ol><em>em</em>${HOSTILE_HTML}<a href="/holidays">ours</a><a href="//evil.example">proto</a><a href="data:text/html,x">data</a>`,
      image: '/images/blog/blog-1',
      author: 'a',
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    await contentChanged(t);
    const d = await read(t, getBlogDetail, { Slug: 'evil-post' });
    expectSanitised(d.body);
    expect(d.body).toContain('<h2>Title</h2><h3>Sub</h3><ul><li>one</li></ul><ol><li>two</li></ol><em>em</em>');
    expect(d.body).toContain('<a href="/holidays">ours</a>');
    expect(d.body).not.toContain('evil.example');
    expect(d.body).not.toContain('data:');
  });
});

describe('GetFooterHeading', () => {
  it('answers the footer columns in order with their links', async () => {
    const f = await read(t, getFooterHeading);
    expect(f.length).toBeGreaterThan(0);
    expect(f.every((h) => h.links.length > 0)).toBe(true);
    expect(f.flatMap((h) => h.links.map((l) => l.url))).toContain('/holidays');
  });
});

describe('GetShopDetails', () => {
  it('names the asking site’s seller, without its bank account', async () => {
    const uae = await read(t, getShopDetails);
    const india = await read(t, getShopDetails, {}, { site: 'IN' });
    expect(uae.taxLabel).toBe('TRN');
    expect(india.taxLabel).toBe('GSTIN');
    expect(uae.legalName).not.toBe(india.legalName);
    expect(JSON.stringify(uae)).not.toMatch(/bank|accountNumber/i);
  });
});

describe('GetGlobalSearchList', () => {
  it('suggests destinations, packages and deals with site-relative links', async () => {
    const { suggestions } = await read(t, getGlobalSearchList, { prefix: 'go' });
    const types = new Set(suggestions.map((s) => s.type));
    expect(types.has('destination')).toBe(true);
    expect(types.has('package')).toBe(true);
    const goa = suggestions.find((s) => s.type === 'destination' && s.label === 'Goa');
    expect(goa?.url).toMatch(/^\/holidays\?cityId=\d+$/);
    for (const s of suggestions) {
      expect(s.url.startsWith('/')).toBe(true);
      if (s.type === 'package') expect(s.url).toMatch(/^\/holidays\/[a-z0-9-]+$/);
      if (s.type === 'deal') expect(s.url).toMatch(/^\/deals\/[a-z0-9-]+$/);
    }
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });

  it('finds deals and matches words inside names, ignoring case', async () => {
    const winter = await read(t, getGlobalSearchList, { prefix: 'WINTER' });
    expect(winter.suggestions.some((s) => s.type === 'deal' && s.url === '/deals/winter-wonderland')).toBe(true);
    const beach = await read(t, getGlobalSearchList, { prefix: 'beach', limit: 20 });
    expect(
      beach.suggestions.some((s) => s.type === 'package' && /beach/i.test(s.label) && !/^beach/i.test(s.label)),
    ).toBe(true);
  });

  it('suggests only packages sold on the asking site', async () => {
    const [pkg] = await t.database.db
      .select({ id: packages.id, title: packages.title, slug: packages.slug })
      .from(packages)
      .limit(1);
    await t.database.db
      .delete(packagePrices)
      .where(and(eq(packagePrices.packageId, pkg!.id), eq(packagePrices.site, 'IN')));
    await contentChanged(t);
    const word = pkg!.title.split(/\s+/)[0]!;
    const uae = await read(t, getGlobalSearchList, { prefix: word, limit: 20 });
    const india = await read(t, getGlobalSearchList, { prefix: word, limit: 20 }, { site: 'IN' });
    expect(uae.suggestions.map((s) => s.url)).toContain(`/holidays/${pkg!.slug}`);
    expect(india.suggestions.map((s) => s.url)).not.toContain(`/holidays/${pkg!.slug}`);
  });

  it('treats LIKE wildcards literally and asks for a prefix', async () => {
    expect((await read(t, getGlobalSearchList, { prefix: '%' })).suggestions).toEqual([]);
    expect((await read(t, getGlobalSearchList, { prefix: '_' })).suggestions).toEqual([]);
    expect(await failure(t, getGlobalSearchList, {})).toMatchObject({ code: 400, message: 'prefix: is required' });
    expect(await failure(t, getGlobalSearchList, { prefix: 'x'.repeat(61) })).toMatchObject({
      code: 400,
      message: 'prefix: must be at most 60 characters',
    });
  });
});
