import { z } from 'zod';
import { defineCall } from './api.ts';
import { appliedCouponSchema, couponCodeParam, priceBreakdownSchema } from './booking.ts';
import { cartItemInputSchema } from './cart.ts';
import { inSmallestUnit } from './money.ts';

/*
 * Ours: what checkout will charge for the lines in the cart, worked out by the code checkout prices
 * a hold with (the best coupon it applies by itself, the site's taxes before the PAN is known), so
 * the cart shows the same total as the first checkout step (docs/decisions/0106).
 */

/** A cart line as priced: the package, the date and the party (what the device's line says). */
export const cartTotalsLineSchema = cartItemInputSchema.pick({
  packageId: true,
  travelDate: true,
  adults: true,
  children: true,
  infants: true,
  rooms: true,
});

export const cartTotalsParamsSchema = z.object({
  /** A signed-in traveller's own coupons count too (also as Authorization: Bearer). */
  Token: z.string().min(1).max(1024).optional(),
  Lines: z.array(cartTotalsLineSchema).min(1, 'at least one line').max(20, 'at most 20 lines'),
  /** A coupon the traveller chose; without it, the best coupon for these lines is applied (as checkout does). */
  CouponCode: couponCodeParam,
  /** The traveller removed the coupon: none is applied. */
  NoCoupon: z.boolean().optional(),
});
export type CartTotalsParams = z.input<typeof cartTotalsParamsSchema>;

export const cartTotalsSchema = priceBreakdownSchema.extend({
  /** India: TCS applies (a holiday outside India), so checkout asks for the lead traveller's PAN. */
  panRequired: z.boolean(),
  /** Why the chosen coupon was not applied; null when it was (or none was chosen). */
  couponError: z.string().nullable(),
  /**
   * The coupon checkout would apply by itself, with what it takes off: offered again after the traveller removed it.
   */
  offered: appliedCouponSchema.extend({ discount: inSmallestUnit(z.number().int()) }).nullable(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export const getCartTotals = defineCall({
  method: 'POST',
  path: 'GetCartTotals',
  params: cartTotalsParamsSchema,
  data: cartTotalsSchema,
});
