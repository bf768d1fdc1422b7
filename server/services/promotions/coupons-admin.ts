import type { Currency } from '../../../contract/site.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminCoupon, AdminCouponList, CouponRules, CouponUsage } from '../../../contract/promotions.ts';
import type { Db } from '../../db/client.ts';
import { cities, couponCategories, coupons, packages, tripTypes } from '../../db/schema.ts';
import { invalid, notFound, conflict } from '../../lib/errors.ts';
import { slugOf } from '../../lib/slug.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';

/*
 * Coupons in the back office (issue 21): the rules the shop already checks (server/services/promotions/coupons.ts),
 * disabling (refused at apply and at booking, as an ended coupon is), and what each has been used
 * for. Every change is audited in its transaction; the coupons table's trigger bumps the content
 * version, so the shop's cached pages and answers clear.
 */

type CouponRow = typeof coupons.$inferSelect;

function rulesOf(c: CouponRow): CouponRules {
  return {
    code: c.code,
    title: c.title,
    description: c.description,
    terms: c.terms,
    categoryId: c.categoryId,
    pageName: c.pageName,
    site: c.site as CouponRules['site'],
    discountType: c.discountType,
    percent: c.percent,
    flatAed: c.flatAed,
    flatInr: c.flatInr,
    maxDiscountAed: c.maxDiscountAed,
    maxDiscountInr: c.maxDiscountInr,
    minCartAed: c.minCartAed,
    minCartInr: c.minCartInr,
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    oncePerTraveller: c.oncePerTraveller,
    firstBookingOnly: c.firstBookingOnly,
    tripTypeId: c.tripTypeId,
    travelWithinDays: c.travelWithinDays,
    paymentMethod: c.paymentMethod as CouponRules['paymentMethod'],
    paymentBank: c.paymentBank,
    packageIds: c.packageIds,
    cityIds: c.cityIds,
  };
}

async function usageOf(db: Db, ids: number[]): Promise<Map<number, CouponUsage[]>> {
  const usage = new Map<number, CouponUsage[]>();
  if (ids.length === 0) return usage;
  const { rows } = await db.execute<{
    coupon_id: number;
    site: 'UAE' | 'IN';
    currency: Currency;
    bookings: number;
    discount: number;
    cancelled: number;
  }>(sql`
    select coupon_id, site, currency,
           (count(*) filter (where status <> 'cancelled'))::int as bookings,
           coalesce(sum(discount) filter (where status <> 'cancelled'), 0)::int as discount,
           (count(*) filter (where status = 'cancelled'))::int as cancelled
    from bookings where coupon_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by coupon_id, site, currency order by site desc`);
  for (const r of rows)
    usage.set(r.coupon_id, [
      ...(usage.get(r.coupon_id) ?? []),
      {
        site: r.site,
        currency: r.currency,
        bookings: r.bookings,
        discount: Number(r.discount),
        cancelled: r.cancelled,
      },
    ]);
  return usage;
}

function toAdmin(c: CouponRow, usage: CouponUsage[], now: Date): AdminCoupon {
  return {
    id: c.id,
    slug: c.slug,
    userId: c.userId,
    ...rulesOf(c),
    disabledAt: c.disabledAt?.toISOString() ?? null,
    live: c.disabledAt === null && c.validFrom <= now && c.validTo >= now,
    usage,
  };
}

export async function listCoupons(db: Db, now: Date): Promise<AdminCouponList> {
  const [rows, categories, types, limitPackages, destinations] = await Promise.all([
    db.select().from(coupons).orderBy(asc(coupons.id)),
    db
      .select({ id: couponCategories.id, name: couponCategories.name })
      .from(couponCategories)
      .orderBy(asc(couponCategories.id)),
    db.select({ id: tripTypes.id, name: tripTypes.name }).from(tripTypes).orderBy(asc(tripTypes.id)),
    db.select({ id: packages.id, title: packages.title }).from(packages).orderBy(asc(packages.title), asc(packages.id)),
    db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(eq(cities.isDestination, true))
      .orderBy(asc(cities.name), asc(cities.id)),
  ]);
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdmin(r, usage.get(r.id) ?? [], now)),
    categories,
    tripTypes: types,
    packages: limitPackages,
    destinations,
  };
}

export async function getCoupon(db: Db, id: number, now: Date): Promise<AdminCoupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw notFound('There is no coupon with this id.');
  return toAdmin(row, (await usageOf(db, [id])).get(id) ?? [], now);
}

/**
 * The rules together must make sense: a discount of the chosen kind, an amount for each site it is on, dates in order.
 */
