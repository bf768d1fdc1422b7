import type { Currency, Money, Site } from '../../contract/site.ts';
import { SITE_CURRENCY } from '../../contract/site.ts';

export const money = (site: Site, amount: number): Money => ({ amount: Math.max(0, Math.round(amount)), currency: SITE_CURRENCY[site] });

/** `AED 1,250` on the UAE site, `₹1,25,000` (lakh grouping) on the India site. */
export function formatMoney(m: Money): string {
  const currency: Currency = m.currency;
  return currency === 'INR' ? `₹${m.amount.toLocaleString('en-IN')}` : `AED ${m.amount.toLocaleString('en-US')}`;
}
