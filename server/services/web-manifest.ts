import type { Site } from '../../contract/site.ts';

/** The fields of manifest.webmanifest that differ per site. */
export interface WebManifest {
  id: string;
  name: string;
  start_url: string;
  lang: string;
  shortcuts: { url: string }[];
  [field: string]: unknown;
}

/**
 * The installed app opens the site it was installed from, and its shortcuts lead into that site
 * (issue 15). manifest.webmanifest is the UAE site's, as written; the India site's is made from it
 * here: its own id (a second app, not the first one changed), start URL, language and shortcuts.
 * The scope stays `/` for both, so a traveller who switches site stays in the app.
 */
export function siteManifest(uae: WebManifest, site: Site): WebManifest {
  if (site === 'UAE') return uae;
  const inIndia = (url: string) => (url === '/' || url.startsWith('/?') ? `/in${url.slice(1)}` : `/in${url}`);
  return {
    ...uae,
    id: '/in',
    name: `${uae.name} India`,
    start_url: inIndia(uae.start_url),
    lang: 'en-IN',
    shortcuts: uae.shortcuts.map((s) => ({ ...s, url: inIndia(s.url) })),
  };
}
