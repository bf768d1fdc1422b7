/**
 * Idempotent seed of reference data and site content. Runs at every start and in tests:
 * a second run inserts nothing and changes nothing.
 *
 * - Tables with fixed ids or a natural unique key (slug, code, composite primary key) are
 *   inserted with ON CONFLICT DO NOTHING, so missing rows are filled in and existing rows
 *   (possibly edited since) are left alone.
 * - Content tables with only a serial id and no natural key (banners, mission statements,
 *   reviews, footer headings) are seeded only while they are empty.
 * - Everything runs in one transaction under an advisory lock, so two instances starting at
 *   the same time against one Postgres do not both seed the "only when empty" tables.
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

async function isEmpty(tx: Tx, table: typeof t.banners | typeof t.missionStatements | typeof t.reviews | typeof t.footerHeadings) {
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

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    // Places and catalogue (fixed ids), parents before children.
    await tx.insert(t.countries).values(COUNTRIES).onConflictDoNothing();
    await tx.insert(t.states).values(STATES).onConflictDoNothing();
    await tx.insert(t.cities).values(CITIES).onConflictDoNothing();
    await tx.insert(t.tripTypes).values(TRIP_TYPES).onConflictDoNothing();
    await tx.insert(t.interests).values(INTERESTS).onConflictDoNothing();
    await tx.insert(t.packages).values(CATALOGUE.packages).onConflictDoNothing();
    // Occupancy per room came after the packages (migration 0005 gave every row 3 adults / 4 people):
    // a package still at those defaults takes the catalogue's own, a value changed since is kept.
    const rooms = CATALOGUE.packages.filter((p) => p.maxAdultsPerRoom !== 3 || p.maxPeoplePerRoom !== 4);
    if (rooms.length > 0) {
      await tx.execute(sql`
        update packages p set max_adults_per_room = v.adults, max_people_per_room = v.people
        from (values ${sql.join(rooms.map((r) => sql`(${r.id!}::int, ${r.maxAdultsPerRoom!}::int, ${r.maxPeoplePerRoom!}::int)`), sql`, `)}) as v(id, adults, people)
        where p.id = v.id and p.max_adults_per_room = 3 and p.max_people_per_room = 4`);
    }
    // Each package's own stays (issue 22) on databases seeded before them: only where none are set, so edits are kept.
    await tx.execute(sql`
      update packages p set stays = v.stays::jsonb
      from (values ${sql.join(CATALOGUE.packages.map((r) => sql`(${r.id!}::int, ${JSON.stringify(r.stays)}::text)`), sql`, `)}) as v(id, stays)
      where p.id = v.id and p.stays = '[]'::jsonb`);
    await tx.insert(t.packagePrices).values(CATALOGUE.prices).onConflictDoNothing();
    await tx.insert(t.packageInterests).values(CATALOGUE.packageInterests).onConflictDoNothing();
    // Vouchers' suppliers (key: city and kind); databases made before them get them at their next start.
    await tx.insert(t.suppliers).values(SUPPLIERS).onConflictDoNothing();

    // Coupons and deals (fixed ids or unique slug/code).
    await tx.insert(t.couponCategories).values(COUPON_CATEGORIES).onConflictDoNothing();
    const newCoupons = missing(COUPONS, await tx.select({ slug: t.coupons.slug }).from(t.coupons));
    if (newCoupons.length > 0) await tx.insert(t.coupons).values(newCoupons).onConflictDoNothing();
    // Coupons tied to a way of paying (issue 19), on databases seeded before the column existed.
    for (const c of COUPONS.filter((x) => x.paymentMethod)) {
      await tx.execute(sql`update coupons set payment_method = ${c.paymentMethod!}, payment_bank = ${c.paymentBank ?? null} where slug = ${c.slug} and payment_method is null`);
    }
    await tx.insert(t.dealCategories).values(DEAL_CATEGORIES).onConflictDoNothing();
    await tx.insert(t.dealSubcategories).values(DEAL_SUBCATEGORIES).onConflictDoNothing();
    const newDeals = missing(DEALS, await tx.select({ slug: t.deals.slug }).from(t.deals));
    if (newDeals.length > 0) await tx.insert(t.deals).values(newDeals).onConflictDoNothing();

    // Content with a unique slug.
    const newPosts = missing(BLOG_POSTS, await tx.select({ slug: t.blogPosts.slug }).from(t.blogPosts));
    if (newPosts.length > 0) await tx.insert(t.blogPosts).values(newPosts).onConflictDoNothing();

    // Content without a natural key: seeded once, while the table is empty.
    if (await isEmpty(tx, t.banners)) await tx.insert(t.banners).values(BANNERS);
    if (await isEmpty(tx, t.missionStatements)) await tx.insert(t.missionStatements).values(MISSION_STATEMENTS);
    if (await isEmpty(tx, t.footerHeadings)) await tx.insert(t.footerHeadings).values(FOOTER_HEADINGS);
    if (await isEmpty(tx, t.reviews)) await tx.insert(t.reviews).values(REVIEWS);
  });
}
