import { z } from 'zod';

/** The spec's country codes: the Country header and the stored site of a price or cart line. */
export const siteSchema = z.enum(['UAE', 'IN']);
export type Site = z.infer<typeof siteSchema>;

export const currencySchema = z.enum(['AED', 'INR']);
export type Currency = z.infer<typeof currencySchema>;

export const SITE_CURRENCY: Record<Site, Currency> = { UAE: 'AED', IN: 'INR' };

export const moneySchema = z.object({ amount: z.number().int().nonnegative(), currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

/** A page whose path starts with /in is the India site; every other path is the UAE site. */
export function siteForPath(pathname: string): Site {
  return pathname === '/in' || pathname.startsWith('/in/') ? 'IN' : 'UAE';
}
