// The cart's figures before the hold: its lines priced and the coupon checkout would apply, as checkout shows them.
import type { CartTotals } from '../../../contract/cart-totals.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { priceHold, type HeldLine } from '../bookings/pricing.ts';
import { applicableCoupons } from '../promotions/coupons.ts';

/*
 * The cart's figures are checkout's figures (docs/decisions/0106): the lines are priced by priceHold,
 * the code that prices a hold for review and CreateBooking, and the coupon is the one checkout
 * applies by itself (the first applicable of GetApplicableCoupons for the hold's lines, before a
 * way of paying is chosen), unless the traveller chose another or removed it. Taxes are as checkout
 * shows them before the PAN is known.
 */

export interface CartTotalsInput {
  site: Site;
  lines: HeldLine[];
  /** The signed-in traveller (their own coupons count too); null for a guest: public coupons only. */
  userId: number | null;
  couponCode?: string;
  noCoupon?: boolean;
  tcsRate: number | undefined;
  now?: Date;
}

export async function cartTotals(db: Db, input: CartTotalsInput): Promise<CartTotals> {
  const now = input.now ?? new Date();
  // A guest has no account: no coupon of their own and no bookings (user id 0 matches no row).
  const base = { site: input.site, lines: input.lines, userId: input.userId ?? 0, tcsRate: input.tcsRate, now };
  const bare = await priceHold(db, base);
  const subtotal = bare.couponLines.reduce((sum, l) => sum + l.amount, 0);
  const list = await applicableCoupons(
    db,
    input.site,
    subtotal,
    { userId: input.userId },
    { lines: bare.couponLines, now },
  );
  const best = list.coupons.find((c) => c.applicable) ?? null;
  const offered = best ? { code: best.coupon.code, title: best.coupon.title, discount: best.discount.amount } : null;
  const code = input.noCoupon ? undefined : (input.couponCode ?? offered?.code);
  const priced = code ? await priceHold(db, { ...base, couponCode: code }) : bare;
  const { couponId: _id, couponLines: _lines, ...totals } = priced;
  return { ...totals, offered };
}
