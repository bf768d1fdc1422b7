import { z } from 'zod';
import type { Currency, Site } from './site-rules.ts';
import { inSmallestUnit } from './money.ts';

export { SITE_CURRENCY, siteDay, siteForPath, type Currency, type Site } from './site-rules.ts';

/** The spec's country codes: the Country header and the stored site of a price or cart line. */
export const siteSchema = z.enum(['UAE', 'IN']) satisfies z.ZodType<Site>;

export const currencySchema = z.enum(['AED', 'INR']) satisfies z.ZodType<Currency>;

export const moneySchema = z.object({
  amount: inSmallestUnit(z.number().int().nonnegative()),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;
