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
 * here: its own id (a second app, not the first one changed), name, icons, start URL, language and shortcuts.
 * The scope stays `/` for both, so a traveller who switches site stays in the app.
 */
export function siteManifest(uae: WebManifest, site: Site): WebManifest {
  if (site === 'UAE') return uae;
  const inIndia = (url: string) => (url === '/' || url.startsWith('/?') ? `/in${url.slice(1)}` : `/in${url}`);
  return {
    ...uae,
    id: '/in',
    // Named for its country, with the country's flag on its icons: two apps on one phone tell apart.
    name: uae.name.replace(/ UAE$/, ' India'),
    short_name: uae.short_name.replace(/ UAE$/, ' India'),
    icons: uae.icons.map((i) => ({ ...i, src: i.src.replace('-uae-', '-in-') })),
    start_url: inIndia(uae.start_url),
    lang: 'en-IN',
    shortcuts: uae.shortcuts.map((s) => ({ ...s, url: inIndia(s.url) })),
  };
}
