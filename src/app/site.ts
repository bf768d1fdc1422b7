import { SITE_CURRENCY, siteForPath, type Currency, type Site } from '../../contract/site-rules.ts';

export interface SiteInfo {
  site: Site;
  currency: Currency;
  /** '' on the UAE site, '/in' on the India site. */
  prefix: string;
  /** Default country of phone inputs. */
  phoneCountry: 'AE' | 'IN';
  label: string;
}

export const SITES: Record<Site, SiteInfo> = {
  UAE: { site: 'UAE', currency: SITE_CURRENCY.UAE, prefix: '', phoneCountry: 'AE', label: 'UAE' },
  IN: { site: 'IN', currency: SITE_CURRENCY.IN, prefix: '/in', phoneCountry: 'IN', label: 'India' },
};

export function siteInfoForPath(pathname: string): SiteInfo {
  return SITES[siteForPath(pathname)];
}

/** The path without the /in prefix: the route both sites share. */
export function sitelessPath(pathname: string): string {
  if (pathname === '/in') return '/';
  return pathname.startsWith('/in/') ? pathname.slice(3) : pathname;
}

/** The same page on the given site. */
export function pathOnSite(pathname: string, site: Site): string {
  const bare = sitelessPath(pathname);
  if (site === 'UAE') return bare;
  return bare === '/' ? '/in' : `/in${bare}`;
}
