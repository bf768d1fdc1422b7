import { expect, test } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * A payment-method coupon in the browser (issue 30, item 7): net banking chosen at review with
 * NETBANK1000, the page opens Razorpay's checkout (the stand-in's checkout.js, which reads the
 * options' config.display as Razorpay's does) showing net banking only, and the payment is by it.
 */

test('India: a net-banking coupon opens Razorpay’s checkout with net banking only, and it is paid by net banking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `neha-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, '/in');
  await gotoInteractive(page, '/in/holidays/singapore-family-fun-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/in/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/in\/checkout$/);
  await fillTravellers(page, { first: 'Priya', last: 'Shah', phone: '9812345678', email });
  await page.getByLabel('PAN', { exact: true }).fill('ABCPS1234F');
  await page.getByRole('button', { name: 'Continue to review' }).click();

  // The way of paying first, then the coupon for it.
  await page.getByRole('radio', { name: 'Net banking' }).check();
  await page.getByLabel('Have a code?').fill('NETBANK1000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.price-discount')).toContainText('₹1,000');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Pay now: UPI, card or netbanking/).check();

  // The traveller would rather pay by UPI: Razorpay's checkout does not offer it.
  await page.evaluate(() => Object.assign(window, { razorpayStandInMethod: 'upi' }));
  const checkout = page.waitForResponse((r) => r.url().includes('/test/razorpay/pay'));
  await page.getByRole('button', { name: /^Book and pay ₹/ }).click();
  const answer = (await (await checkout).json()) as { checkout: { offered: string[]; method: string } };
  expect(answer.checkout).toEqual({ offered: ['netbanking'], method: 'netbanking' });

  await expect(page).toHaveURL(/\/in\/trips\/WL-[A-Z0-9-]+\?booked=1$/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.locator('.trip-head')).toContainText('Paid');
});
