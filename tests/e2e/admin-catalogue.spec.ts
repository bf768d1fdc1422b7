import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { nextCode, setUpStaff, STAFF_PASSWORD } from './staff-helpers.ts';

/*
 * The catalogue (issue 21): catalogue staff change a package's price in the back office, and a
 * traveller sees the new price on the package page (the page cache follows the content version).
 */

/** A whole number of dirhams as the shop writes it. */
const aed = (n: number) => `AED ${n.toLocaleString('en-US')}`;

test('catalogue staff change a package’s price and a traveller sees it on the package page', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=3', { headers: { country: 'UAE' } })
  ).json();
  const pkg = featured.data.packages[2] as { id: number; slug: string; title: string; price: { amount: number } };
  // The API answers fils; the demo's prices are whole dirhams, as staff type and travellers read them.
  const dirhams = pkg.price.amount / 100;

  // A traveller has the page open already: it is in the server's page cache with the old price.
  const traveller = await browser.newPage();
  await traveller.goto(`/holidays/${pkg.slug}`);
  await expect(traveller.getByRole('heading', { name: pkg.title, level: 1 })).toBeVisible();
  await expect(traveller.getByText(aed(dirhams)).first()).toBeVisible();

  // Catalogue staff, added as `npm run staff` adds them while the shop runs (staffSetupLink), sign in.
  const email = `catalogue-${Date.now()}@example.com`;
  const { secret } = await setUpStaff(page.request, email, 'catalogue');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/login');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toHaveText(`Signed in as ${email}, catalogue.`);
  // The catalogue role has the catalogue, not the bookings.
  const menu = page.getByRole('navigation', { name: 'Back office' });
  await expect(menu.getByRole('link', { name: 'Bookings', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await page.getByLabel('Search by title').fill(pkg.title);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Packages, by title' });
  await expect(table.getByRole('link', { name: pkg.title })).toBeVisible();
  await expect(table.getByRole('cell', { name: aed(dirhams) })).toBeVisible();
  await expectNoAxeViolations(page);

  await table.getByRole('link', { name: pkg.title }).click();
  await expect(page.getByRole('heading', { name: 'Edit package' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Departures' })).toHaveAttribute(
    'href',
    `/admin/packages/${pkg.id}/departures`,
  );
  const price = page.getByLabel(/UAE site price/);
  await expect(price).toHaveValue(String(dirhams));
  await expectNoAxeViolations(page);
  const next = dirhams + 111;
  await price.fill(String(next));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: the shop shows the change now.' })).toBeVisible();

  // The traveller reloads: the new price, within 5 seconds.
  const started = Date.now();
  await expect(async () => {
    await traveller.reload();
    await expect(traveller.getByText(aed(next)).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000, intervals: [250] });
  expect(Date.now() - started).toBeLessThanOrEqual(5_000);
  await traveller.close();
});
