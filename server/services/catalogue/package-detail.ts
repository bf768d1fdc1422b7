import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY } from '../../../contract/cancellation.ts';
import type { PackageDetail, PackageFilters } from '../../../contract/catalogue.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import {
  cities,
  countries,
  interests,
  packageInterests,
  packages,
  packageSlugs,
  reviews,
  tripTypes,
} from '../../db/schema.ts';
import { onSaleIds, packageCardQuery, toPackageCard } from './package-cards.ts';
import { toReview } from '../content.ts';

const RELATED = 4;
const DETAIL_REVIEWS = 10;

/** One package by slug, priced for the site; null when unknown or not sold on that site. */
export async function packageDetail(db: Db, site: Site, slug: string, former = true): Promise<PackageDetail | null> {
  const [row] = await packageCardQuery(db, site).where(eq(packages.slug, slug)).limit(1);
  if (!row) {
    // A former slug (the package was renamed) still resolves, answered under the current one.
    const current = former ? await currentSlugOf(db, slug) : null;
    return current && current !== slug ? packageDetail(db, site, current, false) : null;
  }
  const card = toPackageCard(row);

  const [[extra], interestRows, reviewRows, sameCity] = await Promise.all([
    db
      .select({
        highlights: packages.highlights,
        itinerary: packages.itinerary,
        inclusions: packages.inclusions,
        exclusions: packages.exclusions,
        gallery: packages.gallery,
        vatTreatment: packages.vatTreatment,
        countryId: cities.countryId,
        maxAdultsPerRoom: packages.maxAdultsPerRoom,
        maxPeoplePerRoom: packages.maxPeoplePerRoom,
        childAgeLimit: packages.childAgeLimit,
        cancellationPolicy: packages.cancellationPolicy,
        imageAlts: packages.imageAlts,
      })
      .from(packages)
      .innerJoin(cities, eq(cities.id, packages.cityId))
      .where(eq(packages.id, card.id)),
    db
      .select({ id: interests.id, name: interests.name, slug: interests.slug })
      .from(packageInterests)
      .innerJoin(interests, eq(interests.id, packageInterests.interestId))
      .where(eq(packageInterests.packageId, card.id))
      .orderBy(interests.name),
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.packageId, card.id), eq(reviews.site, site)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(DETAIL_REVIEWS),
    packageCardQuery(db, site)
      .where(and(eq(packages.cityId, card.city.id), ne(packages.id, card.id)))
      .orderBy(desc(packages.rating), packages.id)
      .limit(RELATED),
  ]);

  let related = sameCity.map(toPackageCard);
  if (related.length < RELATED) {
    const sameType = await packageCardQuery(db, site)
      .where(
        and(eq(packages.tripTypeId, card.tripType.id), ne(packages.id, card.id), ne(packages.cityId, card.city.id)),
      )
      .orderBy(desc(packages.rating), packages.id)
      .limit(RELATED - related.length);
    related = [...related, ...sameType.map(toPackageCard)];
  }

  const gallery = [card.heroImage, ...(extra?.gallery ?? []).filter((g) => g !== card.heroImage)];
  return {
    ...card,
    highlights: extra?.highlights ?? [],
    occupancy: {
      maxAdultsPerRoom: extra?.maxAdultsPerRoom ?? 3,
      maxPeoplePerRoom: extra?.maxPeoplePerRoom ?? 4,
      childAgeLimit: extra?.childAgeLimit ?? 12,
    },
    itinerary: [...(extra?.itinerary ?? [])].sort((a, b) => a.day - b.day),
    inclusions: extra?.inclusions ?? [],
    exclusions: extra?.exclusions ?? [],
    gallery,
    interests: interestRows,
    reviews: reviewRows.map(toReview),
    related,
    tax: {
      overseas: extra?.countryId !== (site === 'IN' ? 101 : 231),
      vatTreatment: extra?.vatTreatment ?? 'standard',
    },
    cancellationPolicy: extra?.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
    imageAlts: extra?.imageAlts ?? {},
  };
}

/** Filter options for the listing, with how many packages each has on the site. */
export async function packageFilters(db: Db, site: Site): Promise<PackageFilters> {
  const priced = onSaleIds(db, site);
  const onSite = sql`${packages.id} in ${priced}`;

  const [typeRows, cityRows, interestRows] = await Promise.all([
    db
      .select({ id: tripTypes.id, name: tripTypes.name, slug: tripTypes.slug, packageCount: count(packages.id) })
      .from(tripTypes)
      .leftJoin(packages, and(eq(packages.tripTypeId, tripTypes.id), onSite))
      .groupBy(tripTypes.id)
      .orderBy(tripTypes.id),
    db
      .select({
        id: cities.id,
        name: cities.name,
        slug: cities.slug,
        countryId: countries.id,
        countryName: countries.name,
        packageCount: count(packages.id),
      })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .innerJoin(packages, and(eq(packages.cityId, cities.id), onSite))
      .groupBy(cities.id, countries.id)
      .orderBy(cities.name),
    db
      .select({ id: interests.id, name: interests.name, slug: interests.slug, packageCount: count(packages.id) })
      .from(interests)
      .leftJoin(packageInterests, eq(packageInterests.interestId, interests.id))
      .leftJoin(packages, and(eq(packages.id, packageInterests.packageId), onSite))
      .groupBy(interests.id)
      .orderBy(interests.name),
  ]);

  return {
    tripTypes: typeRows,
    cities: cityRows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      packageCount: c.packageCount,
      country: { id: c.countryId, name: c.countryName },
    })),
    interests: interestRows,
  };
}

/** The current slug of a package by one of its former slugs, or null. */
export async function currentSlugOf(db: Db, formerSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: packages.slug })
    .from(packageSlugs)
    .innerJoin(packages, eq(packages.id, packageSlugs.packageId))
    .where(eq(packageSlugs.slug, formerSlug))
    .limit(1);
  return row?.slug ?? null;
}

/** The slug of a package by id, or null. */
export async function packageSlugById(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ slug: packages.slug }).from(packages).where(eq(packages.id, id)).limit(1);
  return row?.slug ?? null;
}
