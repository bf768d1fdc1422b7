import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, coupons, dealCategories, packagePrices, packages } from '../../server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'https://shop.example.com';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_URL: `${ORIGIN}/` } });
});
afterAll(() => t.close());

/** <loc> → the hreflang alternates listed with it. */
function parseSitemap(xml: string): Map<string, Record<string, string>> {
  const urls = new Map<string, Record<string, string>>();
  for (const [, block] of xml.matchAll(/<url>(.*?)<\/url>/gs)) {
    const loc = /<loc>(.*?)<\/loc>/.exec(block!)![1]!;
    const alternates: Record<string, string> = {};
    for (const [, lang, href] of block!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g))
      alternates[lang!] = href!;
    urls.set(loc, alternates);
  }
  return urls;
}

describe('sitemap.xml', () => {
  it('lists every public page on both sites with absolute URLs and hreflang twins', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const urls = parseSitemap(res.body);
    for (const path of ['/', '/holidays', '/deals', '/coupons', '/blog']) {
      const india = path === '/' ? '/in' : `/in${path}`;
      expect(urls.get(`${ORIGIN}${path}`), path).toEqual({
        'en-AE': `${ORIGIN}${path}`,
        'en-IN': `${ORIGIN}${india}`,
        'x-default': `${ORIGIN}${path}`,
      });
      expect(urls.has(`${ORIGIN}${india}`), india).toBe(true);
    }
    const pkgs = await t.database.db.select({ slug: packages.slug }).from(packages);
    for (const p of pkgs) {
      expect(urls.has(`${ORIGIN}/holidays/${p.slug}`)).toBe(true);
      expect(urls.get(`${ORIGIN}/in/holidays/${p.slug}`)?.['en-AE']).toBe(`${ORIGIN}/holidays/${p.slug}`);
    }
    for (const b of await t.database.db.select({ slug: blogPosts.slug }).from(blogPosts)) {
      expect(urls.has(`${ORIGIN}/blog/${b.slug}`)).toBe(true);
      expect(urls.has(`${ORIGIN}/in/blog/${b.slug}`)).toBe(true);
    }
    for (const c of await t.database.db.select({ slug: dealCategories.slug }).from(dealCategories)) {
      expect(urls.has(`${ORIGIN}/deals/${c.slug}`)).toBe(true);
    }
    for (const c of await t.database.db.select().from(coupons)) {
      const uae = urls.has(`${ORIGIN}/coupons/${c.slug}`);
      const india = urls.has(`${ORIGIN}/in/coupons/${c.slug}`);
      const live = c.validTo >= new Date() && c.userId === null;
      expect(uae, c.slug).toBe(live && c.site !== 'IN');
      expect(india, c.slug).toBe(live && c.site !== 'UAE');
    }
    for (const loc of urls.keys()) {
      expect(loc.startsWith(`${ORIGIN}/`) || loc === ORIGIN).toBe(true);
      expect(loc).not.toMatch(/\/api\/|\/cart|\/account/);
    }
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('lists a package only on the sites where it is sold, without a twin when it has none', async () => {
    const [p] = await t.database.db.select({ id: packages.id, slug: packages.slug }).from(packages).limit(1);
    await t.database.db
      .delete(packagePrices)
      .where(and(eq(packagePrices.packageId, p!.id), eq(packagePrices.site, 'UAE')));
    const urls = parseSitemap((await t.app.inject({ url: '/sitemap.xml' })).body);
    expect(urls.has(`${ORIGIN}/holidays/${p!.slug}`)).toBe(false);
    expect(urls.get(`${ORIGIN}/in/holidays/${p!.slug}`)).toEqual({});
  });
});

describe('robots.txt', () => {
  it('allows everything but the API, cart and account, and points to the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/cart', '/account', '/in/cart', '/in/account'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
