import { and, asc, count, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PackageCard } from '../../../contract/catalogue.ts';
import type {
  Deal,
  DealCategory,
  DealCategoryWithSubs,
  DealsResult,
  DealSubCategory,
} from '../../../contract/deals.ts';
import { roundToWholeUnit } from '../../../contract/money.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { dealCategories, deals, dealSubcategories } from '../../db/schema.ts';
import { onSaleIds, packageCardsByIds } from '../catalogue/package-cards.ts';
import { equalsIgnoreCase } from '../sql-text.ts';

/** A live deal on the site: started (staff may schedule it), not expired, and its package (if any) is sold there. */
function liveOn(db: Db, site: Site, now: Date): SQL {
  const priced = onSaleIds(db, site);
  return and(
    gte(deals.validTo, now),
    or(isNull(deals.startsAt), lte(deals.startsAt, now)),
    or(isNull(deals.packageId), inArray(deals.packageId, priced)),
  )!;
}

/** The deal's price: the package's current price for the site, less the deal's percentage (to the whole unit). */
export function withDeal(card: PackageCard, percent: number): PackageCard {
  const regular = card.price.amount;
  const amount = roundToWholeUnit((regular * (100 - percent)) / 100);
  return {
    ...card,
    price: { amount, currency: card.price.currency },
    compareAt: percent > 0 ? { amount: regular, currency: card.price.currency } : card.compareAt,
  };
}

const sub = alias(dealSubcategories, 'sub');

async function loadDeals(db: Db, site: Site, where: SQL, page?: { limit: number; offset: number }): Promise<Deal[]> {
  let q = db
    .select({
      deal: deals,
      category: { id: dealCategories.id, name: dealCategories.name, slug: dealCategories.slug },
      subId: sub.id,
      subName: sub.name,
      subSlug: sub.slug,
    })
    .from(deals)
    .innerJoin(dealCategories, eq(dealCategories.id, deals.categoryId))
    .leftJoin(sub, eq(sub.id, deals.subcategoryId))
    .where(where)
    .orderBy(asc(deals.sort), asc(deals.validTo), asc(deals.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  const rows = await q;
  const ids = [...new Set(rows.map((r) => r.deal.packageId).filter((id): id is number => id !== null))];
  const cards = new Map((await packageCardsByIds(db, site, ids)).map((c) => [c.id, c]));
  return rows.map(({ deal: d, category, subId, subName, subSlug }) => {
    const card = d.packageId === null ? undefined : cards.get(d.packageId);
    return {
      id: d.id,
      slug: d.slug,
      title: d.title,
      description: d.description,
      image: d.image,
      category,
      subCategory:
        subId === null || subName === null || subSlug === null ? null : { id: subId, name: subName, slug: subSlug },
      discountPercent: d.discountPercent,
      moduleType: d.moduleType,
      validTo: d.validTo.toISOString(),
      package: card ? withDeal(card, d.discountPercent) : null,
    };
  });
}

async function dealCounts(db: Db, site: Site, by: 'category' | 'subcategory', now: Date): Promise<Map<number, number>> {
  const column = by === 'category' ? deals.categoryId : deals.subcategoryId;
  const rows = await db
    .select({ id: column, n: count() })
    .from(deals)
    .where(liveOn(db, site, now))
    .groupBy(column);
  return new Map(rows.filter((r) => r.id !== null).map((r) => [r.id as number, r.n]));
}

export async function dealCategoryList(db: Db, site: Site, now = new Date()): Promise<DealCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(dealCategories).orderBy(asc(dealCategories.id)),
    dealCounts(db, site, 'category', now),
  ]);
  return rows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    image: c.image,
    dealCount: counts.get(c.id) ?? 0,
  }));
}

export async function dealCategoryBySlug(
  db: Db,
  site: Site,
  slug: string,
  now = new Date(),
): Promise<DealCategoryWithSubs | null> {
  const [category] = await db.select().from(dealCategories).where(eq(dealCategories.slug, slug)).limit(1);
  if (!category) return null;
  const [subs, categoryCounts, subCounts] = await Promise.all([
    db
      .select()
      .from(dealSubcategories)
      .where(eq(dealSubcategories.categoryId, category.id))
      .orderBy(asc(dealSubcategories.id)),
    dealCounts(db, site, 'category', now),
    dealCounts(db, site, 'subcategory', now),
  ]);
  return {
    category: { ...category, dealCount: categoryCounts.get(category.id) ?? 0 },
    subCategories: subs.map((s): DealSubCategory => ({
      id: s.id,
      name: s.name,
      slug: s.slug,
      dealCount: subCounts.get(s.id) ?? 0,
    })),
  };
}

export class UnknownSlug extends Error {}

export async function dealList(
  db: Db,
  site: Site,
  q: { categorySlug?: string; subCategorySlug?: string; pageIndex: number; pageSize: number },
  now = new Date(),
): Promise<DealsResult> {
  const conditions: SQL[] = [liveOn(db, site, now)];
  if (q.categorySlug) {
    const [c] = await db
      .select({ id: dealCategories.id })
      .from(dealCategories)
      .where(eq(dealCategories.slug, q.categorySlug))
      .limit(1);
    if (!c) throw new UnknownSlug('There is no deal category with this slug.');
    conditions.push(eq(deals.categoryId, c.id));
  }
  if (q.subCategorySlug) {
    const [s] = await db
      .select({ id: dealSubcategories.id })
      .from(dealSubcategories)
      .where(eq(dealSubcategories.slug, q.subCategorySlug))
      .limit(1);
    if (!s) throw new UnknownSlug('There is no deal subcategory with this slug.');
    conditions.push(eq(deals.subcategoryId, s.id));
  }
  const where = and(...conditions)!;
  const [list, [counted]] = await Promise.all([
    loadDeals(db, site, where, { limit: q.pageSize, offset: (q.pageIndex - 1) * q.pageSize }),
    db.select({ total: count() }).from(deals).where(where),
  ]);
  return { deals: list, total: counted?.total ?? 0, pageIndex: q.pageIndex, pageSize: q.pageSize };
}

/** Live deals by id, in the order asked for; ids that are unknown, expired or of another module type are left out. */
export async function dealsByIds(
  db: Db,
  site: Site,
  ids: number[],
  moduleType: string | undefined,
  now = new Date(),
): Promise<Deal[]> {
  const conditions: SQL[] = [liveOn(db, site, now), inArray(deals.id, ids)];
  if (moduleType) conditions.push(equalsIgnoreCase(deals.moduleType, moduleType));
  const list = await loadDeals(db, site, and(...conditions)!);
  const byId = new Map(list.map((d) => [d.id, d]));
  return [...new Set(ids)].map((id) => byId.get(id)).filter((d): d is Deal => d !== undefined);
}
