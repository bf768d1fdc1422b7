/**
 * The seed, in two parts (docs/decisions/0061: the seed never undoes staff).
 *
 * - Reference data (countries, states, cities, trip types, interests, suppliers, coupon and deal
 *   categories) at every start: rows with fixed ids or a natural key are inserted with ON CONFLICT
 *   DO NOTHING, so missing rows are filled in and existing rows are left alone.
 * - The demo catalogue (packages, prices, coupons, deals, blog, banners, mission statements,
 *   footer headings, reviews) only into a database without any package (a fresh one, so
 *   `npm ci && npm start` opens a full shop), or when asked (`npm run db:seed`, mode 'fill').
 *   A package, coupon or banner staff deleted is not put back by a restart.
 * - What later builds added to the demo's packages and coupons (stays, room limits, ways of paying)
 *   is not here: backfillCatalogue (backfill-catalogue.ts) fills it in at every start, so a
 *   database an older build seeded is complete after an upgrade (decision 0093).
 * - Everything runs in one transaction under an advisory lock, so two instances starting at
 *   the same time against one Postgres do not both seed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as t from './schema.ts';
import { BLOG_POSTS } from './seed-data/blog.ts';
import { CATALOGUE, INTERESTS, TRIP_TYPES } from './seed-data/catalogue.ts';
import { BANNERS, FOOTER_HEADINGS, MISSION_STATEMENTS } from './seed-data/content.ts';
import { COUPON_CATEGORIES, COUPONS } from './seed-data/coupons.ts';
import { DEAL_CATEGORIES, DEAL_SUBCATEGORIES, DEALS } from './seed-data/deals.ts';
import { CITIES, COUNTRIES, STATES } from './seed-data/places.ts';
import { REVIEWS } from './seed-data/reviews.ts';
import { SUPPLIERS } from './seed-data/suppliers.ts';

/** Arbitrary constant key for pg_advisory_xact_lock ("seed" in hex, fits in a bigint). */
const SEED_LOCK_KEY = 0x73656564;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function isEmpty(
  tx: Tx,
  table: typeof t.banners | typeof t.missionStatements | typeof t.reviews | typeof t.footerHeadings,
) {
  const rows = await tx.select({ id: table.id }).from(table).limit(1);
  return rows.length === 0;
}

/**
 * Serial-id tables with a unique slug get only the rows whose slug is missing. (A plain
 * ON CONFLICT DO NOTHING would still draw an id from the sequence for every skipped row,
 * leaving ever-growing gaps in the ids after each restart.)
 */
function missing<R extends { slug: string }>(rows: R[], existing: Array<{ slug: string }>): R[] {
  const have = new Set(existing.map((r) => r.slug));
  return rows.filter((r) => !have.has(r.slug));
}

export interface SeedOptions {
  /**
   * The demo catalogue: 'if-empty' (every start) only into a database without packages; 'fill'
   * (`npm run db:seed`) adds the demo rows that are missing, never over a row staff made or changed.
   */
  demo?: 'if-empty' | 'fill';
}

/** What the seed did: whether the demo catalogue was loaded (or filled in). */
export interface SeedResult {
  demo: boolean;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    // Reference data (fixed ids), parents before children: at every start.
    await tx.insert(t.countries).values(COUNTRIES).onConflictDoNothing();
    await tx.insert(t.states).values(STATES).onConflictDoNothing();
    await tx.insert(t.cities).values(CITIES).onConflictDoNothing();
    await tx.insert(t.tripTypes).values(TRIP_TYPES).onConflictDoNothing();
    await tx.insert(t.interests).values(INTERESTS).onConflictDoNothing();
    // Vouchers' suppliers (key: city and kind); databases made before them get them at their next start.
    await tx.insert(t.suppliers).values(SUPPLIERS).onConflictDoNothing();
    await tx.insert(t.couponCategories).values(COUPON_CATEGORIES).onConflictDoNothing();
    await tx.insert(t.dealCategories).values(DEAL_CATEGORIES).onConflictDoNothing();
    await tx.insert(t.dealSubcategories).values(DEAL_SUBCATEGORIES).onConflictDoNothing();

    // The demo catalogue: into a database without packages, or when asked.
    const [anyPackage] = await tx.select({ id: t.packages.id }).from(t.packages).limit(1);
    if (anyPackage && opts.demo !== 'fill') return { demo: false };
    await demoCatalogue(tx);
    return { demo: true };
  });
}

/**
 * The demo packages, their prices and content. A package is added only while its id and its slug
 * (current or former) are both free: a package staff made since keeps its own prices and stays.
 */
async function demoCatalogue(tx: Tx) {
  {
    const ids = await tx.select({ id: t.packages.id, slug: t.packages.slug }).from(t.packages);
    const formers = await tx.select({ slug: t.packageSlugs.slug }).from(t.packageSlugs);
    const takenIds = new Set(ids.map((r) => r.id));
    const takenSlugs = new Set([...ids, ...formers].map((r) => r.slug));
    const fresh = CATALOGUE.packages.filter((p) => !takenIds.has(p.id!) && !takenSlugs.has(p.slug));
    const freshIds = new Set(fresh.map((p) => p.id!));
    if (fresh.length > 0) await tx.insert(t.packages).values(fresh).onConflictDoNothing();
    // Prices and interests of the packages added now (a demo package staff priced keeps its prices).
    const prices = CATALOGUE.prices.filter((p) => freshIds.has(p.packageId));
    if (prices.length > 0) await tx.insert(t.packagePrices).values(prices).onConflictDoNothing();
    const links = CATALOGUE.packageInterests.filter((p) => freshIds.has(p.packageId));
    if (links.length > 0) await tx.insert(t.packageInterests).values(links).onConflictDoNothing();

    // Coupons and deals (unique slug/code); a deal only with its package.
    const newCoupons = missing(COUPONS, await tx.select({ slug: t.coupons.slug }).from(t.coupons));
    if (newCoupons.length > 0) await tx.insert(t.coupons).values(newCoupons).onConflictDoNothing();
    const present = new Set((await tx.select({ id: t.packages.id }).from(t.packages)).map((r) => r.id));
    const newDeals = missing(DEALS, await tx.select({ slug: t.deals.slug }).from(t.deals)).filter(
      (d) => d.packageId == null || present.has(d.packageId),
    );
    if (newDeals.length > 0) await tx.insert(t.deals).values(newDeals).onConflictDoNothing();

    // Content with a unique slug.
    const newPosts = missing(BLOG_POSTS, await tx.select({ slug: t.blogPosts.slug }).from(t.blogPosts));
    if (newPosts.length > 0) await tx.insert(t.blogPosts).values(newPosts).onConflictDoNothing();

    // Content without a natural key: seeded once, while the table is empty.
    if (await isEmpty(tx, t.banners)) await tx.insert(t.banners).values(BANNERS);
    if (await isEmpty(tx, t.missionStatements)) await tx.insert(t.missionStatements).values(MISSION_STATEMENTS);
    if (await isEmpty(tx, t.footerHeadings)) await tx.insert(t.footerHeadings).values(FOOTER_HEADINGS);
    if (await isEmpty(tx, t.reviews))
      await tx.insert(t.reviews).values(REVIEWS.filter((r) => r.packageId == null || present.has(r.packageId)));
  }
}
