import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Money } from '../../contract/site.ts';
import type { PublicSettings } from '../../contract/ssr.ts';
import { formatMoney } from '../../contract/format.ts';
import { siteInfoForPath, type SiteInfo } from './site.ts';

const SettingsContext = createContext<PublicSettings>({ origin: '', gtm: {} });

export function SettingsProvider({ value, children }: { value: PublicSettings; children: ReactNode }) {
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export const useSettings = () => useContext(SettingsContext);

export interface SiteContextValue extends SiteInfo {
  /** A site-relative path ('/holidays') made into this site's path ('/in/holidays'). */
  href(path: string): string;
  money(m: Money): string;
  /** Analytics container of this site, when configured. */
  gtmId?: string;
}

export function useSite(): SiteContextValue {
  const { pathname } = useLocation();
  const settings = useSettings();
  const info = siteInfoForPath(pathname);
  return useMemo(
    () => ({
      ...info,
      href: (path: string) => (info.prefix ? (path === '/' ? info.prefix : `${info.prefix}${path}`) : path),
      money: formatMoney,
      gtmId: settings.gtm[info.site],
    }),
    [info, settings],
  );
}
