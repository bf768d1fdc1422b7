import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * The desk on a phone (docs/decisions/0104): at 390 px the menu is behind a Menu button and opens
 * as a sheet (focus in, Escape out), the header stays under 64 px, the bookings list is a stack of
 * cards with nothing off to the side, and a booking's summary and actions come before its detail.
 * axe finds nothing on the desk's main pages at 390 px and at 1280 px. With SCREENSHOTS=1 it saves
 * docs/screenshots/desk-*.png for the README.
 */

const shots = Boolean(process.env.SCREENSHOTS);
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `docs/screenshots/desk-${name}.png` });
};

/** A UAE traveller's pay-later booking through the shop's API; its reference and lead's name. */
async function payLaterBooking(request: APIRequestContext) {
  const headers = { country: 'UAE' };
  const email = `desk-phone-${Date.now()}@example.com`;
  await createAccount(request, email);
  const login = await (await request.post('/api/Common/Login', { data: { EmailorPhone: email, Password: PASSWORD }, headers })).json();
  const auth = { authorization: `Bearer ${login.data.tokan}`, ...headers };
  const featured = await (await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers })).json();
  const pkg = featured.data.packages[0] as { id: number };
  const travelDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  expect((await request.post('/api/Common/CreateCart', { data: { packageId: pkg.id, travelDate, adults: 2, rooms: 1 }, headers: auth })).status()).toBe(200);
  const held = await (await request.post('/api/Common/CreateTempBooking', { data: {}, headers: auth })).json();
  const booked = await request.post('/api/Common/CreateBooking', {
    headers: auth,
    data: {
      TempBookingId: held.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: { Title: 'Ms', FirstName: 'Layla', LastName: 'Phoneview', Email: email, Phone: '+971501119988', DOB: '1991-06-07' },
      Travellers: [{ FirstName: 'Sami', LastName: 'Phoneview', AgeBand: 'adult' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return { ref: (await booked.json()).data.RefIdKey as string, travelDate, email };
}

const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test('at 390 px: the menu opens as a sheet, the header is slim, bookings are cards, a booking leads with its actions', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { ref, travelDate } = await payLaterBooking(page.request);
  await signedInStaff(page.request, 'owner');

  await gotoInteractive(page, `/admin/bookings?q=${ref}`);
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  expect((await header.boundingBox())!.height).toBeLessThan(64);

  // The menu is folded away behind its button; it opens with focus on its first link, Escape closes it.
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(nav).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Bookings', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'nav-open');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();

  // The bookings list: a card per booking, its status, traveller, travel date and amount on screen.
  const card = page.getByRole('region', { name: 'Bookings found' }).getByRole('row').filter({ hasText: ref });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveCSS('display', 'block');
  await card.scrollIntoViewIfNeeded();
  for (const text of ['confirmed', 'unpaid', 'Layla Phoneview', `travels ${travelDate}`, 'AED']) {
    const box = (await card.getByText(text).first().boundingBox())!;
    expect(box.x, text).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, text).toBeLessThanOrEqual(390);
  }
  expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'bookings');

  // The booking: its badges and figures, then its actions, all before the detail.
  await card.getByRole('link', { name: ref }).click();
  await expect(page.getByRole('heading', { name: `Booking ${ref}`, level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('confirmed', { exact: true })).toBeVisible();
  await expect(summary.getByText('unpaid', { exact: true })).toBeVisible();
  const actions = page.getByRole('navigation', { name: 'This booking’s actions' });
  for (const name of ['Record payment', 'Amend', 'Resend mail', 'Cancel', 'Refund']) await expect(actions.getByRole('link', { name, exact: true })).toBeVisible();
  const actionsBox = (await actions.boundingBox())!;
  expect(actionsBox.y + actionsBox.height).toBeLessThan(844);
  const detailTop = (await page.getByRole('heading', { name: 'Details', level: 2 }).boundingBox())!.y;
  const linesTop = (await page.getByRole('heading', { name: 'Lines', level: 2 }).boundingBox())!.y;
  expect(actionsBox.y).toBeLessThan(detailTop);
  expect(actionsBox.y).toBeLessThan(linesTop);
  expect((await header.boundingBox())!.height).toBeLessThan(64);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'booking');
  // An action goes to its panel.
  await actions.getByRole('link', { name: 'Record payment' }).click();
  await expect(page).toHaveURL(/#payment-panel-heading$/);
  await expect(page.getByRole('heading', { name: 'Record a payment' })).toBeInViewport();
});

/** The desk's main pages, each with what it shows: lists narrowed to this test's own rows, so that axe reads a page's worth. */
async function mainPages(request: APIRequestContext) {
  const { ref, email } = await payLaterBooking(request);
  await signedInStaff(request, 'owner');
  return [
    [`/admin/bookings?q=${ref}`, 'Bookings'],
    [`/admin/bookings/${ref}`, `Booking ${ref}`],
    [`/admin/enquiries?q=${encodeURIComponent(email)}`, 'Enquiries'],
    [`/admin/travellers?q=${encodeURIComponent(email)}`, 'Travellers'],
    ['/admin/reports', 'Reports'],
    ['/admin/packages', 'Catalogue'],
  ] as const;
}

for (const width of [390, 1280]) {
  test(`axe finds nothing on the desk’s main pages at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of await mainPages(page.request)) {
      await gotoInteractive(page, path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
      expect((await page.getByRole('banner').boundingBox())!.height, path).toBeLessThan(64);
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
    }
    // A wide screen has the menu as a sidebar, always there, and no Menu button; a phone the reverse.
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible({ visible: width > 900 });
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible({ visible: width < 900 });
  });
}
