import { and, asc, count, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AdminPackage,
  AdminPackageInput,
  AdminPackageItem,
  AdminPackageOptions,
  AdminSitePrice,
} from '../../../contract/catalogue-admin.ts';
import { IMAGE_PATH, SLUG_PATTERN } from '../../../contract/admin-catalogue-calls.ts';
import { cancellationPolicyProblem } from '../../../contract/cancellation.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingLines,
  cartItems,
  cities,
  countries,
  deals,
  departures,
  interests,
  packageInterests,
  packagePrices,
  packages,
  packageSlugs,
  roomHolds,
  tripTypes,
} from '../../db/schema.ts';
import { invalid, notFound, conflict } from '../../lib/errors.ts';
import type { Actor, DbOrTx } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';

/** Arbitrary key of the lock that gives each new package the next id ("pkg" in hex). */
const NEW_PACKAGE_LOCK = 0x706b67;

const SITES = ['UAE', 'IN'] as const;
type SiteCode = (typeof SITES)[number];
const CURRENCY: Record<SiteCode, 'AED' | 'INR'> = { UAE: 'AED', IN: 'INR' };
const MINOR_UNIT: Record<SiteCode, string> = { UAE: 'fils', IN: 'paise' };

export type PackagePatch = Partial<AdminPackageInput> & {
  heroImage?: string;
  gallery?: string[];
  imageAlts?: Record<string, string>;
};

type Row = typeof packages.$inferSelect;

function sitePrice(
  site: SiteCode,
  row: { amount: number; compareAt: number | null } | undefined,
): AdminSitePrice | null {
  if (!row) return null;
  return {
    amount: row.amount,
    compareAt: row.compareAt,
    currency: CURRENCY[site],
  };
}

/** Every package, published or not, newest change first; `q` finds words of the title or the slug. */
export async function listPackages(
  db: Db,
  q: { q?: string; status?: 'published' | 'unpublished' },
): Promise<AdminPackageItem[]> {
  const where: SQL[] = [];
  if (q.q?.trim()) {
    const like = `%${q.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${ilike(packages.title, like)} or ${ilike(packages.slug, like)})`);
  }
  if (q.status) where.push(eq(packages.published, q.status === 'published'));
  const [rows, prices] = await Promise.all([
    db
      .select({
        id: packages.id,
        slug: packages.slug,
        title: packages.title,
        city: cities.name,
        tripType: tripTypes.name,
        nights: packages.nights,
        published: packages.published,
        updatedAt: packages.updatedAt,
      })
      .from(packages)
      .innerJoin(cities, eq(cities.id, packages.cityId))
      .innerJoin(tripTypes, eq(tripTypes.id, packages.tripTypeId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(packages.title), asc(packages.id)),
    db.select().from(packagePrices),
  ]);
  const bySite = new Map(prices.map((p) => [`${p.packageId}:${p.site}`, p]));
  return rows.map((r) => ({
    ...r,
    prices: { UAE: sitePrice('UAE', bySite.get(`${r.id}:UAE`)), IN: sitePrice('IN', bySite.get(`${r.id}:IN`)) },
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function packageOptions(db: Db): Promise<AdminPackageOptions> {
  const [cityRows, typeRows, interestRows] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, country: countries.name })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(eq(cities.isDestination, true))
      .orderBy(asc(cities.name)),
    db.select({ id: tripTypes.id, name: tripTypes.name }).from(tripTypes).orderBy(asc(tripTypes.id)),
    db.select({ id: interests.id, name: interests.name }).from(interests).orderBy(asc(interests.name)),
  ]);
  return { cities: cityRows, tripTypes: typeRows, interests: interestRows };
}

