import { expect, test } from '@playwright/test';
import { gotoInteractive } from './page-helpers.ts';

/*
 * Search that searches (issue 22): free text opens a results page, ranked, server-rendered and
 * shareable, with the query kept in the box and the URL; nothing matching says so with places to
 * try; a suggestion never swallows Enter. On both sites.
 */

for (const site of [
  { prefix: '', name: 'UAE', currency: /^AED / },
  { prefix: '/in', name: 'India', currency: /^₹/ },
] as const) {
  test(`${site.name}: "honeymoon" and Search open every honeymoon holiday, the query kept in the box and the URL`, async ({
    page,
  }) => {
    await gotoInteractive(page, `${site.prefix}/`);
    const box = page.getByRole('combobox', { name: 'Where would you like to go?' });
    await box.fill('honeymoon');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${site.prefix}/search\\?q=honeymoon$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Holidays matching “honeymoon”' })).toBeVisible();
    await expect(page.locator('.package-card').first()).toBeVisible();
    expect(await page.locator('.package-card').count()).toBeGreaterThan(1);
    await expect(page.locator('.package-card .price-amount').first()).toHaveText(site.currency);
    await expect(page.getByRole('combobox', { name: 'Where would you like to go?' })).toHaveValue('honeymoon');
  });

  test(`${site.name}: "Paris" says nothing matched, keeps the text, and offers places to try`, async ({ page }) => {
    await gotoInteractive(page, `${site.prefix}/`);
    const box = page.getByRole('combobox', { name: 'Where would you like to go?' });
    await box.fill('Paris');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'No holidays match “Paris”' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Where would you like to go?' })).toHaveValue('Paris');
    const tries = page.getByRole('region', { name: 'Try one of these' }).getByRole('link');
    expect(await tries.count()).toBeGreaterThan(3);
    await tries.first().click();
    await expect(page).toHaveURL(new RegExp(`${site.prefix}/holidays\\?(cityId|typeId)=\\d+$`));
  });

  test(`${site.name}: "maldivs" finds the Maldives, offers "Did you mean Maldives?", and the screen reader hears what the page shows`, async ({
    page,
  }) => {
    await gotoInteractive(page, `${site.prefix}/search?q=maldivs`);
    await expect(page.getByRole('heading', { level: 1, name: 'Holidays matching “maldivs”' })).toBeVisible();
    await expect(page.locator('.package-card').first()).toBeVisible();
    // The box's suggestion status says nothing while its list is closed: no "Nothing found" above the results.
    await expect(page.getByRole('status').filter({ hasText: 'Nothing found' })).toHaveCount(0);
    await page.locator('#main').getByText('Did you mean').getByRole('link', { name: 'Maldives', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${site.prefix}/search\\?q=Maldives$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Holidays matching “Maldives”' })).toBeVisible();
    await expect(page.getByText('Did you mean')).toHaveCount(0);
  });

  test(`${site.name}: the results page is server-rendered and shareable`, async ({ request }) => {
    const res = await request.get(`${site.prefix}/search?q=bali%20beach`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('Holidays matching “bali beach”');
    expect(html).toContain('package-card');
    expect(html).toContain('value="bali beach"');
  });
}

test('Enter typed before the suggestions load searches the text; a suggestion is opened only when chosen', async ({
  page,
}) => {
  await gotoInteractive(page, '/');
  // Suggestions are held back: Enter comes before they could load.
  await page.route('**/api/Common/GetGlobalSearchList*', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  const box = page.getByRole('combobox', { name: 'Where would you like to go?' });
  await box.pressSequentially('dubai', { delay: 20 });
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dubai$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Holidays matching “dubai”' })).toBeVisible();
  await page.unroute('**/api/Common/GetGlobalSearchList*');

  // With suggestions shown but none chosen, Enter still searches the text typed.
  const again = page.getByRole('combobox', { name: 'Where would you like to go?' });
  await again.fill('honeymoon');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await again.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=honeymoon$/);
});
