import { expect, test } from '@playwright/test';
import { shopDetails } from '../../server/services/shop-details.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * The pages every shop has (issue 22): About us, Terms & conditions and Privacy policy, on both
 * sites, server-rendered with the site's seller and law, and reached from the footer.
 */

const SITES = [
  {
    prefix: '',
    seller: 'Wanderlust Holidays Travel &amp; Tourism LLC',
    law: 'Federal Decree-Law No. 45 of 2021',
    tax: 'VAT',
  },
  { prefix: '/in', seller: 'Private Limited', law: 'Digital Personal Data Protection Act, 2023', tax: 'TCS' },
];

for (const site of SITES) {
  test(`${site.prefix || 'UAE'}: About, Terms and Privacy are server-rendered pages with the site's seller`, async ({
    request,
  }) => {
    for (const [path, heading] of [
      ['/about', 'About us'],
      ['/terms', 'Terms &amp; conditions'],
      ['/privacy', 'Privacy policy'],
    ] as const) {
      const res = await request.get(`${site.prefix}${path}`);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain(site.seller);
    }
    const terms = await (await request.get(`${site.prefix}/terms`)).text();
    expect(terms).toContain('30 days or more before travel');
    expect(terms).toContain(site.tax);
    expect(await (await request.get(`${site.prefix}/privacy`)).text()).toContain(site.law);
  });

  test(`${site.prefix || 'UAE'}: About names the seller's address as the invoices do, and promises only what the prices show`, async ({
    request,
  }) => {
    const html = await (await request.get(`${site.prefix}/about`)).text();
    // The invoices' seller (server/services/shop-details.ts), line by line.
    const seller = shopDetails({}, site.prefix ? 'IN' : 'UAE');
    for (const line of [seller.legalName, ...seller.address, seller.taxNumber])
      expect(html).toContain(line.replace(/&/g, '&amp;'));
    // India's prices are "+ GST + TCS": not the total, so not "the price you pay" (issue 34).
    if (site.prefix) expect(html).not.toMatch(/price you see is the price you pay/i);
    else expect(html).toContain('The price you see is the price you pay');
  });

  test(`${site.prefix || 'UAE'}: the footer's About us, Terms & conditions and Privacy policy open their pages`, async ({
    page,
  }) => {
    await gotoInteractive(page, `${site.prefix}/`);
    for (const [label, heading] of [
      ['About us', 'About us'],
      ['Terms & conditions', 'Terms & conditions'],
      ['Privacy policy', 'Privacy policy'],
    ] as const) {
      await page.locator('footer').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${site.prefix}/(about|terms|privacy)$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });
}
