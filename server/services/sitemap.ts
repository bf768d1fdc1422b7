import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { blogPosts, coupons, dealCategories, packagePrices, packages } from '../db/schema.ts';

export interface SitemapPage {
  /** Path on the UAE site; the India twin is the same under /in. */
  path: string;
  /** Sites the page exists on (a package only where it is priced). */
  sites: Site[];
  lastmod?: Date;
}

const BOTH: Site[] = ['UAE', 'IN'];

/** The India twin of a UAE path. */
export const indiaPath = (path: string) => (path === '/' ? '/in' : `/in${path}`);
const sitePath = (path: string, site: Site) => (site === 'IN' ? indiaPath(path) : path);

/** Every public, indexable page of the shop. */
export async function sitemapPages(db: Db, now = new Date()): Promise<SitemapPage[]> {
  const [priceRows, posts, categories, couponRows] = await Promise.all([
    db
      .select({ slug: packages.slug, site: packagePrices.site })
      .from(packages)
      .innerJoin(packagePrices, eq(packagePrices.packageId, packages.id))
      .where(eq(packages.published, true))
      .orderBy(asc(packages.id)),
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .orderBy(asc(blogPosts.publishedAt)),
    db.select({ slug: dealCategories.slug }).from(dealCategories).orderBy(asc(dealCategories.id)),
    // Public coupons that have not expired (a traveller's own coupons are not public pages).
    db
      .select({ slug: coupons.slug, site: coupons.site })
      .from(coupons)
      .where(and(isNull(coupons.userId), gte(coupons.validTo, now), isNull(coupons.disabledAt)))
      .orderBy(asc(coupons.id)),
  ]);
  const packageSites = new Map<string, Site[]>();
  for (const r of priceRows) {
    if (r.site !== 'UAE' && r.site !== 'IN') continue;
    packageSites.set(r.slug, [...(packageSites.get(r.slug) ?? []), r.site]);
  }
  return [
    { path: '/', sites: BOTH },
    { path: '/holidays', sites: BOTH },
    ...[...packageSites].map(([slug, sites]) => ({
      path: `/holidays/${slug}`,
      sites: BOTH.filter((s) => sites.includes(s)),
    })),
    { path: '/deals', sites: BOTH },
    ...categories.map((c) => ({ path: `/deals/${c.slug}`, sites: BOTH })),
    { path: '/coupons', sites: BOTH },
    ...couponRows.map((c) => ({
      path: `/coupons/${c.slug}`,
      sites: c.site === null ? BOTH : BOTH.filter((s) => s === c.site),
    })),
    { path: '/blog', sites: BOTH },
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, sites: BOTH, lastmod: p.publishedAt })),
    { path: '/contact', sites: BOTH },
  ];
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const HREFLANG: Record<Site, string> = { UAE: 'en-AE', IN: 'en-IN' };

/**
 * sitemaps.org XML: one <url> per page and site, each naming its twin with hreflang (as the pages' own <head> does).
 */
export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const alternates =
      page.sites.length > 1
        ? [
            ...page.sites.map(
              (s) =>
                `<xhtml:link rel="alternate" hreflang="${HREFLANG[s]}" href="${xml(origin + sitePath(page.path, s))}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + page.path)}"/>`,
          ]
        : [];
    for (const site of page.sites) {
      out.push(
        [
          '<url>',
          `<loc>${xml(origin + sitePath(page.path, site))}</loc>`,
          page.lastmod ? `<lastmod>${page.lastmod.toISOString().slice(0, 10)}</lastmod>` : '',
          ...alternates,
          '</url>',
        ].join(''),
      );
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /account',
    'Disallow: /in/cart',
    'Disallow: /in/account',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
