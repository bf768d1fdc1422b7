import type { Site } from '../../contract/site.ts';

/** The fields of manifest.webmanifest that differ per site. */
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  icons: { src: string }[];
  start_url: string;
  lang: string;
  shortcuts: { url: string }[];
  [field: string]: unknown;
}

/**
 * The installed app opens the site it was installed from, and its shortcuts lead into that site
 * (issue 15). manifest.webmanifest is the UAE site's, as written; the India site's is made from it
 * here: its own id (a second app, not the first one changed), name, icons, start URL, language,
 * shortcuts and screenshots (its home in rupees), and its own scope `/in/` (issue 34, decision
 * 0023): India's app is the India site, and a page of the UAE site opens outside it. Its start URL
 * is `/in/…`, inside that scope (a start URL outside it would make the browser ignore the scope).
 */
export function siteManifest(uae: WebManifest, site: Site): WebManifest {
  if (site === 'UAE') return uae;
  const inIndia = (url: string) => (url === '/' || url.startsWith('/?') ? `/in/${url.slice(1)}` : `/in${url}`);
  const screenshots = uae.screenshots as { src: string }[] | undefined;
  return {
    ...uae,
    id: '/in',
    // Named for its country, with the country's flag on its icons: two apps on one phone tell apart.
    name: uae.name.replace(/ UAE$/, ' India'),
    short_name: uae.short_name.replace(/ UAE$/, ' India'),
    icons: uae.icons.map((i) => ({ ...i, src: i.src.replace('-uae-', '-in-') })),
    ...(screenshots
      ? {
          screenshots: screenshots.map((s) => ({
            ...s,
            src: s.src.replace('/screenshots/home-', '/screenshots/home-in-'),
          })),
        }
      : {}),
    start_url: inIndia(uae.start_url),
    scope: '/in/',
    lang: 'en-IN',
    shortcuts: uae.shortcuts.map((s) => ({ ...s, url: inIndia(s.url) })),
  };
}
