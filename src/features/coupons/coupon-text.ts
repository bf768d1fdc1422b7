import type { CouponDiscount } from '../../../contract/coupons.ts';
import type { Money } from '../../../contract/site.ts';

type Format = (m: Money) => string;

/** `12% off, up to AED 400` or `AED 300 off`. */
export function discountText(discount: CouponDiscount, money: Format): string {
  if (discount.type === 'flat') return `${money(discount.amount)} off`;
  return discount.maxDiscount ? `${discount.percent}% off, up to ${money(discount.maxDiscount)}` : `${discount.percent}% off`;
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
