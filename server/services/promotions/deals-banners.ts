import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminBanner, AdminDeal } from '../../../contract/promotions.ts';
import type { Db } from '../../db/client.ts';
import { banners, dealCategories, deals } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { writeAudit, type Actor } from '../staff/audit.ts';

/*
 * Deals and banners in the back office (issue 21): edit, order (sort, smallest first) and schedule
 * (a start, and an end). The shop shows only live ones (server/services/deals.ts, content.ts); the
 * tables' triggers bump the content version so cached pages clear at once, and a scheduled start
 * shows within the caches' minute.
 */

type DealRow = typeof deals.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toDeal(d: DealRow, category: string, now: Date): AdminDeal {
  return {
    id: d.id,
    slug: d.slug,
    title: d.title,
    description: d.description,
    image: d.image,
    category,
    packageId: d.packageId,
    discountPercent: d.discountPercent,
    sort: d.sort,
    startsAt: iso(d.startsAt),
    validTo: d.validTo.toISOString(),
    live: (d.startsAt === null || d.startsAt <= now) && d.validTo >= now,
  };
}

function toBanner(b: BannerRow, now: Date): AdminBanner {
  return {
    id: b.id,
    bannerType: b.bannerType,
    site: b.site as AdminBanner['site'],
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    link: b.link,
    sort: b.sort,
    startsAt: iso(b.startsAt),
    endsAt: iso(b.endsAt),
    live: (b.startsAt === null || b.startsAt <= now) && (b.endsAt === null || b.endsAt > now),
  };
}

const dealFields = (d: DealRow) => ({ title: d.title, description: d.description, discountPercent: d.discountPercent, sort: d.sort, startsAt: iso(d.startsAt), validTo: d.validTo.toISOString() });
const bannerFields = (b: BannerRow) => ({ title: b.title, subtitle: b.subtitle, link: b.link, image: b.image, site: b.site, sort: b.sort, startsAt: iso(b.startsAt), endsAt: iso(b.endsAt) });

export async function listDeals(db: Db, now: Date): Promise<AdminDeal[]> {
  const rows = await db
    .select({ deal: deals, category: dealCategories.name })
    .from(deals)
    .innerJoin(dealCategories, eq(dealCategories.id, deals.categoryId))
    .orderBy(asc(deals.sort), asc(deals.validTo), asc(deals.id));
  return rows.map((r) => toDeal(r.deal, r.category, now));
}

export interface DealChange {
  title?: string;
  description?: string;
  discountPercent?: number;
  sort?: number;
  startsAt?: string | null;
  validTo?: string;
}

export async function updateDeal(db: Db, actor: Actor, id: number, change: DealChange, now: Date): Promise<AdminDeal> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(deals).where(eq(deals.id, id)).for('update').limit(1);
    if (!before) throw notFound('There is no deal with this id.');
    const startsAt = change.startsAt === undefined ? before.startsAt : change.startsAt === null ? null : new Date(change.startsAt);
    const validTo = change.validTo === undefined ? before.validTo : new Date(change.validTo);
    if (startsAt && startsAt >= validTo) throw invalid('The deal must end after it starts: check Starts and Ends.');
    const { startsAt: _s, validTo: _v, ...rest } = change;
    const [row] = await tx.update(deals).set({ ...rest, startsAt, validTo }).where(eq(deals.id, id)).returning();
    await writeAudit(tx, actor, { action: 'deal.update', recordType: 'deal', recordId: id, before: dealFields(before), after: dealFields(row!) }, now);
    const [cat] = await tx.select({ name: dealCategories.name }).from(dealCategories).where(eq(dealCategories.id, row!.categoryId));
    return toDeal(row!, cat?.name ?? '', now);
  });
}

export async function listBanners(db: Db, now: Date): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.bannerType), asc(banners.sort), asc(banners.id));
  return rows.map((b) => toBanner(b, now));
}

export interface BannerChange {
  title?: string;
  subtitle?: string;
  link?: string;
  site?: 'UAE' | 'IN' | null;
  sort?: number;
  startsAt?: string | null;
  endsAt?: string | null;
}

export async function updateBanner(db: Db, actor: Actor, id: number, change: BannerChange, now: Date): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update').limit(1);
    if (!before) throw notFound('There is no banner with this id.');
    const date = (v: string | null | undefined, was: Date | null) => (v === undefined ? was : v === null ? null : new Date(v));
    const startsAt = date(change.startsAt, before.startsAt);
    const endsAt = date(change.endsAt, before.endsAt);
    if (startsAt && endsAt && startsAt >= endsAt) throw invalid('The banner must end after it starts: check Starts and Ends.');
    const { startsAt: _s, endsAt: _e, ...rest } = change;
    const [row] = await tx.update(banners).set({ ...rest, startsAt, endsAt }).where(eq(banners.id, id)).returning();
    await writeAudit(tx, actor, { action: 'banner.update', recordType: 'banner', recordId: id, before: bannerFields(before), after: bannerFields(row!) }, now);
    return toBanner(row!, now);
  });
}

/**
 * Puts deals or banners in this order (the first shown first): their sort becomes 10, 20, 30 …;
 * the ones not named keep theirs. One audit row for the whole move.
 */
export async function reorder(db: Db, actor: Actor, kind: 'deal' | 'banner', ids: number[], now: Date): Promise<void> {
  if (new Set(ids).size !== ids.length) throw invalid('Each one may appear once in the order.');
  const table = kind === 'deal' ? deals : banners;
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: table.id, sort: table.sort }).from(table).where(inArray(table.id, ids)).for('update');
    if (found.length !== ids.length) throw notFound(`Some of these ${kind}s no longer exist: reload the page.`);
    for (const [i, id] of ids.entries()) await tx.update(table).set({ sort: (i + 1) * 10 }).where(eq(table.id, id));
    await writeAudit(
      tx,
      actor,
      { action: `${kind}.order`, recordType: kind, recordId: null, before: Object.fromEntries(found.map((f) => [f.id, f.sort])), after: Object.fromEntries(ids.map((id, i) => [id, (i + 1) * 10])) },
      now,
    );
  });
}
