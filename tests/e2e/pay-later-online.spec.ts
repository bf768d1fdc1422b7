import { expect, test, type Page } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, mailsTo } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * Pay later has an end, and can be paid online before it (issue 19): a pay-later booking, later
 * paid from My trips through the site's gateway (the local stand-ins play Stripe's page and
 * Razorpay's checkout; our verify calls and webhook check them as at checkout).
 */

/** Books the cart to pay later and lands on the new booking's page; returns its reference and total. */
async function bookToPayLater(
  page: Page,
  prefix: string,
  slug: string,
  lead: { first: string; last: string; phone: string; email: string },
) {
  await gotoInteractive(page, `${prefix}/holidays/${slug}`);
  await addToCart(page, 2);
  await gotoInteractive(page, `${prefix}/cart`);
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, lead);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/trips/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\\?booked=1$`));
  await expect(page.locator('.trip-head')).toContainText('Not paid yet');
  // What is due, as the booking says it.
  const total = (await page.locator('.price-total dd').textContent())!;
  return { ref: (await page.locator('.trip-ref-big').textContent())!, total };
}

test('UAE: a pay-later booking paid later from My trips on Stripe’s page', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `later-uae-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const { ref, total } = await bookToPayLater(page, '', 'abu-dhabi-culture-trail-3-nights', {
    first: 'Omar',
    last: 'Haddad',
    phone: '501234567',
    email,
  });

  // Later, from My trips.
  await gotoInteractive(page, `/trips/${ref}`);
  await page.getByRole('link', { name: `Pay ${total} now` }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/pay/${ref}$`));
  await page.getByRole('button', { name: `Pay ${total} now` }).click();
  // Stripe's hosted page (the stand-in), then back to the shop.
  await expect(page.getByRole('heading', { name: /^Pay AED/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/trips/${ref}\\?booked=1&paid=1$`));
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.locator('.trip-head')).toContainText('Paid');
  await expect(page.getByRole('link', { name: /now$/ })).toHaveCount(0);
  await expect
    .poll(async () =>
      (await mailsTo(page.request, email)).some((m) => m.subject === `Payment received: booking ${ref}`),
    )
    .toBe(true);
});

test('India: a pay-later booking paid later from My trips through Razorpay’s checkout', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `later-in-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, '/in');
  const { ref, total } = await bookToPayLater(page, '/in', 'kerala-family-tour-5-nights', {
    first: 'Anil',
    last: 'Menon',
    phone: '9812345678',
    email,
  });

  await gotoInteractive(page, `/in/trips/${ref}`);
  await page.getByRole('link', { name: `Pay ${total} now` }).click();
  await expect(page).toHaveURL(new RegExp(`/in/checkout/pay/${ref}$`));
  // The stand-in's checkout.js plays Razorpay: it hands the page the ids and signature, which our server verifies.
  await page.getByRole('button', { name: `Pay ${total} now` }).click();
  await expect(page).toHaveURL(new RegExp(`/in/trips/${ref}\\?booked=1&paid=1$`));
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.locator('.trip-head')).toContainText('Paid');
  await expect
    .poll(async () =>
      (await mailsTo(page.request, email)).some((m) => m.subject === `Payment received: booking ${ref}`),
    )
    .toBe(true);
});
