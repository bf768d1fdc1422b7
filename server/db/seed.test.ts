import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import * as t from './schema.ts';
import { seed } from './seed.ts';
import { DESTINATION_SLUGS } from './seed-data/places.ts';

const SEEDED_TABLES = [
  'countries',
  'states',
  'cities',
  'trip_types',
  'interests',
  'packages',
  'package_prices',
  'package_interests',
  'banners',
  'mission_statements',
  'reviews',
  'blog_posts',
  'footer_headings',
  'coupon_categories',
  'coupons',
  'deal_categories',
  'deal_subcategories',
  'deals',
  'suppliers',
] as const;

/** Row count and a digest of every row of each seeded table, to prove a re-run changes nothing. */
async function snapshot(database: Database): Promise<Record<string, { n: number; digest: string }>> {
  const out: Record<string, { n: number; digest: string }> = {};
  for (const table of SEEDED_TABLES) {
    const res = await database.db.execute<{ n: number; digest: string | null }>(
      sql.raw(`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as digest from ${table} x`),
    );
    const row = res.rows[0]!;
    out[table] = { n: row.n, digest: row.digest ?? '' };
  }
  return out;
}

describe('seed', () => {
  let database: Database;
  let first: Record<string, { n: number; digest: string }>;
  let second: Record<string, { n: number; digest: string }>;
  const timings = { first: 0, second: 0 };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    let start = performance.now();
    await seed(database.db);
    timings.first = performance.now() - start;
    first = await snapshot(database);
    start = performance.now();
    await seed(database.db);
    timings.second = performance.now() - start;
    second = await snapshot(database);
    console.log(
      `seed: first run ${timings.first.toFixed(0)} ms, second run ${timings.second.toFixed(0)} ms`,
      Object.fromEntries(Object.entries(second).map(([k, v]) => [k, v.n])),
    );
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('is idempotent: a second run adds, removes and changes nothing', () => {
    for (const table of SEEDED_TABLES) {
      expect(first[table]!.n, table).toBeGreaterThan(0);
    }
    expect(second).toEqual(first);
  });

  it('does not burn serial ids on re-runs', async () => {
    const { db } = database;
    for (const table of [t.coupons, t.deals, t.blogPosts, t.banners, t.reviews]) {
      const [row] = await db
        .select({ max: sql<number>`max(${table.id})::int`, n: sql<number>`count(*)::int` })
        .from(table);
      expect(row!.max).toBe(row!.n);
    }
  });

  it('never undoes staff: a deleted package, coupon and banner stay deleted at the next start; npm run db:seed fills the demo back in', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      await fresh.migrate();
      expect(await seed(fresh.db)).toEqual({ demo: true });
      const { db } = fresh;
      const [pkg] = await db
        .select({ id: t.packages.id, slug: t.packages.slug })
        .from(t.packages)
        .orderBy(sql`${t.packages.id} desc`)
        .limit(1);
      await db.delete(t.deals).where(sql`${t.deals.packageId} = ${pkg!.id}`);
      await db.delete(t.packages).where(sql`${t.packages.id} = ${pkg!.id}`);
      const [coupon] = await db
        .delete(t.coupons)
        .where(sql`${t.coupons.id} = (select min(id) from coupons)`)
        .returning({ slug: t.coupons.slug });
      await db.delete(t.banners).where(sql`${t.banners.id} = (select min(id) from banners)`);
      // A package staff renamed keeps its name.
      await db
        .update(t.packages)
        .set({ title: 'Renamed by staff' })
        .where(sql`${t.packages.id} = 1`);
      const counts = async () => (await snapshot(fresh)) as Record<string, { n: number }>;
      const before = await counts();

      expect(await seed(db)).toEqual({ demo: false });
      const after = await counts();
      for (const table of ['packages', 'package_prices', 'coupons', 'banners', 'deals', 'reviews'])
        expect(after[table]!.n, table).toBe(before[table]!.n);
      expect(
        await db
          .select()
          .from(t.packages)
          .where(sql`${t.packages.slug} = ${pkg!.slug}`),
      ).toEqual([]);
      expect(
        await db
          .select()
          .from(t.coupons)
          .where(sql`${t.coupons.slug} = ${coupon!.slug}`),
      ).toEqual([]);

      // Asked for (npm run db:seed): the missing demo package and coupon are back, staff's edit is kept.
      expect(await seed(db, { demo: 'fill' })).toEqual({ demo: true });
      expect(
        (
          await db
            .select({ id: t.packages.id })
            .from(t.packages)
            .where(sql`${t.packages.slug} = ${pkg!.slug}`)
        ).map((r) => r.id),
      ).toEqual([pkg!.id]);
      expect(
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.packagePrices)
          .where(sql`${t.packagePrices.packageId} = ${pkg!.id}`),
      ).toEqual([{ n: 2 }]);
      expect(
        (
          await db
            .select()
            .from(t.coupons)
            .where(sql`${t.coupons.slug} = ${coupon!.slug}`)
        ).length,
      ).toBe(1);
      expect(
        (
          await db
            .select({ title: t.packages.title })
            .from(t.packages)
            .where(sql`${t.packages.id} = 1`)
        )[0]!.title,
      ).toBe('Renamed by staff');
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('has the two sites’ countries with fixed ids', async () => {
    const rows = await database.db.select().from(t.countries);
    expect(rows.find((c) => c.iso2 === 'IN')).toEqual({ id: 101, name: 'India', iso2: 'IN', dialCode: '+91' });
    expect(rows.find((c) => c.iso2 === 'AE')).toMatchObject({ id: 231, dialCode: '+971' });
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const c of rows) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
  });

  it('has all Indian states and union territories and the seven emirates', async () => {
    const rows = await database.db.select().from(t.states);
    expect(rows.filter((s) => s.countryId === 101)).toHaveLength(36);
    expect(rows.filter((s) => s.countryId === 231)).toHaveLength(7);
  });

  it('has the destination cities with their exact slugs, summaries and images', async () => {
    const rows = await database.db.select().from(t.cities);
    const destinations = rows.filter((c) => c.isDestination);
    expect(destinations.length).toBeGreaterThanOrEqual(16);
    expect(destinations.map((c) => c.slug).sort()).toEqual([...DESTINATION_SLUGS].sort());
    for (const c of destinations) {
      expect(c.summary.length, c.slug).toBeGreaterThan(150);
      expect(c.image).toBe(`/images/places/${c.slug}-1`);
    }
    expect(rows.filter((c) => !c.isDestination).length).toBeGreaterThanOrEqual(30);
    // Every Indian or UAE city is linked to its state or emirate.
    for (const c of rows.filter((x) => x.countryId === 101 || x.countryId === 231)) {
      expect(c.stateId, c.slug).not.toBeNull();
    }
  });

  it('has at least 64 well-formed packages, at least 4 per destination', async () => {
    const { db } = database;
    const pkgs = await db.select().from(t.packages).orderBy(t.packages.id);
    const cities = await db.select().from(t.cities);
    expect(pkgs.length).toBeGreaterThanOrEqual(64);
    expect(pkgs.map((p) => p.id)).toEqual(pkgs.map((_, i) => i + 1));
    for (const p of pkgs) {
      const city = cities.find((c) => c.id === p.cityId)!;
      expect(city.isDestination).toBe(true);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.slug.startsWith(`${city.slug}-`), p.slug).toBe(true);
      expect(p.nights).toBeGreaterThanOrEqual(3);
      expect(p.nights).toBeLessThanOrEqual(10);
      expect(p.days).toBe(p.nights + 1);
      expect(p.itinerary.map((d) => d.day)).toEqual(Array.from({ length: p.days }, (_, i) => i + 1));
      expect(p.highlights.length).toBeGreaterThanOrEqual(3);
      expect(p.highlights.length).toBeLessThanOrEqual(5);
      expect(p.inclusions.length).toBeGreaterThanOrEqual(5);
      expect(p.inclusions.length).toBeLessThanOrEqual(8);
      expect(p.exclusions.length).toBeGreaterThanOrEqual(3);
      expect(p.exclusions.length).toBeLessThanOrEqual(5);
      expect(p.heroImage).toMatch(new RegExp(`^/images/places/${city.slug}-[123]$`));
      expect(p.gallery).toEqual([1, 2, 3].map((n) => `/images/places/${city.slug}-${n}`));
      expect(p.rating).toBeGreaterThanOrEqual(4.0);
      expect(p.rating).toBeLessThanOrEqual(4.9);
    }
    for (const slug of DESTINATION_SLUGS) {
      const city = cities.find((c) => c.slug === slug)!;
      expect(pkgs.filter((p) => p.cityId === city.id).length, slug).toBeGreaterThanOrEqual(4);
    }
    const featured = pkgs.filter((p) => p.featured);
    expect(featured.length).toBeGreaterThanOrEqual(Math.floor(pkgs.length / 4));
    expect(new Set(featured.map((p) => p.cityId)).size).toBe(DESTINATION_SLUGS.length);
    expect(new Set(pkgs.map((p) => p.tripTypeId)).size).toBe(8);
  });

  it('names a hotel, a transfer desk and a sightseeing desk for every destination, with an address and phone', async () => {
    const { db } = database;
    const cities = await db.select().from(t.cities);
    const rows = await db.select().from(t.suppliers);
    for (const slug of DESTINATION_SLUGS) {
      const city = cities.find((c) => c.slug === slug)!;
      const own = rows.filter((s) => s.cityId === city.id);
      expect(own.map((s) => s.kind).sort(), slug).toEqual(['hotel', 'sightseeing', 'transfer']);
      for (const s of own) {
        expect(s.address.length, `${slug} ${s.kind}`).toBeGreaterThan(0);
        expect(s.phone, `${slug} ${s.kind}`).toMatch(/^\+\d[\d ]{6,}$/);
        expect(s.email, `${slug} ${s.kind}`).toMatch(/@(partners|desk)\.wanderlust-holidays\.com$/);
        expect(s.notes.length, `${slug} ${s.kind}`).toBeGreaterThan(0);
      }
      const hotel = own.find((s) => s.kind === 'hotel')!;
      expect([hotel.checkIn, hotel.checkOut], slug).toEqual([
        expect.stringMatching(/^\d{2}:\d{2}$/),
        expect.stringMatching(/^\d{2}:\d{2}$/),
      ]);
    }
  });

  it('prices every package exactly once per site, in that site’s currency', async () => {
    const { db } = database;
    const pkgs = await db.select({ id: t.packages.id }).from(t.packages);
    const prices = await db.select().from(t.packagePrices);
    for (const p of pkgs) {
      const own = prices.filter((x) => x.packageId === p.id);
      expect(own, `package ${p.id}`).toHaveLength(2);
      expect(own.map((x) => `${x.site}:${x.currency}`).sort()).toEqual(['IN:INR', 'UAE:AED']);
      for (const x of own) {
        expect(x.amount).toBeGreaterThan(0);
        if (x.compareAt !== null) expect(x.compareAt).toBeGreaterThan(x.amount);
      }
    }
    const offers = prices.filter((x) => x.compareAt !== null).length / prices.length;
    expect(offers).toBeGreaterThan(0.2);
    expect(offers).toBeLessThan(0.45);
  });

  it('gives every package 2 to 4 interests', async () => {
    const rows = await database.db.select().from(t.packageInterests);
    const perPackage = new Map<number, number>();
    for (const r of rows) perPackage.set(r.packageId, (perPackage.get(r.packageId) ?? 0) + 1);
    expect(perPackage.size).toBeGreaterThanOrEqual(64);
    for (const n of perPackage.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
  });

  it('has content for every page', async () => {
    const { db } = database;
    const banners = await db.select().from(t.banners);
    expect(banners.filter((b) => b.bannerType === 'home')).toHaveLength(4);
    expect(banners.filter((b) => b.bannerType === 'holidays')).toHaveLength(2);
    expect(banners.filter((b) => b.bannerType === 'deals')).toHaveLength(2);

    const missions = await db.select().from(t.missionStatements);
    for (const page of ['home', 'holidays', 'deals', 'coupons']) {
      expect(
        missions.some((m) => m.pageType === page && !m.forListing),
        page,
      ).toBe(true);
    }
    for (const page of ['holidays', ...DESTINATION_SLUGS]) {
      expect(
        missions.some((m) => m.pageType === page && m.forListing),
        page,
      ).toBe(true);
    }

    const reviews = await db.select().from(t.reviews);
    expect(reviews.filter((r) => r.pageType === 'home' && r.packageId === null)).toHaveLength(8);
    expect(reviews.filter((r) => r.pageType === 'package' && r.packageId !== null).length).toBeGreaterThanOrEqual(64);
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(3);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.body).toMatch(/^(<p>[^<>]+<\/p>)+$/);
    }

    const posts = await db.select().from(t.blogPosts);
    expect(posts).toHaveLength(6);
    expect(await db.select().from(t.footerHeadings)).toHaveLength(4);
  });

  it('has coupons for both sites, with two already expired', async () => {
    const coupons = await database.db.select().from(t.coupons);
    expect(coupons.length).toBeGreaterThanOrEqual(12);
    const now = new Date('2026-11-01T00:00:00Z');
    expect(coupons.filter((c) => c.validTo < now)).toHaveLength(2);
    for (const c of coupons) {
      expect(c.userId).toBeNull();
      if (c.discountType === 'percent') {
        expect(c.percent).toBeGreaterThan(0);
        expect(c.maxDiscountAed).not.toBeNull();
        expect(c.maxDiscountInr).not.toBeNull();
      } else {
        expect(c.discountType).toBe('flat');
        expect(c.flatAed).toBeGreaterThan(0);
        expect(c.flatInr).toBeGreaterThan(0);
      }
    }
  });

  it('links every deal to a package of a matching category', async () => {
    const { db } = database;
    const deals = await db.select().from(t.deals);
    const subs = await db.select().from(t.dealSubcategories);
    const pkgs = await db.select().from(t.packages);
    expect(deals.length).toBeGreaterThanOrEqual(16);
    for (const d of deals) {
      expect(subs.find((s) => s.id === d.subcategoryId)?.categoryId).toBe(d.categoryId);
      expect(pkgs.find((p) => p.id === d.packageId)?.heroImage).toBe(d.image);
      expect(d.discountPercent).toBeGreaterThanOrEqual(5);
      expect(d.discountPercent).toBeLessThanOrEqual(30);
    }
  });
});
