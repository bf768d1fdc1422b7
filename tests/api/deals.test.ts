import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPackageDetail } from '../../contract/catalogue-calls.ts';
import {
  getDeals,
  getDealsModuleData,
  getSeasonalDealCategory,
  getSeasonalDealSubCategoryBySlug,
} from '../../contract/deal-calls.ts';
import { deals } from '../../server/db/schema.ts';
import { contentChanged, currencies, failure, read } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GetSeasonalDealCategory', () => {
  it('lists every category with its slug and live deal count', async () => {
    const cats = await read(t, getSeasonalDealCategory);
    expect(cats.length).toBeGreaterThan(0);
    for (const c of cats) expect(c.slug).toMatch(/^[a-z0-9-]+$/);
    const total = (await read(t, getDeals, { pageSize: 1 })).total;
    expect(cats.reduce((s, c) => s + c.dealCount, 0)).toBe(total);
  });
});

describe('GetSeasonalDealSubCategoryBySlug', () => {
  it('answers a category with its subcategories, and 404 for an unknown slug', async () => {
    const r = await read(t, getSeasonalDealSubCategoryBySlug, { Slug: 'winter-wonderland' });
    expect(r.category.slug).toBe('winter-wonderland');
    expect(r.subCategories.length).toBeGreaterThan(0);
    expect(r.subCategories.reduce((s, x) => s + x.dealCount, 0)).toBe(r.category.dealCount);
    expect(await failure(t, getSeasonalDealSubCategoryBySlug, { Slug: 'no-such-season' })).toEqual({
      code: 404,
      status: 'error',
      message: 'There is no deal category with this slug.',
      data: null,
    });
    expect(await failure(t, getSeasonalDealSubCategoryBySlug, {})).toMatchObject({
      code: 400,
      message: 'Slug: is required',
    });
  });
});

describe('GetDeals', () => {
  it('carries the package priced for the site with the deal applied, in one currency', async () => {
    for (const [site, currency] of [
      ['UAE', 'AED'],
      ['IN', 'INR'],
    ] as const) {
      const r = await read(t, getDeals, { pageSize: 48 }, { site });
      expect(r.deals.length).toBeGreaterThan(0);
      expect([...currencies(r)]).toEqual([currency]);
      const d = r.deals.find((x) => x.package)!;
      const pkg = await read(t, getPackageDetail, { Slug: d.package!.slug }, { site });
      expect(d.package!.compareAt).toEqual(pkg.price);
      // The deal's price is rounded to the whole dirham or rupee, as it was when prices were whole units.
      expect(d.package!.price).toEqual({
        amount: Math.round((pkg.price.amount / 100) * ((100 - d.discountPercent) / 100)) * 100,
        currency,
      });
      expect(d.package!.price.amount).toBeLessThan(pkg.price.amount);
    }
  });

  it('filters by category and subcategory slug, pages with a total over all pages', async () => {
    const all = await read(t, getDeals, { categorySlug: 'winter-wonderland', pageSize: 48 });
    expect(all.deals.every((d) => d.category.slug === 'winter-wonderland')).toBe(true);
    const ids: number[] = [];
    for (let page = 1; (page - 1) * 2 < all.total; page++) {
      const r = await read(t, getDeals, { categorySlug: 'winter-wonderland', pageSize: 2, pageIndex: page });
      expect(r.total).toBe(all.total);
      ids.push(...r.deals.map((d) => d.id));
    }
    expect(new Set(ids).size).toBe(all.total);
    const sub = all.deals[0]!.subCategory!;
    const bySub = await read(t, getDeals, { subCategorySlug: sub.slug });
    expect(bySub.deals.every((d) => d.subCategory?.slug === sub.slug)).toBe(true);
    expect(bySub.total).toBeGreaterThan(0);
  });

  it('leaves out expired deals', async () => {
    const before = (await read(t, getDeals, { pageSize: 1 })).total;
    const [one] = await t.database.db.select().from(deals).limit(1);
    await t.database.db
      .update(deals)
      .set({ validTo: new Date('2020-01-01T00:00:00Z') })
      .where(eq(deals.id, one!.id));
    await contentChanged(t);
    const after = await read(t, getDeals, { pageSize: 48 });
    expect(after.total).toBe(before - 1);
    expect(after.deals.map((d) => d.id)).not.toContain(one!.id);
    await t.database.db.update(deals).set({ validTo: one!.validTo }).where(eq(deals.id, one!.id));
    await contentChanged(t);
  });

  it('answers 404 for unknown slugs and 400 for bad paging', async () => {
    expect(await failure(t, getDeals, { categorySlug: 'nope' })).toMatchObject({
      code: 404,
      message: 'There is no deal category with this slug.',
    });
    expect(await failure(t, getDeals, { subCategorySlug: 'nope' })).toMatchObject({
      code: 404,
      message: 'There is no deal subcategory with this slug.',
    });
    expect(await failure(t, getDeals, { pageIndex: -1 })).toMatchObject({
      code: 400,
      message: 'pageIndex: must be a page number from 1',
    });
    expect(await failure(t, getDeals, { pageSize: 100 })).toMatchObject({
      code: 400,
      message: 'pageSize: must be between 1 and 48',
    });
  });
});

describe('GetDealsModuleData', () => {
  it('answers live deals by id in the order asked, leaving out unknown ids and other module types', async () => {
    const r = await read(t, getDealsModuleData, { ids: '3,1,999999', moduleType: 'package' }, { site: 'IN' });
    expect(r.map((d) => d.id)).toEqual([3, 1]);
    expect([...currencies(r)]).toEqual(['INR']);
    expect(await read(t, getDealsModuleData, { ids: '1', moduleType: 'banner' })).toEqual([]);
    expect((await read(t, getDealsModuleData, { ids: '2' })).map((d) => d.id)).toEqual([2]);
  });

  it('refuses missing or non-numeric ids', async () => {
    expect(await failure(t, getDealsModuleData, {})).toMatchObject({ code: 400, message: 'ids: is required' });
    expect(await failure(t, getDealsModuleData, { ids: '' })).toMatchObject({
      code: 400,
      message: 'ids: must list at least one id',
    });
    expect(await failure(t, getDealsModuleData, { ids: '1,x' })).toMatchObject({
      code: 400,
      message: 'ids.1: must be a list of numeric ids',
    });
  });
});
