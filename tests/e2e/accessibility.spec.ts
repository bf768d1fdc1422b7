import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from './account-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { addToCart, firstPackageSlug } from './cart-helpers.ts';
import { fillTravellers } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * axe-core (WCAG 2.1 A and AA, best practices) on every page type, at phone size (the project's
 * viewport), once each page is live and has loaded what it shows as the traveller scrolls. Any
 * violation fails. A new screen (the checkout, the trips) gets a line in PAGES, or its own test
 * calling expectNoAxeViolations(page).
 */

/** Scrolls to the end and back, so sections that load near the screen (the package enquiry) are in. */
async function everythingShown(page: Page) {
  // Bounded steps with a timer, not animation frames: a page whose height grows as it loads, or a
  // renderer that skips frames on a loaded machine, must not keep the loop going past the test's time.
  await page.evaluate(async () => {
    for (let i = 0, y = 0; i < 40 && y < document.body.scrollHeight; i++, y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const PAGES: { name: string; path: (ctx: { slug: string; inSlug: string }) => string }[] = [
  { name: 'home (UAE)', path: () => '/' },
  { name: 'home (India)', path: () => '/in' },
  { name: 'listing', path: () => '/holidays?cityId=1' },
  { name: 'package', path: ({ slug }) => `/holidays/${slug}` },
  { name: 'package (India)', path: ({ inSlug }) => `/in/holidays/${inSlug}` },
  { name: 'deals', path: () => '/deals' },
  { name: 'coupons', path: () => '/coupons' },
  { name: 'blog', path: () => '/blog' },
  { name: 'cart (empty)', path: () => '/cart' },
  { name: 'contact', path: () => '/contact' },
  { name: 'sign-in', path: () => '/login' },
  { name: 'sign-up', path: () => '/in/signup' },
  { name: 'reset', path: () => '/forgot-password' },
  { name: 'not found', path: () => '/in/no-such-page' },
];

for (const { name, path } of PAGES) {
  test(`axe: ${name}`, async ({ page, request }) => {
    const ctx = { slug: await firstPackageSlug(request), inSlug: await firstPackageSlug(request, 'IN') };
    await gotoInteractive(page, path(ctx));
    await everythingShown(page);
    await expectNoAxeViolations(page);
  });
}

test('axe: the pages a link leads to (a deal category, a coupon, a blog post)', async ({ page }) => {
  for (const [list, link] of [
    ['/deals', 'main a[href^="/deals/"]'],
    ['/coupons', 'main a[href^="/coupons/"]'],
    ['/blog', 'main a[href^="/blog/"]'],
  ] as const) {
    await gotoInteractive(page, list);
    const href = await page.locator(link).first().getAttribute('href');
    expect(href, `a link on ${list}`).toBeTruthy();
    await gotoInteractive(page, href!);
    await everythingShown(page);
    await expectNoAxeViolations(page);
  }
});

test('axe: a cart with a line, and the call-back dialog', async ({ page, request }) => {
  await gotoInteractive(page, `/holidays/${await firstPackageSlug(request)}`);
  await addToCart(page);
  await gotoInteractive(page, '/cart');
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Get a call back' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Get a call back' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe: the account page of a signed-in traveller', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpAndLogIn(page, `axe-${Date.now()}@gmail.com`, 'a long enough password');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await everythingShown(page);
  await expectNoAxeViolations(page);
});

test('axe: the checkout steps, My trips, a booking, its vouchers and its invoice', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, `axe-buyer-${Date.now()}@gmail.com`, 'a long enough password');
  await gotoInteractive(page, '/holidays/goa-beach-break-3-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page.getByRole('heading', { name: 'Who is travelling' })).toBeVisible();
  await everythingShown(page);
  await expectNoAxeViolations(page);

  await fillTravellers(page, { first: 'Mira', last: 'Das', phone: '501234567' });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.locator('.price-total')).toBeVisible();
  await everythingShown(page);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  const ref = (await page.locator('.trip-ref-big').textContent())!;
  await everythingShown(page);
  await expectNoAxeViolations(page);

  // Paying later: the voucher page says they come when the balance is paid; the invoice is a proforma.
  for (const path of ['/trips', `/trips/${ref}/voucher`, `/trips/${ref}/invoice`]) {
    await gotoInteractive(page, path);
    await expect(
      page
        .locator('main')
        .getByText(path.endsWith('/voucher') ? /^Vouchers come when the balance is paid\./ : ref)
        .first(),
    ).toBeVisible();
    await everythingShown(page);
    await expectNoAxeViolations(page);
  }
});
