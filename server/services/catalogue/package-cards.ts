import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PackageCard } from '../../../contract/catalogue.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { cities, packageInterests, packagePrices, packages, tripTypes } from '../../db/schema.ts';

/** The columns of a package card, priced for one site. */
export function packageCardQuery(db: Db, site: Site) {
  return db
    .select({
      id: packages.id,
      slug: packages.slug,
      title: packages.title,
      nights: packages.nights,
      days: packages.days,
      summary: packages.summary,
      heroImage: packages.heroImage,
      rating: packages.rating,
      reviewCount: packages.reviewCount,
      cityId: cities.id,
      cityName: cities.name,
      citySlug: cities.slug,
      tripTypeId: tripTypes.id,
      tripTypeName: tripTypes.name,
      tripTypeSlug: tripTypes.slug,
      amount: packagePrices.amount,
      compareAt: packagePrices.compareAt,
      currency: packagePrices.currency,
    })
    .from(packages)
    .innerJoin(cities, eq(cities.id, packages.cityId))
    .innerJoin(tripTypes, eq(tripTypes.id, packages.tripTypeId))
    .innerJoin(
      packagePrices,
      and(eq(packagePrices.packageId, packages.id), eq(packagePrices.site, site), eq(packages.published, true)),
    )
    .$dynamic();
}

/** Ids of the packages on sale on a site: published and priced there (a subquery for `inArray`). */
export function onSaleIds(db: Db, site: Site) {
  return db
    .select({ id: packagePrices.packageId })
    .from(packagePrices)
    .innerJoin(packages, and(eq(packages.id, packagePrices.packageId), eq(packages.published, true)))
    .where(eq(packagePrices.site, site));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof packageCardQuery>['execute']>>[number];

export function toPackageCard(row: CardRow): PackageCard {
  const currency = row.currency;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    city: { id: row.cityId, name: row.cityName, slug: row.citySlug },
    tripType: { id: row.tripTypeId, name: row.tripTypeName, slug: row.tripTypeSlug },
    nights: row.nights,
    days: row.days,
    summary: row.summary,
    heroImage: row.heroImage,
    rating: row.rating,
    reviewCount: row.reviewCount,
    price: { amount: row.amount, currency },
    compareAt: row.compareAt === null ? null : { amount: row.compareAt, currency },
  };
}

export async function featuredPackages(db: Db, site: Site, limit = 8): Promise<PackageCard[]> {
  const rows = await packageCardQuery(db, site)
    .where(eq(packages.featured, true))
    .orderBy(desc(packages.rating), packages.id)
    .limit(limit);
  return rows.map(toPackageCard);
}

export async function packageCardsByIds(db: Db, site: Site, ids: number[]): Promise<PackageCard[]> {
  if (ids.length === 0) return [];
  const rows = await packageCardQuery(db, site).where(inArray(packages.id, ids));
  return rows.map(toPackageCard);
}

const ORDER = {
  popular: [desc(packages.featured), desc(packages.rating), packages.id],
  'price-asc': [asc(packagePrices.amount), packages.id],
  'price-desc': [desc(packagePrices.amount), packages.id],
  'duration-asc': [asc(packages.nights), packages.id],
  'duration-desc': [desc(packages.nights), packages.id],
} as const;

export interface PackageSearch {
  typeId?: number;
  cityId?: number;
  interests?: number[];
  pageIndex: number;
  pageSize: number;
  sort: keyof typeof ORDER;
}

/** Packages by trip type, city and interests (a package matches when it has any of them). */
export async function searchPackages(
  db: Db,
  site: Site,
  q: PackageSearch,
): Promise<{ packages: PackageCard[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.typeId) conditions.push(eq(packages.tripTypeId, q.typeId));
  if (q.cityId) conditions.push(eq(packages.cityId, q.cityId));
  if (q.interests?.length) {
    conditions.push(
      inArray(
        packages.id,
        db
          .select({ id: packageInterests.packageId })
          .from(packageInterests)
          .where(inArray(packageInterests.interestId, q.interests)),
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    packageCardQuery(db, site)
      .where(where)
      .orderBy(...ORDER[q.sort])
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ total: count() })
      .from(packages)
      .innerJoin(
        packagePrices,
        and(eq(packagePrices.packageId, packages.id), eq(packagePrices.site, site), eq(packages.published, true)),
      )
      .where(where),
  ]);
  return { packages: rows.map(toPackageCard), total: counted?.total ?? 0 };
}
