import type { CouponDiscount } from '../../../contract/coupons.ts';
import { couponDiscountText } from '../../../contract/format.ts';
import type { Money } from '../../../contract/site.ts';

type Format = (m: Money) => string;

/** `12% off, up to AED 400` or `AED 300 off`. */
export function discountText(discount: CouponDiscount, money: Format): string {
  return couponDiscountText(discount, money);
}

/** `On bookings of AED 2,000 or more`, or null when any booking qualifies. */
export function minCartText(minCart: Money, money: Format): string | null {
  return minCart.amount > 0 ? `On bookings of ${money(minCart)} or more` : null;
}

/** A category id from `?category=`, when it is one. */
export function categoryFromSearch(search: URLSearchParams): number | undefined {
  const v = search.get('category');
  return v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined;
}
