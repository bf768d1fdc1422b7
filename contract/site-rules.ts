/*
 * The two sites and their currencies as plain values, without zod: the browser's first route
 * needs only these (contract/site.ts re-exports them next to the schemas).
 */

/** The spec's country codes: the Country header and the stored site of a price or cart line. */
export type Site = 'UAE' | 'IN';
export type Currency = 'AED' | 'INR';

export const SITE_CURRENCY: Record<Site, Currency> = { UAE: 'AED', IN: 'INR' };

/** Where each site's web app manifest is served: the installed app opens the site it came from. */
export function manifestPath(site: Site): string {
  return site === 'IN' ? '/in/manifest.webmanifest' : '/manifest.webmanifest';
}

/** A page whose path starts with /in is the India site; every other path is the UAE site. */
export function siteForPath(pathname: string): Site {
  return pathname === '/in' || pathname.startsWith('/in/') ? 'IN' : 'UAE';
}
