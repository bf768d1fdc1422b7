import { expect, test, type Locator, type Page } from '@playwright/test';
import { addToCart, cartLink } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * What a traveller meets at 390 × 844 (issue 22, "Checkout and account"): each step and page opens
 * at its heading with focus there, a field with an error shows below the sticky header, "Log in"
 * opens the login page without an error, and no travel date is chosen for the traveller.
 */

/** Where `el` sits on the screen: below the sticky header and above the bottom bar, wholly. */
async function onScreen(page: Page, el: Locator) {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const header = document.querySelector('.header')!.getBoundingClientRect().bottom;
    const nav = document.querySelector('.bottom-nav')?.getBoundingClientRect().top ?? window.innerHeight;
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), header: Math.round(header), nav: Math.round(nav) };
  });
}

async function expectAtHeading(page: Page, heading: Locator) {
  await expect(heading).toBeFocused();
  const at = await onScreen(page, heading);
  expect(at.top, `heading at ${at.top}px, header ends at ${at.header}px`).toBeGreaterThanOrEqual(at.header);
  expect(at.bottom, `heading ends at ${at.bottom}px, the bottom bar starts at ${at.nav}px`).toBeLessThanOrEqual(at.nav);
}

test('UAE: every checkout step and every new page opens at its heading, with focus on it', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `steps-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);

  // A new page reached from far down another opens at its top, its heading focused.
  await gotoInteractive(page, '/holidays');
  const card = page.locator('.package-card a').last();
  await card.scrollIntoViewIfNeeded();
  await card.click();
  await expect(page).toHaveURL(/\/holidays\/[\w-]+$/);
  await expectAtHeading(page, page.getByRole('heading', { level: 1 }));

  await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectAtHeading(page, page.getByRole('heading', { name: 'Checkout', level: 1 }));

  await fillTravellers(page, { first: 'Sara', last: 'Ali', phone: '501234567', email });
  const toReview = page.getByRole('button', { name: 'Continue to review' });
  await toReview.scrollIntoViewIfNeeded();
  await toReview.click();
  await expect(page).toHaveURL(/step=review/);
  await expectAtHeading(page, page.getByRole('heading', { name: 'Review your booking' }));

  const toPay = page.getByRole('button', { name: 'Continue to payment' });
  await toPay.scrollIntoViewIfNeeded();
  await toPay.click();
  await expect(page).toHaveURL(/step=pay/);
  await expectAtHeading(page, page.getByRole('heading', { name: 'Payment', level: 2 }));
  // "By booking you accept…" names what is accepted, with links to read it (issue 22).
  await expect(page.getByRole('link', { name: 'booking terms', exact: true })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'privacy policy', exact: true })).toHaveAttribute('href', '/privacy');

  // Back to review, from the bottom of the payment step.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.goBack();
  await expectAtHeading(page, page.getByRole('heading', { name: 'Review your booking' }));
});

test('India: a PAN with an error scrolls into view below the sticky header', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `pan-scroll-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, '/in');
  await gotoInteractive(page, '/in/holidays/singapore-family-fun-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/in/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/in\/checkout$/);
  await fillTravellers(page, { first: 'Priya', last: 'Shah', phone: '9812345678', email });
  const pan = page.getByLabel('PAN', { exact: true });
  await pan.fill('ABC12');
  // From the top of the page: the failed submit brings the PAN down to the screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(pan).toBeFocused();
  const label = page.locator('label', { hasText: /^PAN$/ });
  for (const el of [label, pan]) {
    const at = await onScreen(page, el);
    expect(at.top, `${at.top}px, under the header ending at ${at.header}px`).toBeGreaterThanOrEqual(at.header);
    expect(at.bottom).toBeLessThanOrEqual(at.nav);
  }

  // A PAN that does not match the surname: the server's refusal is shown with the field, below the header.
  await pan.fill('ABCPK1234F');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByText('Failed to verify PAN')).toBeVisible();
  await expect(pan).toBeFocused();
  const at = await onScreen(page, label);
  expect(at.top).toBeGreaterThanOrEqual(at.header);
});

for (const prefix of ['', '/in']) {
  test(`${prefix || 'UAE'}: a new visitor tapping "Log in" gets the login page without an error; a page that needs a sign-in explains`, async ({
    page,
  }) => {
    await gotoInteractive(page, `${prefix}/holidays`);
    const logInLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' });
    await logInLink.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login(\\?callbackUrl=[^&]*)?$`));
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    await expect(page.getByText('Please log in to see that page.')).toHaveCount(0);

    // The header's icon (shown on wider screens) goes there too.
    await gotoInteractive(page, `${prefix}/holidays`);
    await expect(page.locator('.header a.header-icon', { hasText: 'Log in' })).toHaveAttribute(
      'href',
      `${prefix}/login`,
    );

    // Sent from a page that needs a sign-in: told why.
    await gotoInteractive(page, `${prefix}/account`);
    await expect(page).toHaveURL(/error=SessionRequired/);
    await expect(page.getByText('Please log in to see that page.')).toBeVisible();
  });
}

test('the package page chooses no travel date: Add to cart asks for one, and adds once it is chosen', async ({
  page,
}) => {
  await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
  const date = page.getByLabel('Travel date', { exact: true });
  await expect(date).toHaveValue('');
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText('Choose your travel date.')).toBeVisible();
  await expect(date).toBeFocused();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  await date.fill(new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10));
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');
});

test('My trips, Invoice and Voucher headings have room under the top bar', async ({ page }) => {
  const email = `room-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  for (const [path, name] of [
    ['/trips', 'My trips'],
    ['/trips/WH-NONE/invoice', 'Invoice'],
    ['/trips/WH-NONE/voucher', 'Vouchers'],
  ] as const) {
    await gotoInteractive(page, path);
    const at = await onScreen(page, page.getByRole('heading', { level: 1, name }));
    expect(at.top - at.header, `${path}: heading ${at.top - at.header}px below the top bar`).toBeGreaterThanOrEqual(16);
  }
});
