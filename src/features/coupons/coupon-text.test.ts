import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../contract/format.ts';
import { formatDay } from '../../../contract/format.ts';
import { categoryFromSearch, discountText, minCartText } from './coupon-text.ts';

describe('coupon texts', () => {
  it('describes percent and flat discounts in the site currency', () => {
    expect(
      discountText({ type: 'percent', percent: 12, maxDiscount: { amount: 40_000, currency: 'AED' } }, formatMoney),
    ).toBe('12% off, up to AED 400');
    expect(discountText({ type: 'percent', percent: 5, maxDiscount: null }, formatMoney)).toBe('5% off');
    expect(discountText({ type: 'flat', amount: { amount: 15_000_000, currency: 'INR' } }, formatMoney)).toBe(
      '₹1,50,000 off',
    );
  });
  it('states a minimum booking only when there is one', () => {
    expect(minCartText({ amount: 200_000, currency: 'AED' }, formatMoney)).toBe('On bookings of AED 2,000 or more');
    expect(minCartText({ amount: 0, currency: 'AED' }, formatMoney)).toBeNull();
  });
  it('writes the expiry date the same on server and browser (UTC)', () => {
    expect(formatDay('2027-01-15T19:59:59.000Z')).toBe('15 Jan 2027');
  });
  it('reads a category filter', () => {
    expect(categoryFromSearch(new URLSearchParams('category=3'))).toBe(3);
    expect(categoryFromSearch(new URLSearchParams('category=x'))).toBeUndefined();
  });
});