async function snapshot(db: DbOrTx, row: Row): Promise<AdminPackage> {
  const [interestRows, priceRows, formerRows, [booked]] = await Promise.all([
    db
      .select({ id: packageInterests.interestId })
      .from(packageInterests)
      .where(eq(packageInterests.packageId, row.id))
      .orderBy(asc(packageInterests.interestId)),
    db.select().from(packagePrices).where(eq(packagePrices.packageId, row.id)),
    db
      .select({ slug: packageSlugs.slug })
      .from(packageSlugs)
      .where(eq(packageSlugs.packageId, row.id))
      .orderBy(asc(packageSlugs.createdAt), asc(packageSlugs.slug)),
    db.select({ n: count() }).from(bookingLines).where(eq(bookingLines.packageId, row.id)),
  ]);
  const price = (site: SiteCode) =>
    sitePrice(
      site,
      priceRows.find((p) => p.site === site),
    );
  return {
    id: row.id,
    slug: row.slug,
    formerSlugs: formerRows.map((r) => r.slug),
    title: row.title,
    cityId: row.cityId,
    tripTypeId: row.tripTypeId,
    interestIds: interestRows.map((r) => r.id),
    nights: row.nights,
    days: row.days,
    summary: row.summary,
    highlights: row.highlights,
    itinerary: row.itinerary,
    inclusions: row.inclusions,
    exclusions: row.exclusions,
    maxAdultsPerRoom: row.maxAdultsPerRoom,
    maxPeoplePerRoom: row.maxPeoplePerRoom,
    childAgeLimit: row.childAgeLimit,
    cancellationPolicy: row.cancellationPolicy,
    depositPercent: row.depositPercent,
    vatTreatment: row.vatTreatment,
    stays: row.stays,
    heroImage: row.heroImage,
    gallery: row.gallery,
    imageAlts: row.imageAlts,
    featured: row.featured,
    published: row.published,
    prices: { UAE: price('UAE'), IN: price('IN') },
    bookings: booked?.n ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a package: its fields, not the counters. */
const audited = (p: AdminPackage) => {
  const { bookings: _b, updatedAt: _u, ...rest } = p;
  return rest;
};

async function rowOf(db: DbOrTx, id: number, lock = false): Promise<Row> {
  const q = db.select().from(packages).where(eq(packages.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(`There is no package ${id}.`);
  return row;
}

export async function getPackage(db: Db, id: number): Promise<AdminPackage> {
  return snapshot(db, await rowOf(db, id));
}

/** A price as sent, in the smallest unit (as it is stored), or a refusal saying what to send. */
function priceOf(site: SiteCode, field: 'prices' | 'compareAt', minor: number): number {
  if (!Number.isInteger(minor) || minor <= 0)
    throw invalid(`${field}.${site}: give a price above zero in ${MINOR_UNIT[site]}, a whole number.`);
  return minor;
}

/** The package as it would be after the change: every rule that spans fields, checked on the whole. */
function checkWhole(p: {
  nights: number;
  itinerary: AdminPackage['itinerary'];
  stays: AdminPackage['stays'];
  maxAdultsPerRoom: number;
  maxPeoplePerRoom: number;
  cancellationPolicy: AdminPackage['cancellationPolicy'];
  heroImage: string;
  gallery: string[];
  imageAlts: Record<string, string>;
}) {
  if (p.maxAdultsPerRoom > p.maxPeoplePerRoom)
    throw invalid(
      `A room takes at most ${p.maxPeoplePerRoom} people, so it cannot take ${p.maxAdultsPerRoom} adults: raise the people per room or lower the adults.`,
    );
  if (p.itinerary.length > 0) {
    const days = p.itinerary.map((d) => d.day).sort((a, b) => a - b);
    const want = Array.from({ length: p.nights + 1 }, (_, i) => i + 1);
    if (days.join(',') !== want.join(','))
      throw invalid(
        `itinerary: a ${p.nights}-night package has days 1 to ${p.nights + 1}, each once (the itinerary has days ${days.join(', ') || 'none'}).`,
      );
  }
  if (p.stays.length > 0) {
    const sum = p.stays.reduce((s, x) => s + x.nights, 0);
    if (sum !== p.nights)
      throw invalid(
        `stays: the stays' nights add up to ${sum}, but the package has ${p.nights} nights. Make them add up.`,
      );
  }
  const policyProblem = cancellationPolicyProblem(p.cancellationPolicy);
  if (policyProblem) throw invalid(`cancellationPolicy: ${policyProblem}`);
  for (const path of [p.heroImage, ...p.gallery]) {
    if (!IMAGE_PATH.test(path))
      throw invalid(`${path.slice(0, 80)} is not a picture of the shop: upload pictures, then choose among them.`);
    if (path.startsWith('/images/uploads/') && !p.imageAlts[path]?.trim())
      throw invalid(`The picture ${path} has no alt text: describe it for people who cannot see it.`);
  }
}

async function checkRefs(db: DbOrTx, input: PackagePatch) {
  if (input.cityId !== undefined) {
    const [c] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId)).limit(1);
    if (!c) throw invalid(`cityId: there is no city ${input.cityId}.`);
  }
  if (input.tripTypeId !== undefined) {
    const [t] = await db
      .select({ id: tripTypes.id })
      .from(tripTypes)
      .where(eq(tripTypes.id, input.tripTypeId))
      .limit(1);
    if (!t) throw invalid(`tripTypeId: there is no trip type ${input.tripTypeId}.`);
  }
  if (input.interestIds?.length) {
    const found = await db.select({ id: interests.id }).from(interests).where(inArray(interests.id, input.interestIds));
    const missing = input.interestIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw invalid(`interestIds: there is no interest ${missing.join(', ')}.`);
  }
}

/** A slug free for this package: no other package has it now, nor had it before. */
async function checkSlug(db: DbOrTx, slug: string, selfId: number | null) {
  if (!SLUG_PATTERN.test(slug))
    throw invalid('slug: use lower-case letters, digits and single hyphens (e.g. goa-beach-escape).');
  const [taken] = await db.select({ id: packages.id }).from(packages).where(eq(packages.slug, slug)).limit(1);
  if (taken && taken.id !== selfId) throw conflict(`The slug ${slug} belongs to package ${taken.id}: choose another.`);
  const [former] = await db
    .select({ id: packageSlugs.packageId })
    .from(packageSlugs)
    .where(eq(packageSlugs.slug, slug))
    .limit(1);
  if (former && former.id !== selfId)
    throw conflict(`The slug ${slug} was package ${former.id}'s address and still leads there: choose another.`);
}

async function writePrices(tx: DbOrTx, id: number, input: PackagePatch, current: AdminPackage['prices']) {
  for (const site of SITES) {
    const minor = input.prices?.[site];
    const compareMinor = input.compareAt?.[site];
    if (minor === undefined && compareMinor === undefined) continue;
    if (minor === null) {
      await tx.delete(packagePrices).where(and(eq(packagePrices.packageId, id), eq(packagePrices.site, site)));
      continue;
    }
    const amount = minor !== undefined ? priceOf(site, 'prices', minor) : (current[site]?.amount ?? null);
    if (amount === null) throw invalid(`compareAt.${site}: set the package's price on this site first.`);
    const kept = current[site]?.compareAt;
    let compareAt =
      compareMinor === undefined
        ? (kept ?? null)
        : compareMinor === null
          ? null
          : priceOf(site, 'compareAt', compareMinor);
    if (compareAt !== null && compareAt <= amount) {
      // The price before an offer is above the price: a new price at or above it ends the offer, unless staff set both.
      if (compareMinor !== undefined)
        throw invalid(`compareAt.${site}: the price before the offer must be above the price.`);
      compareAt = null;
    }
    await tx
      .insert(packagePrices)
      .values({ packageId: id, site, currency: CURRENCY[site], amount, compareAt })
      .onConflictDoUpdate({
        target: [packagePrices.packageId, packagePrices.site],
        set: { amount, compareAt, currency: CURRENCY[site] },
      });
  }
}

/** A new package, unpublished until staff publish it; its first picture is its city's until one is uploaded. */
export async function createPackage(db: Db, actor: Actor, input: AdminPackageInput, now: Date): Promise<AdminPackage> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${NEW_PACKAGE_LOCK})`);
    await checkRefs(tx, input);
    await checkSlug(tx, input.slug, null);
    const [city] = await tx.select({ image: cities.image }).from(cities).where(eq(cities.id, input.cityId));
    const heroImage = city?.image ?? '/images/places/goa-1';
    const whole = { ...input, heroImage, gallery: [] as string[], imageAlts: {} as Record<string, string> };
    checkWhole(whole);
    const [{ next } = { next: 1 }] = (
      await tx.execute<{ next: number }>(sql`select coalesce(max(id), 0)::int + 1 as next from packages`)
    ).rows;
    const id = Number(next);
    await tx.insert(packages).values({
      id,
      slug: input.slug,
      title: input.title,
      cityId: input.cityId,
      tripTypeId: input.tripTypeId,
      nights: input.nights,
      days: input.nights + 1,
      summary: input.summary,
      highlights: input.highlights,
      itinerary: input.itinerary,
      inclusions: input.inclusions,
      exclusions: input.exclusions,
      stays: input.stays,
      heroImage,
      gallery: [],
      rating: 0,
      reviewCount: 0,
      featured: input.featured,
      vatTreatment: input.vatTreatment,
      maxAdultsPerRoom: input.maxAdultsPerRoom,
      maxPeoplePerRoom: input.maxPeoplePerRoom,
      childAgeLimit: input.childAgeLimit,
      cancellationPolicy: input.cancellationPolicy,
      depositPercent: input.depositPercent ?? null,
      published: false,
      createdAt: now,
      updatedAt: now,
    });
    if (input.interestIds.length)
      await tx.insert(packageInterests).values(input.interestIds.map((interestId) => ({ packageId: id, interestId })));
    await writePrices(tx, id, input, { UAE: null, IN: null });
    const after = await snapshot(tx, await rowOf(tx, id));
    await audit({ action: 'package.create', recordType: 'package', recordId: id, after: audited(after) });
    return after;
  });
}

/** Changes the fields given; the rules that span fields are checked on the package as it would be. */
export async function updatePackage(
  db: Db,
  actor: Actor,
  id: number,
  patch: PackagePatch,
  now: Date,
): Promise<AdminPackage> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const row = await rowOf(tx, id, true);
    const before = await snapshot(tx, row);
    await checkRefs(tx, patch);
    const imageAlts = patch.imageAlts !== undefined ? { ...before.imageAlts, ...patch.imageAlts } : before.imageAlts;
    const next = {
      nights: patch.nights ?? row.nights,
      itinerary: patch.itinerary ?? row.itinerary,
      stays: patch.stays ?? row.stays,
      maxAdultsPerRoom: patch.maxAdultsPerRoom ?? row.maxAdultsPerRoom,
      maxPeoplePerRoom: patch.maxPeoplePerRoom ?? row.maxPeoplePerRoom,
      cancellationPolicy: patch.cancellationPolicy ?? row.cancellationPolicy,
      heroImage: patch.heroImage ?? row.heroImage,
      gallery: patch.gallery ?? row.gallery,
      imageAlts,
    };
    checkWhole(next);
    if (row.published && (next.itinerary.length === 0 || next.stays.length === 0))
      throw invalid('A published package needs its itinerary and its stays: unpublish it first to clear them.');
    const slugChanged = patch.slug !== undefined && patch.slug !== row.slug;
    if (slugChanged) {
      await checkSlug(tx, patch.slug!, id);
      // The old address keeps leading here; a slug given back is current again, not former.
      await tx.insert(packageSlugs).values({ slug: row.slug, packageId: id, createdAt: now }).onConflictDoNothing();
      await tx.delete(packageSlugs).where(eq(packageSlugs.slug, patch.slug!));
    }
    const set: Partial<typeof packages.$inferInsert> = { updatedAt: now };
    if (patch.title !== undefined) set.title = patch.title;
    if (slugChanged) set.slug = patch.slug;
    if (patch.cityId !== undefined) set.cityId = patch.cityId;
    if (patch.tripTypeId !== undefined) set.tripTypeId = patch.tripTypeId;
    if (patch.nights !== undefined) Object.assign(set, { nights: patch.nights, days: patch.nights + 1 });
    if (patch.summary !== undefined) set.summary = patch.summary;
    if (patch.highlights !== undefined) set.highlights = patch.highlights;
    if (patch.itinerary !== undefined) set.itinerary = patch.itinerary;
    if (patch.inclusions !== undefined) set.inclusions = patch.inclusions;
    if (patch.exclusions !== undefined) set.exclusions = patch.exclusions;
    if (patch.maxAdultsPerRoom !== undefined) set.maxAdultsPerRoom = patch.maxAdultsPerRoom;
    if (patch.maxPeoplePerRoom !== undefined) set.maxPeoplePerRoom = patch.maxPeoplePerRoom;
    if (patch.childAgeLimit !== undefined) set.childAgeLimit = patch.childAgeLimit;
    if (patch.cancellationPolicy !== undefined) set.cancellationPolicy = patch.cancellationPolicy;
    if (patch.depositPercent !== undefined) set.depositPercent = patch.depositPercent;
    if (patch.vatTreatment !== undefined) set.vatTreatment = patch.vatTreatment;
    if (patch.stays !== undefined) set.stays = patch.stays;
    if (patch.featured !== undefined) set.featured = patch.featured;
    if (patch.heroImage !== undefined) set.heroImage = patch.heroImage;
    if (patch.gallery !== undefined) set.gallery = patch.gallery;
    if (patch.imageAlts !== undefined) set.imageAlts = imageAlts;
    await tx.update(packages).set(set).where(eq(packages.id, id));
    if (patch.interestIds !== undefined) {
      await tx.delete(packageInterests).where(eq(packageInterests.packageId, id));
      if (patch.interestIds.length)
        await tx
          .insert(packageInterests)
          .values([...new Set(patch.interestIds)].map((interestId) => ({ packageId: id, interestId })));
    }
    await writePrices(tx, id, patch, before.prices);
    if (row.published) await checkPublishable(tx, id);
    const after = await snapshot(tx, await rowOf(tx, id));
    await audit({
      action: 'package.update',
      recordType: 'package',
      recordId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/** What a package needs before travellers may see it, said as what to do. */
async function checkPublishable(tx: DbOrTx, id: number) {
  const row = await rowOf(tx, id);
  const [priced] = await tx.select({ n: count() }).from(packagePrices).where(eq(packagePrices.packageId, id));
  if (!priced?.n) throw invalid('Give the package a price on at least one site before it is published.');
  if (row.itinerary.length === 0)
    throw invalid('Write the itinerary (one entry per day) before the package is published.');
  if (row.stays.length === 0)
    throw invalid(
      'Add the stays (where, how many nights, with which supplier) before the package is published: the vouchers read them.',
    );
}

export async function setPublished(
  db: Db,
  actor: Actor,
  id: number,
  published: boolean,
  now: Date,
): Promise<AdminPackage> {
  return staffAction(db, actor, now, async ({ tx, audit, unchanged }) => {
    const row = await rowOf(tx, id, true);
    if (published) await checkPublishable(tx, id);
    if (row.published === published) unchanged();
    else {
      await tx.update(packages).set({ published, updatedAt: now }).where(eq(packages.id, id));
      await audit({
        action: published ? 'package.publish' : 'package.unpublish',
        recordType: 'package',
        recordId: id,
        before: { published: row.published },
        after: { published },
      });
    }
    return snapshot(tx, await rowOf(tx, id));
  });
}

/**
 * Deletes a package nobody booked (docs/decisions/0061): its prices, interests, reviews, former slugs,
 * its lines in travellers' carts, its deals and its unsold departures go with it. A package with
 * bookings or a live hold is refused: unpublish it instead, so its bookings keep it.
 */
export async function deletePackage(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const row = await rowOf(tx, id, true);
    const before = await snapshot(tx, row);
    if (before.bookings > 0)
      throw conflict(
        `${row.title} has ${before.bookings} booking${before.bookings === 1 ? '' : 's'}: it cannot be deleted. Unpublish it instead; its bookings keep it.`,
      );
    const [held] = await tx
      .select({ n: count() })
      .from(roomHolds)
      .where(and(eq(roomHolds.packageId, id), eq(roomHolds.status, 'held'), gt(roomHolds.expiresAt, now)));
    if (held?.n)
      throw conflict(
        `${row.title} is held for a traveller paying now: unpublish it, and delete it once the hold has ended.`,
      );
    const [carts] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.packageId, id));
    await tx.delete(cartItems).where(eq(cartItems.packageId, id));
    await tx.delete(roomHolds).where(eq(roomHolds.packageId, id));
    await tx.delete(departures).where(eq(departures.packageId, id));
    const gone = await tx.delete(deals).where(eq(deals.packageId, id)).returning({ slug: deals.slug });
    try {
      await tx.delete(packages).where(eq(packages.id, id));
    } catch (err) {
      if (
        (err as { code?: string; cause?: { code?: string } }).code === '23503' ||
        (err as { cause?: { code?: string } }).cause?.code === '23503'
      ) {
        throw conflict(
          `${row.title} is still used elsewhere (${String((err as { cause?: { detail?: string } }).cause?.detail ?? 'another record')}): unpublish it instead.`,
        );
      }
      throw err;
    }
    await audit({
      action: 'package.delete',
      recordType: 'package',
      recordId: id,
      before: audited(before),
      after: { deleted: true, cartLinesRemoved: carts?.n ?? 0, dealsRemoved: gone.map((d) => d.slug) },
    });
    return { id };
  });
}
