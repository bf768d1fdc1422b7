import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { calendarDate, priceCalendar } from './calendar-helpers.ts';
import { deskMenu, nextCode, setUpStaff, STAFF_PASSWORD } from './staff-helpers.ts';

/*
 * Departures (issue 21): catalogue staff add a season of dates for a package and stop sales on one
 * of them; a traveller sees the season's dates offered on the package page, and not the
 * stop-sold one (chosen by hand, it says it is not on sale).
 */

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('catalogue staff add a season of Fridays; a traveller is offered those dates, not the stop-sold one; the promotions screens open', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The last of the featured packages: the other browser tests use the first, and its page keeps these dates.
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=12', { headers: { country: 'UAE' } })
  ).json();
  const pkg = featured.data.packages.at(-1) as { id: number; title: string; slug: string };
  // Four Fridays from about 200 days out (no other test sells those dates).
  let start = Date.now() + 200 * 86_400_000;
  while (new Date(start).getUTCDay() !== 5) start += 86_400_000;
  const fridays = [0, 1, 2, 3].map((w) => isoDay(start + w * 7 * 86_400_000));
  const stopped = fridays[1]!;

  // A catalogue member, added as `npm run staff` adds one while the shop runs (staffSetupLink), signs in.
  const email = `catalogue-${Date.now()}@example.com`;
  const { secret } = await setUpStaff(page.request, email, 'catalogue');
  await page.goto('/admin/login');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toHaveText(`Signed in as ${email}, catalogue.`);
  const menu = await deskMenu(page);
  await expect(menu.getByRole('link', { name: 'Coupons' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Deals & banners' })).toBeVisible();

  // The season: every Friday from the first to the last, 5 rooms each.
  await page.goto(`/admin/packages/${pkg.id}/departures`);
  await expect(page.getByRole('heading', { name: 'Departures', level: 1 })).toBeVisible();
  await expect(page.getByText(pkg.title)).toBeVisible();
  const season = page.getByRole('form', { name: 'Add a season' });
  await season.getByLabel('From', { exact: true }).fill(fridays[0]!);
  await season.getByLabel('To', { exact: true }).fill(fridays[3]!);
  await season.getByLabel('Friday').check();
  await season.getByLabel(/Rooms per date/).fill('5');
  await season.getByRole('button', { name: 'Add the season' }).click();
  await expect(page.getByRole('status').filter({ hasText: '4 dates added' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Departures from today' });
  for (const d of fridays) await expect(table.getByTestId(`departure-${d}`)).toContainText('5');

  // Stop sales on the second Friday.
  await table.getByRole('button', { name: `Edit ${stopped}` }).click();
  const one = page.getByRole('form', { name: 'Set one date' });
  await expect(one.getByLabel('Date', { exact: true })).toHaveValue(stopped);
  await one.getByLabel(/Stop sale/).check();
  await one.getByRole('button', { name: 'Save the date' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${stopped} is saved (stop-sale` })).toBeVisible();
  await expect(table.getByTestId(`departure-${stopped}`)).toContainText('Stop sale');
  await expectNoAxeViolations(page);

  // The promotions' screens open from the menu, with their tables.
  await (await deskMenu(page)).getByRole('link', { name: 'Coupons' }).click();
  await expect(
    page.getByRole('table', { name: 'Coupons and their use' }).getByTestId('coupon-WELCOME10'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  await expect(page.getByRole('form', { name: 'New coupon' }).getByLabel('Code')).toBeVisible();
  await expectNoAxeViolations(page);
  await (await deskMenu(page)).getByRole('link', { name: 'Deals & banners' }).click();
  await expect(page.getByRole('table', { name: 'Deals in the order the shop shows them' })).toBeVisible();
  await page.getByRole('link', { name: 'Banners', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Banners of the home page, in order' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A traveller on the package page: the price calendar offers the open Fridays with their price,
  // and strikes the stop-sold one through (shown, and not choosable).
  await page.goto(`/holidays/${pkg.slug}`);
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  const offered = priceCalendar(page);
  for (const d of fridays) {
    const button = await calendarDate(offered, d);
    if (d === stopped) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleName(/not on sale/);
      await expect(button.locator('s')).toHaveText('Closed');
    } else {
      await expect(button).toBeEnabled();
      await expect(button).toHaveAccessibleName(/from AED [\d,]+ per adult/);
    }
  }
  const third = await calendarDate(offered, fridays[2]!);
  await third.click();
  await expect(page.getByLabel('Travel date', { exact: true })).toHaveValue(fridays[2]!);
  await expect(third).toHaveAttribute('aria-pressed', 'true');
  // Chosen by hand, the stop-sold date says so and cannot be added.
  await page.getByLabel('Travel date', { exact: true }).fill(stopped);
  await expect(page.getByText('Not on sale on this date. Choose another date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
});
