import { z } from 'zod';
import {
  isoDateTime,
  namedRefSchema,
  optionalIdParam,
  pageIndexParam,
  pageInfoSchema,
  pageNameParam,
  pageSizeParam,
  slugParam,
} from './common.ts';
import { moneySchema } from './site.ts';
import { inSmallestUnit } from './money.ts';

/** What a coupon takes off, in the requesting site's currency. */
export const couponDiscountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percent'), percent: z.number().int(), maxDiscount: moneySchema.nullable() }),
  z.object({ type: z.literal('flat'), amount: moneySchema }),
]);
export type CouponDiscount = z.infer<typeof couponDiscountSchema>;

/** Ways of paying a coupon can be tied to (issue 19): it applies only when the traveller pays so. */
export const PAY_WITH = ['card', 'netbanking', 'upi'] as const;
export const payWithSchema = z.enum(PAY_WITH, { message: 'must be card, netbanking or upi' });
export type PayWith = z.infer<typeof payWithSchema>;

/** A coupon as offered on one site; every amount is in that site's currency. */
export const couponSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  category: namedRefSchema,
  /** The page it is promoted on (home, holidays, deals ...). */
  pageName: z.string(),
  discount: couponDiscountSchema,
  /** Smallest cart total it applies to (amount 0: any cart). */
  minCart: moneySchema,
  validFrom: isoDateTime,
  validTo: isoDateTime,
  /** Issued to the signed-in traveller only. */
  personal: z.boolean(),
  /** Only when paying this way (and with this bank's cards, when named); null or absent: any way. */
  payment: z.object({ method: payWithSchema, bank: z.string().nullable() }).nullable().optional(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponDetailSchema = couponSchema.extend({
  terms: z.array(z.string()),
  /** false when it has expired or is not valid yet (the page can still show it). */
  active: z.boolean(),
});
export type CouponDetail = z.infer<typeof couponDetailSchema>;

/** Spec: CouponList (PageName): the site's active public coupons promoted on that page. */
export const couponListByPageParamsSchema = z.object({ PageName: pageNameParam });

/**
 * Spec: GetApplicableCoupons (params): for a cart total in the site's currency, every active coupon
 * of the site with the discount it would give or why it does not apply. userId adds the
 * traveller's own coupons and then needs their bearer token.
 */
export const applicableCouponsParamsSchema = z.object({
  cartTotal: inSmallestUnit(
    z
      .union([z.string(), z.number()], {
        error: (iss) => (iss.input === undefined ? 'is required' : 'must be a whole amount of 0 or more'),
      })
      .pipe(
        z.coerce
          .number<string | number>({ message: 'must be a whole amount of 0 or more' })
          .int('must be a whole amount of 0 or more')
          .min(0, 'must be a whole amount of 0 or more')
          .max(10_000_000_000, 'is too large'),
      ),
  ),
  userId: optionalIdParam,
  /**
   * A hold of the signed-in traveller: each coupon's own rules (trip type, travel dates) are read against its lines.
   */
  TempBookingId: optionalIdParam,
  /** How the traveller will pay: coupons tied to a way of paying apply only with it. */
  PayWith: payWithSchema.optional(),
});

export const applicableCouponSchema = z.object({
  coupon: couponSchema,
  applicable: z.boolean(),
  /** What it takes off this cart (amount 0 when not applicable). */
  discount: moneySchema,
  /** cartTotal - discount. */
  payable: moneySchema,
  /** Why it does not apply (e.g. `Add AED 250 more to use this coupon.`); null when applicable. */
  reason: z.string().nullable(),
});
export type ApplicableCoupon = z.infer<typeof applicableCouponSchema>;

export const applicableCouponsResultSchema = z.object({
  cartTotal: moneySchema,
  /** Applicable first, biggest discount first. */
  coupons: z.array(applicableCouponSchema),
});
export type ApplicableCouponsResult = z.infer<typeof applicableCouponsResultSchema>;

/** Spec: POST Coupon/GetCouponDetail (CouponSlug). 404 when unknown or not offered on the site. */
export const couponDetailParamsSchema = z.object({ CouponSlug: slugParam });

/**
 * Spec: POST Coupon/GetCouponList (userId, pageIndex 1, pageSize 10). Active coupons of the site;
 * userId (with that traveller's bearer token) adds their own. categoryId narrows to one category.
 */
export const couponListParamsSchema = z.object({
  userId: optionalIdParam,
  categoryId: optionalIdParam,
  pageIndex: pageIndexParam.default(1),
  pageSize: pageSizeParam(50).default(10),
});
export const couponListResultSchema = pageInfoSchema.extend({ coupons: z.array(couponSchema) });
export type CouponListResult = z.infer<typeof couponListResultSchema>;

export const couponCategorySchema = namedRefSchema.extend({
  /** Active public coupons of this category on the site. */
  couponCount: z.number().int(),
});
export type CouponCategory = z.infer<typeof couponCategorySchema>;

/** The coupon statement: the general terms every coupon is subject to. */
export const couponStatementSchema = z.object({
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
});
export type CouponStatement = z.infer<typeof couponStatementSchema>;
