import type { Money } from '../../contract/site.ts';

const aed = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
// en-IN groups by lakh and crore: 1,25,000.
const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** `AED 1,250` on the UAE site, `₹1,25,000` on the India site. */
export function formatMoney(money: Money): string {
  return money.currency === 'INR' ? `₹${inr.format(money.amount)}` : `AED ${aed.format(money.amount)}`;
}

export function nightsDays(nights: number, days: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'} / ${days} ${days === 1 ? 'day' : 'days'}`;
}
