import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './axe.ts';

/*
 * The catalogue (issue 21): catalogue staff change a package's price in the back office, and a
 * traveller sees the new price on the package page (the page cache follows the content version).
 */

const PORT = process.env.E2E_PORT ?? '4173';
/** The data folder of the server the browser tests run (tests/e2e/serve.mjs): PGlite holds it. */
const DATA_DIR = `data/e2e-${PORT}`;
const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' });
/**
 * The code of the next 30-second step: a code is accepted once, so sign-in needs a newer one than
 * set-up's. The server accepts one step either side (a phone's clock a little ahead), so there is no
 * need to wait up to 30 s for the clock to reach it.
 */
const nextCode = (secret: string) => totp(secret).generate({ timestamp: Date.now() + 30_000 });
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

  // A traveller has the page open already: it is in the server's page cache with the old price.
  const traveller = await browser.newPage();
  await traveller.goto(`/holidays/${pkg.slug}`);
  await expect(traveller.getByRole('heading', { name: pkg.title, level: 1 })).toBeVisible();
  await expect(traveller.getByText(aed(pkg.price.amount)).first()).toBeVisible();

  // Catalogue staff, set up by the command line while the shop runs, sign in.
  const email = `catalogue-${Date.now()}@example.com`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'add', email, 'catalogue'],
    {
      env: { ...process.env, DATA_DIR, PORT, DATABASE_URL: '' },
    },
  );
  const token = new URL(stdout.match(/\S*\/admin\/setup\?token=\S+/)![0]).searchParams.get('token')!;
  const password = 'a long staff password';
  const setup = await (await page.request.post('/api/admin/setup', { data: { token, password } })).json();
  const secret = setup.data.totpSecret as string;
  expect(
    (
      await page.request.post('/api/admin/setup/confirm', {
        data: { enrolmentToken: setup.data.enrolmentToken, code: totp(secret).generate() },
      })
    ).status(),
  ).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/login');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
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
  await expect(table.getByRole('cell', { name: aed(pkg.price.amount) })).toBeVisible();
  await expectNoAxeViolations(page);

  await table.getByRole('link', { name: pkg.title }).click();
  await expect(page.getByRole('heading', { name: 'Edit package' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Departures' })).toHaveAttribute(
    'href',
    `/admin/packages/${pkg.id}/departures`,
  );
  const price = page.getByLabel(/UAE site price/);
  await expect(price).toHaveValue(String(pkg.price.amount));
  await expectNoAxeViolations(page);
  const next = pkg.price.amount + 111;
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
