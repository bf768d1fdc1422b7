import { and, asc, count, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  ApplicableCoupon,
  ApplicableCouponsResult,
  Coupon,
  CouponCategory,
  CouponDetail,
  CouponListResult,
  PayWith,
} from '../../../contract/coupons.ts';
import { floorToWholeUnit } from '../../../contract/money.ts';
import { siteDay, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { couponCategories, coupons, tripTypes } from '../../db/schema.ts';
import { formatMoney, money } from '../money.ts';
import { equalsIgnoreCase } from '../sql-text.ts';

type CouponRow = typeof coupons.$inferSelect;
/**
 * A coupon limited to packages or destinations (docs/decisions/0105): the packages it is for now
 * (the named ones and those in the named cities) and the words naming them; null when not limited.
 */
export interface CouponLimit {
  packageIds: number[];
  /** The destination cities' names and the packages' titles it names. */
  cities: string[];
  packages: string[];
}
type Row = {
  coupon: CouponRow;
  category: { id: number; name: string; slug: string };
  tripType: { name: string } | null;
  limit: CouponLimit | null;
};

/** The coupon's limit, read with it: a package moved to another city, or added to a named one, counts at once. */
const limitOf = sql<CouponLimit | null>`case when cardinality(${coupons.packageIds}) + cardinality(${coupons.cityIds}) = 0 then null else json_build_object(
  'packageIds', coalesce((select json_agg(lp.id order by lp.id) from packages lp where lp.id = any(${coupons.packageIds}) or lp.city_id = any(${coupons.cityIds})), '[]'::json),
  'cities', coalesce((select json_agg(lc.name order by lc.name) from cities lc where lc.id = any(${coupons.cityIds})), '[]'::json),
  'packages', coalesce((select json_agg(lp.title order by lp.title) from packages lp where lp.id = any(${coupons.packageIds})), '[]'::json)) end`;

/**
 * Why a limited coupon does not apply, in the words of its neighbours ("This coupon is for Maldives holidays only.").
 */
export function limitRefusal(limit: CouponLimit): string {
  const and = (list: string[]) =>
    list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  const named = limit.cities.length + limit.packages.length;
  if (named === 0 || named > 4) return 'This coupon is for some holidays only: see its terms.';
  const parts = [
    ...(limit.cities.length ? [`${and(limit.cities)} holidays`] : []),
    ...limit.packages.map((t) => `“${t}”`),
  ];
  return `This coupon is for ${and(parts)} only.`;
}

/** Whose coupons a request may see: the public ones, plus a signed-in traveller's own. */
export type Audience = { userId: number | null };

/** Offered on the site (for every site, or this one) and with a flat amount for it when flat. */
export function onSite(site: Site): SQL {
  const flat = site === 'IN' ? coupons.flatInr : coupons.flatAed;
  const flatOk = or(eq(coupons.discountType, 'percent'), gte(flat, 0));
  return and(or(isNull(coupons.site), eq(coupons.site, site)), flatOk)!;
}

/** Within its dates and not disabled by staff. */
export const activeAt = (now: Date) =>
  and(lte(coupons.validFrom, now), gte(coupons.validTo, now), isNull(coupons.disabledAt))!;

export function visibleTo(audience: Audience): SQL {
  return audience.userId ? or(isNull(coupons.userId), eq(coupons.userId, audience.userId))! : isNull(coupons.userId);
}

export function selectCoupons(db: Db) {
  return db
    .select({
      coupon: coupons,
      category: { id: couponCategories.id, name: couponCategories.name, slug: couponCategories.slug },
      tripType: { name: tripTypes.name },
      limit: limitOf,
    })
    .from(coupons)
    .innerJoin(couponCategories, eq(couponCategories.id, coupons.categoryId))
    .leftJoin(tripTypes, eq(tripTypes.id, coupons.tripTypeId))
    .$dynamic();
}

/**
 * Coupon texts written for both sites name both amounts ("AED 300 / ₹5,000", "AED 150 or ₹2,500");
 * each site reads only its own.
 */
export function siteText(site: Site, text: string): string {
  return text.replace(/AED\s?([\d,]+)\s*(?:\/|or)\s*₹\s?([\d,]+)/g, (_m, aed: string, inr: string) =>
    site === 'IN' ? `₹${inr}` : `AED ${aed}`,
  );
}

/** A coupon as the site sees it: only that site's amounts, in its currency. */
export function toCoupon(site: Site, { coupon: c, category }: Row): Coupon {
  const india = site === 'IN';
  const cap = india ? c.maxDiscountInr : c.maxDiscountAed;
  const flat = (india ? c.flatInr : c.flatAed) ?? 0;
  return {
    id: c.id,
    slug: c.slug,
    code: c.code,
    title: siteText(site, c.title),
    description: siteText(site, c.description),
    category,
    pageName: c.pageName,
    discount:
      c.discountType === 'percent'
        ? { type: 'percent', percent: c.percent ?? 0, maxDiscount: cap === null ? null : money(site, cap) }
        : { type: 'flat', amount: money(site, flat) },
    minCart: money(site, india ? c.minCartInr : c.minCartAed),
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    personal: c.userId !== null,
    payment: c.paymentMethod ? { method: c.paymentMethod as PayWith, bank: c.paymentBank } : null,
  };
}

const PAY_WITH_TEXT: Record<PayWith, string> = { card: 'by card', netbanking: 'by net banking', upi: 'by UPI' };

/** Why a coupon tied to a way of paying does not apply (not chosen yet, or another way); null when it does. */
export function paymentRefusal(
  c: Pick<CouponRow, 'paymentMethod' | 'paymentBank'>,
  payWith: PayWith | null | undefined,
): string | null {
  if (!c.paymentMethod || c.paymentMethod === payWith) return null;
  const how =
    c.paymentMethod === 'card' && c.paymentBank
      ? `with a ${c.paymentBank} card`
      : PAY_WITH_TEXT[c.paymentMethod as PayWith];
  return `This coupon is for paying ${how}: choose that way to pay to use it.`;
}

/**
 * What a coupon takes off an amount it applies to (no minimum checked here), in the smallest unit: a
 * percentage is rounded down to the whole dirham or rupee.
 */
function couponAmount(c: Coupon, base: number): number {
  if (base <= 0) return 0;
  if (c.discount.type === 'flat') return Math.min(c.discount.amount.amount, base);
  const raw = floorToWholeUnit((base * c.discount.percent) / 100);
  const capped = c.discount.maxDiscount ? Math.min(raw, c.discount.maxDiscount.amount) : raw;
  return Math.min(capped, base);
}

/** What a coupon takes off a cart total on the site (0 when the cart is below its minimum). */
export function discountFor(c: Coupon, cartTotal: number): number {
  return cartTotal < c.minCart.amount ? 0 : couponAmount(c, cartTotal);
}

/**
 * A line of a hold as coupon rules read it: its amount (smallest unit), package, trip type and travel
 * date. A line without its package matches no coupon limited to packages or destinations.
 */
export interface CouponLine {
  amount: number;
  packageId?: number;
  tripTypeId: number;
  travelDate: string;
}

/** Whether a line is one a limited coupon is for (any line when the coupon is not limited). */
export function lineInLimit(limit: CouponLimit | null, line: Pick<CouponLine, 'packageId'>): boolean {
  return limit === null || (line.packageId !== undefined && limit.packageIds.includes(line.packageId));
}

/** Days from the site's today to a travel date. */
const daysUntil = (isoDay: string, now: Date, site: Site) =>
  (Date.parse(isoDay) - Date.parse(siteDay(now, site))) / 86_400_000;

/**
 * What a coupon takes off for this traveller, or why it does not apply: the one verdict the coupon
 * list and the booking share. Given the lines, a coupon for one trip type, or for trips starting
 * soon, takes off only the lines it is for; the minimum is always the booking's total.
 */
export function couponVerdict(
  site: Site,
  row: Row,
  cartTotal: number,
  opts: { lines?: CouponLine[] | null; history?: CouponHistory | null; now?: Date; payWith?: PayWith | null } = {},
): { coupon: Coupon; discount: number; reason: string | null; eligible: CouponLine[] | null } {
  const coupon = toCoupon(site, row);
  const refusal =
    travellerRefusal(row.coupon, opts.history ?? null) ??
    cartRefusal(site, coupon, cartTotal) ??
    paymentRefusal(row.coupon, opts.payWith);
  if (refusal) return { coupon, discount: 0, reason: refusal, eligible: null };
  let base = cartTotal;
  /** The lines the discount comes off (the given objects), when lines were given. */
  let eligible: CouponLine[] | null = null;
  if (opts.lines) {
    const now = opts.now ?? new Date();
    const { tripTypeId, travelWithinDays } = row.coupon;
    const inLimit = opts.lines.filter((l) => lineInLimit(row.limit, l));
    if (inLimit.length === 0) return { coupon, discount: 0, reason: limitRefusal(row.limit!), eligible: inLimit };
    eligible = inLimit.filter(
      (l) =>
        (tripTypeId === null || l.tripTypeId === tripTypeId) &&
        (travelWithinDays === null || daysUntil(l.travelDate, now, site) <= travelWithinDays),
    );
    if (eligible.length === 0) {
      const reason =
        tripTypeId !== null
          ? `This coupon is for ${(row.tripType?.name ?? 'other').toLowerCase()} packages only.`
          : `This coupon is for trips starting within ${travelWithinDays} days.`;
      return { coupon, discount: 0, reason, eligible };
    }
    base = eligible.reduce((sum, l) => sum + l.amount, 0);
  }
  const discount = couponAmount(coupon, base);
  return { coupon, discount, reason: discount > 0 ? null : 'This coupon gives no discount on this cart.', eligible };
}

/** The site's active coupons promoted on one page (public ones only: pages are for everyone). */
export async function couponsForPage(db: Db, site: Site, pageName: string, now = new Date()): Promise<Coupon[]> {
  const rows = await selectCoupons(db)
    .where(and(onSite(site), activeAt(now), isNull(coupons.userId), equalsIgnoreCase(coupons.pageName, pageName)))
    .orderBy(asc(coupons.validTo), asc(coupons.id));
  return rows.map((r) => toCoupon(site, r));
}

/** Why a coupon does not apply to a cart total on the site (too small); null when it does. */
export function cartRefusal(site: Site, coupon: Coupon, cartTotal: number): string | null {
  if (cartTotal <= 0) return 'Add a holiday to your cart to use this coupon.';
  if (cartTotal < coupon.minCart.amount)
    return `Add ${formatMoney(money(site, coupon.minCart.amount - cartTotal))} more to use this coupon.`;
  return null;
}

/** What a traveller's bookings say about the coupons they may still use. */
export interface CouponHistory {
  hasBooking: boolean;
  used: Set<number>;
}

/**
 * Bookings that were not cancelled count: a cancelled booking gives its coupon back. `except`: a
 * booking left out, as an amendment reprices its own booking as though it were not made yet.
 */
export async function couponHistory(db: Db, userId: number, except?: number): Promise<CouponHistory> {
  const { rows } = await db.execute<{ coupon_id: number | null }>(
    sql`select distinct coupon_id from bookings where user_id = ${userId} and status <> 'cancelled'${except === undefined ? sql`` : sql` and id <> ${except}`}`,
  );
  return {
    hasBooking: rows.length > 0,
    used: new Set(rows.flatMap((r) => (r.coupon_id === null ? [] : [r.coupon_id]))),
  };
}

/** Why this traveller may not use the coupon (first booking only, once per account); null when they may. */
export function travellerRefusal(
  c: Pick<CouponRow, 'id' | 'firstBookingOnly' | 'oncePerTraveller'>,
  history: CouponHistory | null,
): string | null {
  if (!history) return null;
  if (c.firstBookingOnly && history.hasBooking) return 'This coupon is for your first booking only.';
  if (c.oncePerTraveller && history.used.has(c.id)) return 'You have already used this coupon.';
  return null;
}

/**
 * Every active coupon of the site for a cart total, with what it would take off or why not. With
 * the lines of a hold, each coupon's own rules (trip type, how soon the trip starts) are read too.
 */
export async function applicableCoupons(
  db: Db,
  site: Site,
  cartTotal: number,
  audience: Audience,
  opts: { lines?: CouponLine[]; now?: Date; payWith?: PayWith } = {},
): Promise<ApplicableCouponsResult> {
  const now = opts.now ?? new Date();
  const [rows, history] = await Promise.all([
    selectCoupons(db)
      .where(and(onSite(site), activeAt(now), visibleTo(audience)))
      .orderBy(asc(coupons.id)),
    audience.userId ? couponHistory(db, audience.userId) : null,
  ]);
  const list: ApplicableCoupon[] = rows.map((r) => {
    const { coupon, discount, reason } = couponVerdict(site, r, cartTotal, {
      lines: opts.lines,
      history,
      now,
      payWith: opts.payWith,
    });
    return {
      coupon,
      applicable: reason === null,
      discount: money(site, discount),
      payable: money(site, cartTotal - discount),
      reason,
    };
  });
  list.sort(
    (a, b) =>
      Number(b.applicable) - Number(a.applicable) ||
      b.discount.amount - a.discount.amount ||
      a.coupon.minCart.amount - b.coupon.minCart.amount ||
      a.coupon.id - b.coupon.id,
  );
  return { cartTotal: money(site, cartTotal), coupons: list };
}

/** One coupon by slug as the site offers it; null when unknown, not on this site or someone else's. */
export async function couponBySlug(
  db: Db,
  site: Site,
  slug: string,
  audience: Audience,
  now = new Date(),
): Promise<CouponDetail | null> {
  const [row] = await selectCoupons(db)
    .where(and(eq(coupons.slug, slug), onSite(site), visibleTo(audience)))
    .limit(1);
  if (!row) return null;
  return {
    ...toCoupon(site, row),
    terms: row.coupon.terms.map((t) => siteText(site, t)),
    active: row.coupon.validFrom <= now && row.coupon.validTo >= now && row.coupon.disabledAt === null,
  };
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: couponCategories.id })
    .from(couponCategories)
    .where(eq(couponCategories.id, id))
    .limit(1);
  return Boolean(row);
}

export async function couponList(
  db: Db,
  site: Site,
  q: { categoryId?: number; pageIndex: number; pageSize: number },
  audience: Audience,
  now = new Date(),
): Promise<CouponListResult> {
  const conditions: SQL[] = [onSite(site), activeAt(now), visibleTo(audience)];
  if (q.categoryId) conditions.push(eq(coupons.categoryId, q.categoryId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectCoupons(db)
      .where(where)
      // The traveller's own coupons first, then those ending soonest.
      .orderBy(sql`${coupons.userId} is null`, asc(coupons.validTo), asc(coupons.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return {
    coupons: rows.map((r) => toCoupon(site, r)),
    total: counted?.total ?? 0,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  };
}

export async function couponCategoryList(db: Db, site: Site, now = new Date()): Promise<CouponCategory[]> {
  return db
    .select({
      id: couponCategories.id,
      name: couponCategories.name,
      slug: couponCategories.slug,
      couponCount: count(coupons.id),
    })
    .from(couponCategories)
    .leftJoin(
      coupons,
      and(eq(coupons.categoryId, couponCategories.id), onSite(site), activeAt(now), isNull(coupons.userId)),
    )
    .groupBy(couponCategories.id)
    .orderBy(asc(couponCategories.id));
}
