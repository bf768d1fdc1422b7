import type { Money, Site } from '../../contract/site.ts';
import { SITE_CURRENCY } from '../../contract/site.ts';

export { formatMoney } from '../../contract/format.ts';

export const money = (site: Site, amount: number): Money => ({
  amount: Math.max(0, Math.round(amount)),
  currency: SITE_CURRENCY[site],
});
