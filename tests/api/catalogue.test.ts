import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../contract/site.ts';
import {
  getPackageDetail,
  getPackageFilters,
  getPackagesByTypeCityAndInterest,
} from '../../contract/catalogue-calls.ts';
import { packagePrices, packages, reviews } from '../../server/db/schema.ts';
import { contentChanged, currencies, expectSanitised, failure, HOSTILE_HTML, read } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let slug: string;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.select({ slug: packages.slug, id: packages.id }).from(packages).limit(1);
  slug = row!.slug;
  id = row!.id;
});
afterAll(() => t.close());

describe('Holiday/GetPackageDetail', () => {
  it('answers a package with itinerary, inclusions, gallery and reviews, priced in AED on the UAE site', async () => {
    const d = await read(t, getPackageDetail, { Slug: slug });
    expect(d.slug).toBe(slug);
    expect(d.itinerary.length).toBe(d.days);
    expect(d.itinerary.map((x) => x.day)).toEqual(Array.from({ length: d.days }, (_, i) => i + 1));
    expect(d.inclusions.length).toBeGreaterThan(0);
    expect(d.exclusions.length).toBeGreaterThan(0);
    expect(d.gallery[0]).toBe(d.heroImage);
    expect(new Set(d.gallery).size).toBe(d.gallery.length);
    expect(d.interests.length).toBeGreaterThan(0);
    expect(d.related.every((r) => r.id !== d.id)).toBe(true);
    expect([...currencies(d)]).toEqual(['AED']);
  });

  it('answers in rupees only for Country: IN, with the India price from the database', async () => {
    const d = await read(t, getPackageDetail, { Slug: slug }, { site: 'IN' });
    expect([...currencies(d)]).toEqual(['INR']);
    const [price] = await t.database.db.select().from(packagePrices).where(eqPrice(id, 'IN'));
    expect(d.price).toEqual({ amount: price!.amount, currency: 'INR' });
  });

  it('takes the slug in any case of its name (slug, Slug)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Common/Holiday/GetPackageDetail?slug=${slug}` });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown slug with a 404 envelope', async () => {
    expect(await failure(t, getPackageDetail, { Slug: 'no-such-holiday' })).toEqual({
      code: 404,
      status: 'error',
      message: 'This holiday package was not found.',
      data: null,
    });
  });

  it('asks for a slug when none is given', async () => {
    expect(await failure(t, getPackageDetail, {})).toMatchObject({ code: 400, message: 'Slug: is required' });
    expect(await failure(t, getPackageDetail, { Slug: '   ' })).toMatchObject({
      code: 400,
      message: 'Slug: is required',
    });
  });

  it('never lets a stored script reach the page through its reviews', async () => {
    await t.database.db
      .insert(reviews)
      .values({ pageType: 'package', packageId: id, author: 'Mallory', rating: 5, title: 'Hi', body: HOSTILE_HTML });
    await contentChanged(t);
    const d = await read(t, getPackageDetail, { Slug: slug });
    const mine = d.reviews.find((r) => r.author === 'Mallory');
    expect(mine).toBeDefined();
    expectSanitised(mine!.body);
    expect(mine!.body).toContain('<strong>text</strong>');
    expect(mine!.body).toContain('<a href="https://example.com/guide" rel="noopener noreferrer nofollow">guide</a>');
  });
});

describe('Holiday/GetFilters', () => {
  it('lists trip types, destination cities and interests with package counts for the site', async () => {
    const f = await read(t, getPackageFilters);
    expect(f.tripTypes.length).toBeGreaterThan(0);
    expect(f.interests.length).toBeGreaterThan(0);
    expect(f.cities.length).toBeGreaterThan(0);
    for (const c of f.cities) expect(c.packageCount).toBeGreaterThan(0);
    // The counts agree with the search: a city's count is its search total.
    const city = f.cities[0]!;
    const search = await read(t, getPackagesByTypeCityAndInterest, { cityId: city.id, pageSize: 1 });
    expect(search.total).toBe(city.packageCount);
    const type = f.tripTypes.find((x) => x.packageCount > 0)!;
    expect((await read(t, getPackagesByTypeCityAndInterest, { typeId: type.id, pageSize: 1 })).total).toBe(
      type.packageCount,
    );
  });
});

describe('Holiday/GetPackagesByTypeCityAndInterest', () => {
  it('pages through every match: total counts all pages, pages do not overlap', async () => {
    const first = await read(
      t,
      getPackagesByTypeCityAndInterest,
      { typeId: 1, pageSize: 5, pageIndex: 1 },
      { site: 'IN' },
    );
    expect(first.total).toBeGreaterThan(5);
    const seen = new Set<number>();
    for (let page = 1; (page - 1) * 5 < first.total; page++) {
      const r = await read(
        t,
        getPackagesByTypeCityAndInterest,
        { typeId: 1, pageSize: 5, pageIndex: page },
        { site: 'IN' },
      );
      expect(r.total).toBe(first.total);
      for (const p of r.packages) seen.add(p.id);
      expect([...currencies(r)].every((c) => c === 'INR')).toBe(true);
    }
    expect(seen.size).toBe(first.total);
  });

  it('says which parameter is missing, as the spec writes it', async () => {
    expect(await failure(t, getPackagesByTypeCityAndInterest, { interests: '1' })).toMatchObject({
      code: 400,
      status: 'error',
      message: 'CityId and TripTypeId are required',
    });
  });

  it('refuses bad paging with a clear message', async () => {
    expect(await failure(t, getPackagesByTypeCityAndInterest, { typeId: 1, pageIndex: 0 })).toMatchObject({
      code: 400,
      message: 'pageIndex: must be a page number from 1',
    });
    expect(await failure(t, getPackagesByTypeCityAndInterest, { typeId: 1, pageSize: 500 })).toMatchObject({
      code: 400,
      message: 'pageSize: must be between 1 and 48',
    });
  });
});

function eqPrice(packageId: number, site: Site) {
  return and(eq(packagePrices.packageId, packageId), eq(packagePrices.site, site));
}