function checkRules(r: CouponRules) {
  if (r.discountType === 'percent' && (r.percent === null || r.percent < 1 || r.percent > 100))
    throw invalid('A percent coupon needs a percent from 1 to 100.');
  if (r.discountType === 'flat') {
    const needs = r.site === 'UAE' ? [r.flatAed] : r.site === 'IN' ? [r.flatInr] : [r.flatAed ?? r.flatInr];
    if (needs.some((n) => n === null || n <= 0))
      throw invalid(
        `A flat coupon needs its amount${r.site === 'UAE' ? ' in AED' : r.site === 'IN' ? ' in rupees' : ' in AED or rupees (a site without one does not offer it)'}.`,
      );
  }
  if (Date.parse(r.validTo) <= Date.parse(r.validFrom))
    throw invalid('The coupon must end after it starts: check Valid from and Valid to.');
  if (r.paymentBank && !r.paymentMethod) throw invalid('A bank applies only with a way to pay (card or net banking).');
  if (r.paymentBank && r.paymentMethod === 'upi') throw invalid('A bank applies to cards and net banking, not to UPI.');
}

async function checkRefs(db: Db, r: CouponRules, id: number | null) {
  const [category] = await db
    .select({ id: couponCategories.id })
    .from(couponCategories)
    .where(eq(couponCategories.id, r.categoryId))
    .limit(1);
  if (!category) throw invalid('Choose one of the coupon categories.');
  if (r.tripTypeId !== null) {
    const [type] = await db.select({ id: tripTypes.id }).from(tripTypes).where(eq(tripTypes.id, r.tripTypeId)).limit(1);
    if (!type) throw invalid('Choose one of the trip types, or none.');
  }
  // A limit names packages and destination cities that exist (docs/decisions/0105).
  if (new Set(r.packageIds).size !== r.packageIds.length || new Set(r.cityIds).size !== r.cityIds.length)
    throw invalid('Choose each package or destination once.');
  if (r.packageIds.length) {
    const found = await db.select({ id: packages.id }).from(packages).where(inArray(packages.id, r.packageIds));
    if (found.length !== r.packageIds.length)
      throw invalid('Some of the packages chosen no longer exist: reload the page and choose again.');
  }
  if (r.cityIds.length) {
    const found = await db
      .select({ id: cities.id })
      .from(cities)
      .where(and(inArray(cities.id, r.cityIds), eq(cities.isDestination, true)));
    if (found.length !== r.cityIds.length)
      throw invalid('Choose destinations among the list: some of those chosen are not holiday destinations.');
  }
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from coupons where upper(code) = ${r.code.toUpperCase()} and id <> ${id ?? 0} limit 1`,
  );
  if (rows[0]) throw conflict(`The code ${r.code} is already used by another coupon: choose another.`);
}

const columns = (r: CouponRules) => ({
  ...r,
  code: r.code.toUpperCase(),
  site: r.site,
  validFrom: new Date(r.validFrom),
  validTo: new Date(r.validTo),
});

export async function createCoupon(db: Db, actor: Actor, rules: CouponRules, now: Date): Promise<AdminCoupon> {
  checkRules(rules);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    await checkRefs(tx, rules, null);
    let slug = slugOf(rules.code) || 'coupon';
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from coupons where slug = ${slug}`);
    if (rows[0]?.n) slug = `${slug}-${Date.now().toString(36)}`;
    const [row] = await tx
      .insert(coupons)
      .values({ ...columns(rules), slug })
      .returning();
    await audit({ action: 'coupon.create', recordType: 'coupon', recordId: row!.id, after: rulesOf(row!) });
    return toAdmin(row!, [], now);
  });
}

/** Changes some of a coupon's rules (the rest stay), checked together. */
export async function updateCoupon(
  db: Db,
  actor: Actor,
  id: number,
  change: Partial<CouponRules>,
  now: Date,
): Promise<AdminCoupon> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update').limit(1);
    if (!before) throw notFound('There is no coupon with this id.');
    const rules = { ...rulesOf(before), ...change };
    checkRules(rules);
    await checkRefs(tx, rules, id);
    const [row] = await tx.update(coupons).set(columns(rules)).where(eq(coupons.id, id)).returning();
    await audit({
      action: 'coupon.update',
      recordType: 'coupon',
      recordId: id,
      before: rulesOf(before),
      after: rulesOf(row!),
    });
    return toAdmin(row!, (await usageOf(tx, [id])).get(id) ?? [], now);
  });
}

/** Disables (refused at apply and at booking from now) or enables a coupon again. */
export async function setCouponDisabled(
  db: Db,
  actor: Actor,
  id: number,
  disabled: boolean,
  now: Date,
): Promise<AdminCoupon> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update').limit(1);
    if (!before) throw notFound('There is no coupon with this id.');
    const [row] = await tx
      .update(coupons)
      .set({ disabledAt: disabled ? (before.disabledAt ?? now) : null })
      .where(eq(coupons.id, id))
      .returning();
    await audit({
      action: disabled ? 'coupon.disable' : 'coupon.enable',
      recordType: 'coupon',
      recordId: id,
      before: { disabledAt: before.disabledAt },
      after: { disabledAt: row!.disabledAt },
    });
    return toAdmin(row!, (await usageOf(tx, [id])).get(id) ?? [], now);
  });
}
