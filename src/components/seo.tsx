import { useLocation } from 'react-router-dom';
import { pathOnSite } from '../app/site.ts';
import { useSettings, useSite } from '../app/site-context.tsx';

interface Props {
  title: string;
  description: string;
  image?: string;
  /** Pages that should not be indexed (cart, account). */
  noindex?: boolean;
}

/**
 * Title, description, canonical URL, hreflang twins and Open Graph tags. React 19 hoists these
 * into <head>, on the server and on client navigations alike.
 */
export function Seo({ title, description, image, noindex }: Props) {
  const { pathname } = useLocation();
  const { origin } = useSettings();
  const { site } = useSite();
  const canonical = `${origin}${pathname}`;
  const uae = `${origin}${pathOnSite(pathname, 'UAE')}`;
  const india = `${origin}${pathOnSite(pathname, 'IN')}`;
  const fullTitle = `${title} | Wanderlust Holidays`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <link rel="alternate" hrefLang="en-AE" href={uae} />
      <link rel="alternate" hrefLang="en-IN" href={india} />
      <link rel="alternate" hrefLang="x-default" href={uae} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Wanderlust Holidays" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={site === 'IN' ? 'en_IN' : 'en_AE'} />
      {image ? <meta property="og:image" content={`${origin}${image}`} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}
