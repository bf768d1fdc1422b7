import { expect, test } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * No late surprises (issue 19, decision 0043): the taxes a price will carry are shown beside it on
 * the package page, in the cart and at every checkout step, so the total never jumps at review.
 */

test('India: the package page and the cart show GST and TCS before review, and the total at the travellers step is the one review shows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rules = (await (await page.request.get('/api/Common/GetTaxRules', { headers: { country: 'IN' } })).json())
    .data as { gst: number; tcs: { rate: number } };
  const tcs = `TCS ${rules.tcs.rate}%`;
  const email = `tax-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, '/in');

  // A holiday in India: GST only.
  await gotoInteractive(page, '/in/holidays/kerala-family-tour-5-nights');
  await expect(page.locator('.package-aside .price-tax')).toHaveText('+ GST 5%');

  // Overseas: GST and TCS at today's rule, beside the price.
  await gotoInteractive(page, '/in/holidays/singapore-family-fun-4-nights');
  const hint = page.locator('.package-aside .price-tax');
  await expect(hint).toContainText('+ GST 5%');
  await expect(hint).toContainText(`+ ${tcs}`);
  await addToCart(page, 2);

  await gotoInteractive(page, '/in/cart');
  await expect(page.locator('.cart-line-price .price-tax')).toContainText(`+ GST 5% + ${tcs}`);
  // The cart's total carries them as figures, and is the total checkout starts from (decision 0106).
  const figures = page.getByTestId('cart-figures');
  await expect(figures).toContainText('GST 5%');
  await expect(figures).toContainText(/TCS [\d.]+%/);
  const cartTotal = (await page.getByTestId('cart-total').textContent())!;
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/in\/checkout$/);

  // The travellers step: the total with its taxes, before anything is typed.
  const atTravellers = page.getByTestId('checkout-total');
  await expect(atTravellers).toContainText(`+ GST 5% + ${tcs}`);
  const total = (await atTravellers.locator('strong').textContent())!;
  expect(total).toMatch(/^₹[\d,]+(\.\d\d)?$/);
  expect(total).toBe(cartTotal);
  await fillTravellers(page, { first: 'Priya', last: 'Shah', phone: '9812345678', email });
  await page.getByLabel('PAN', { exact: true }).fill('ABCPS1234F');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page.locator('.price-total dd')).toHaveText(total);
});

test('UAE: a package in the UAE says its price includes VAT, one performed outside it that it is zero-rated', async ({
  page,
}) => {
  await gotoInteractive(page, '/holidays/dubai-family-fun-5-nights');
  await expect(page.locator('.package-aside .price-tax')).toHaveText('incl. VAT 5%');
  await gotoInteractive(page, '/holidays/singapore-family-fun-4-nights');
  await expect(page.locator('.package-aside .price-tax')).toHaveText('zero-rated: no VAT');
});
