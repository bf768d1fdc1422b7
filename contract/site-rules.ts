/*
 * The two sites and their currencies as plain values, without zod: the browser's first route
 * needs only these (contract/site.ts re-exports them next to the schemas).
 */

/** The spec's country codes: the Country header and the stored site of a price or cart line. */
export type Site = 'UAE' | 'IN';
export type Currency = 'AED' | 'INR';

export const SITE_CURRENCY: Record<Site, Currency> = { UAE: 'AED', IN: 'INR' };

/** The sites' time zones have no daylight saving: UAE UTC+4, India UTC+5:30. */
export const SITE_OFFSET_MINUTES: Record<Site, number> = { UAE: 240, IN: 330 };

/**
 * The calendar day (YYYY-MM-DD) of an instant where the site is: the shop's "today" for anything a
 * site decides by the day (what is past, tomorrow's first travel date, due dates, invoice dates),
 * on the server and in the browser alike, whatever the machine's or the phone's time zone.
 */
export function siteDay(instant: Date | number, site: Site): string {
  return new Date(+instant + SITE_OFFSET_MINUTES[site] * 60_000).toISOString().slice(0, 10);
}

/** Where each site's web app manifest is served: the installed app opens the site it came from. */
export function manifestPath(site: Site): string {
  return site === 'IN' ? '/in/manifest.webmanifest' : '/manifest.webmanifest';
}

/** A page whose path starts with /in is the India site; every other path is the UAE site. */
export function siteForPath(pathname: string): Site {
  return pathname === '/in' || pathname.startsWith('/in/') ? 'IN' : 'UAE';
}
