import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { siteDay } from '../../contract/calendar.ts';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * The desk on a phone (docs/decisions/0104): at 390 px the menu is behind a Menu button and opens
 * as a sheet (focus in, Escape out), the header stays under 64 px, the bookings list is a stack of
 * cards with nothing off to the side, and a booking's summary and actions come before its detail.
 * axe finds nothing on the desk's main pages at 390 px and at 1280 px. With SCREENSHOTS=1 it saves
 * docs/screenshots/desk-*.png for the README. The booking's own tables, the audit log and the
 * staff list are cards too, the reports' tables scroll in their region with their first column kept
 * in view, and the bookings list's filters fold into a disclosure on a phone (docs/decisions/0109); so are
 * the other lists (balances due, coupons, deals: CardTable, 0109 amended).
 */

const shots = Boolean(process.env.SCREENSHOTS);
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `docs/screenshots/desk-${name}.png` });
};

/**
 * A UAE traveller's pay-later booking through the shop's API, travelling `daysAhead` from today (a date of its own
 * keeps a test off the other tests' rooms); its reference and lead's name.
 */
async function payLaterBooking(request: APIRequestContext, daysAhead = 60) {
  const headers = { country: 'UAE' };
  const email = `desk-phone-${Date.now()}@example.com`;
  await createAccount(request, email);
  const login = await (
    await request.post('/api/Common/Login', { data: { EmailorPhone: email, Password: PASSWORD }, headers })
  ).json();
  const auth = { authorization: `Bearer ${login.data.tokan}`, ...headers };
  const featured = await (await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers })).json();
  const pkg = featured.data.packages[0] as { id: number };
  const travelDate = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await request.post('/api/Common/CreateCart', {
        data: { packageId: pkg.id, travelDate, adults: 2, rooms: 1 },
        headers: auth,
      })
    ).status(),
  ).toBe(200);
  const held = await (await request.post('/api/Common/CreateTempBooking', { data: {}, headers: auth })).json();
  const booked = await request.post('/api/Common/CreateBooking', {
    headers: auth,
    data: {
      TempBookingId: held.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: {
        Title: 'Ms',
        FirstName: 'Layla',
        LastName: 'Phoneview',
        Email: email,
        Phone: '+971501119988',
        DOB: '1991-06-07',
      },
      Travellers: [{ FirstName: 'Sami', LastName: 'Phoneview', AgeBand: 'adult' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return { ref: (await booked.json()).data.RefIdKey as string, travelDate, email };
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test('at 390 px: the menu opens as a sheet, the header is slim, bookings are cards, a booking leads with its actions', async ({
  page,
}) => {
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
  for (const name of ['Record payment', 'Amend', 'Resend mail', 'Cancel', 'Refund'])
    await expect(actions.getByRole('link', { name, exact: true })).toBeVisible();
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

/**
 * The desk's main pages, each with what it shows: lists narrowed to this test's own rows, so that axe reads a page's
 * worth.
 */
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

test('at 390 px the back office’s other lists are cards: balances due, coupons, deals; the queues fit the screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // A pay-later booking whose balance falls due this week, so the home page lists one.
  await payLaterBooking(page.request, 62);
  await signedInStaff(page.request, 'owner');
  for (const [path, heading, region] of [
    ['/admin', 'Back office', 'Balances due this week'],
    ['/admin/coupons', 'Coupons', 'Coupons'],
    ['/admin/deals', 'Deals', 'Deals'],
    ['/admin/refunds', 'Refunds', null],
    ['/admin/cancellation-requests', 'Cancellation requests', null],
  ] as const) {
    await gotoInteractive(page, path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
    if (region) {
      const row = page.getByRole('region', { name: region, exact: true }).getByRole('row').nth(1);
      await expect(row, path).toHaveCSS('display', 'block');
      expect((await row.boundingBox())!.width, path).toBeLessThanOrEqual(390);
    }
    // The home page's figures for today per site are a grid: it scrolls in its own region (0109).
    expect(await beyondTheScreen(page, '[aria-label="Today’s bookings and takings"]'), path).toEqual([]);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }
});

/**
 * What lies beyond the screen's right edge at this width (selectors), but for what sits inside a
 * region scrolling on its own that matches `scrollBoxes` (a report's table) and what is put off
 * screen or clipped on purpose (the skip link, the folded menu, a card table's header row).
 */
const beyondTheScreen = (page: Page, scrollBoxes = '') =>
  page.evaluate((boxes) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if ((r.width === 0 && r.height === 0) || r.right <= 0 || r.right <= width + 0.5) continue;
      if (boxes && el.closest(boxes)) continue;
      // Visually hidden (a card table's header row, clipped to nothing): read by screen readers, never seen.
      let hidden = false;
      for (let a: HTMLElement | null = el; a && !hidden; a = a.parentElement)
        hidden = getComputedStyle(a).clipPath !== 'none';
      if (hidden) continue;
      found.push(
        `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} (${Math.round(r.left)}–${Math.round(r.right)} px) ${el.textContent?.slice(0, 40) ?? ''}`,
      );
    }
    return found;
  }, scrollBoxes);

test('at 390 px a booking’s lines, payments and timeline, the audit log and the staff list are cards; reports scroll in their own region', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { ref } = await payLaterBooking(page.request);
  const owner = await signedInStaff(page.request, 'owner');
  const paid = await page.request.post(`/api/admin/bookings/${ref}/payments`, {
    headers: { 'x-csrf-token': owner.csrf },
    data: { amount: 1234, method: 'bank-transfer', reference: `PHONE-${ref}`, receivedOn: siteDay(new Date(), 'UAE') },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The booking: each of its tables is a stack of cards, each value beside its column's name.
  await gotoInteractive(page, `/admin/bookings/${ref}`);
  await expect(page.getByRole('heading', { name: `Booking ${ref}`, level: 1 })).toBeVisible();
  for (const name of ['Lines', 'Travellers', 'Payments', 'Timeline']) {
    const table = page.getByRole('main').getByRole('region', { name, exact: true });
    const row = table.getByRole('row').nth(1);
    await expect(row, name).toHaveCSS('display', 'block');
    expect((await row.boundingBox())!.width, name).toBeLessThanOrEqual(390);
  }
  const payment = page
    .getByRole('region', { name: 'Payments', exact: true })
    .getByRole('row')
    .filter({ hasText: `PHONE-${ref}` });
  await expect(payment.locator('td[data-label="Amount"]')).toHaveText(/12\.34/);
  await expect(
    page.getByRole('region', { name: 'Timeline', exact: true }).getByRole('row').filter({ hasText: 'payment' }).first(),
  ).toBeVisible();
  // The cancellation panel's payments, each with its refund form, are cards too (decision 0109, amended).
  const refundable = page
    .getByRole('region', { name: 'Payments and what can be refunded' })
    .getByRole('row')
    .filter({ hasText: `PHONE-${ref}` });
  await expect(refundable).toHaveCSS('display', 'block');
  await expect(refundable.locator('td[data-label="Refundable"]')).toHaveText(/12\.34/);
  expect(await beyondTheScreen(page)).toEqual([]);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.getByRole('region', { name: 'Payments', exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, 'booking-tables');

  // The audit log and the staff list: a card per entry, per member.
  await gotoInteractive(page, '/admin/audit');
  const entry = page
    .getByRole('region', { name: 'Audit log entries' })
    .getByRole('row')
    .filter({ hasText: owner.email })
    .first();
  await expect(entry).toHaveCSS('display', 'block');
  expect(await beyondTheScreen(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await gotoInteractive(page, '/admin/staff');
  const me = page.getByRole('region', { name: 'Staff' }).getByRole('row').filter({ hasText: owner.email });
  await expect(me).toHaveCSS('display', 'block');
  await expect(me.locator('td[data-label="Actions"]')).toHaveText('you');
  expect(await beyondTheScreen(page)).toEqual([]);
  await expectNoAxeViolations(page);

  // Reports keep their many figures in a table scrolling on its own, the period's column in view.
  await gotoInteractive(page, '/admin/reports');
  const sales = page.getByRole('region', { name: /^Sales, / }).first();
  await expect(sales).toBeVisible();
  expect(await beyondTheScreen(page, '.admin-sticky-first')).toEqual([]);
  await noSidewaysScroll(page);
  const total = sales.getByRole('rowheader', { name: 'Total' });
  const before = (await total.boundingBox())!.x;
  await sales.evaluate((el) => (el.scrollLeft = 400));
  await expect.poll(() => sales.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(Math.abs((await total.boundingBox())!.x - before)).toBeLessThan(2);
  await expectNoAxeViolations(page);
});

test('at 390 px the bookings list’s filters are folded under “Filters” with their count; at 1280 px they are open', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { ref } = await payLaterBooking(page.request);
  await signedInStaff(page.request, 'owner');

  await gotoInteractive(page, `/admin/bookings?q=${ref}`);
  const form = page.getByRole('search', { name: 'Find bookings' });
  const filters = form.locator('summary');
  await expect(filters).toHaveText('Filters');
  await expect(form.getByLabel('Status')).toBeHidden();
  await expect(form.getByLabel('Search bookings')).toBeVisible();
  // The list is on the first screen, above the fold.
  const card = page.getByRole('region', { name: 'Bookings found' }).getByRole('row').filter({ hasText: ref });
  await expect(card).toBeInViewport();

  // Opened by a tap (or Enter): two filters chosen, applied; the list comes back first, the count says two.
  await filters.click();
  const status = form.getByRole('combobox', { name: /^Status/ });
  await expect(status).toBeVisible();
  await status.selectOption('confirmed');
  await form.getByRole('combobox', { name: /^Payment/ }).selectOption('unpaid');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]status=confirmed/);
  await expect(page).toHaveURL(/[?&]paymentStatus=unpaid/);
  await expect(filters).toHaveText('Filters (2 active)');
  await expect(status).toBeHidden();
  await expect(card).toBeInViewport();
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveValue('confirmed');
  expect(await beyondTheScreen(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await shoot(page, 'bookings-filters');

  // A wide screen opens them from the start.
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoInteractive(page, `/admin/bookings?q=${ref}`);
  await expect(form.getByLabel('Status')).toBeVisible();
  await expect(filters).toHaveText('Filters');
});
