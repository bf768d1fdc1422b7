import { expect, test } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive, interactive } from './page-helpers.ts';
import { setDepositPercent, signedInStaff } from './staff-helpers.ts';

/*
 * Deposits (docs/decisions/0108) at 390 px: catalogue staff allow a 25% deposit on a package; a
 * traveller pays the deposit at checkout through the site's gateway (the stand-ins play Stripe's
 * page and Razorpay's checkout), and the balance later from My trips.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SLUG = 'abu-dhabi-culture-trail-3-nights';

test('UAE: a deposit paid through Stripe’s page at checkout, the balance paid later from My trips', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const desk = await playwright.request.newContext({ baseURL });
  const staff = await signedInStaff(desk, 'catalogue');
  await setDepositPercent(desk, staff, SLUG, 25);
  await desk.dispose();

  const email = `deposit-uae-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  await gotoInteractive(page, `/holidays/${SLUG}`);
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Omar', last: 'Haddad', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Pay a deposit now: AED [\d,.]+ \(25%\)/).check();
  const button = page.getByRole('button', { name: /^Book and pay AED [\d,.]+ deposit$/ });
  const deposit = (await button.textContent())!.replace(/^Book and pay | deposit$/g, '');
  // Before the gateway: the deposit now, the balance and its due date, in the payment step's words.
  const split = page.locator('.checkout-deposit-now');
  await expect(split).toHaveText(
    new RegExp(
      `^Deposit now: ${deposit.replace(/[.]/g, '\\.')} · Balance AED [\\d,.]+ due \\d{1,2} [A-Z][a-z]{2} \\d{4}$`,
    ),
  );
  const [, balanceDue, dueOn] = /Balance (AED [\d,.]+) due (.+)$/.exec((await split.textContent())!)!;

  // The choice is part of the checkout's draft (decision 0099): a reload keeps it.
  await page.reload();
  await interactive(page);
  await expect(page.getByLabel(/Pay a deposit now: AED [\d,.]+ \(25%\)/)).toBeChecked();
  await expect(button).toHaveText(`Book and pay ${deposit} deposit`);
  await button.click();

  // Stripe's hosted page (the stand-in) asks the deposit only.
  await expect(page.getByRole('heading', { name: /^Pay AED/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1/);
  const ref = (await page.locator('.trip-ref-big').textContent())!;
  await expect(page.getByText(`Paid: ${deposit}`)).toBeVisible();
  // Back from the gateway: the deposit received, the balance with its due date, and the way to pay it.
  const received = page.locator('.trip-deposit-received');
  await expect(received).toContainText(`Deposit received: ${deposit}. Balance ${balanceDue} due ${dueOn}.`);
  await expect(received.getByRole('link', { name: `Pay balance: ${balanceDue}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Later, from My trips: the balance.
  await gotoInteractive(page, `/trips/${ref}`);
  const balance = page.getByRole('link', { name: /^Pay balance: AED [\d,.]+$/ });
  await expect(balance).toBeVisible();
  await balance.click();
  await expect(page).toHaveURL(new RegExp(`/checkout/pay/${ref}$`));
  await page.getByRole('button', { name: /^Pay balance: AED [\d,.]+$/ }).click();
  await expect(page.getByRole('heading', { name: /^Pay AED/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/trips/${ref}\\?booked=1&paid=1$`));
  await expect(page.locator('.trip-head')).toContainText('Paid');
  await expect(page.getByRole('link', { name: /^Pay balance/ })).toHaveCount(0);
});

test('India: a deposit paid through Razorpay’s checkout, the balance paid later from My trips', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const slug = 'kerala-family-tour-5-nights';
  const desk = await playwright.request.newContext({ baseURL });
  const staff = await signedInStaff(desk, 'catalogue');
  await setDepositPercent(desk, staff, slug, 30);
  await desk.dispose();

  const email = `deposit-in-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, '/in');
  await gotoInteractive(page, `/in/holidays/${slug}`);
  await addToCart(page, 2);
  await gotoInteractive(page, '/in/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Anil', last: 'Menon', phone: '9812345678', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Pay a deposit now: ₹[\d,.]+ \(30%\)/).check();
  const button = page.getByRole('button', { name: /^Book and pay ₹[\d,.]+ deposit$/ });
  const deposit = (await button.textContent())!.replace(/^Book and pay | deposit$/g, '');
  // The stand-in's checkout.js plays Razorpay: it hands the page the ids and signature, which our server verifies.
  await button.click();
  await expect(page).toHaveURL(/\/in\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1/);
  const ref = (await page.locator('.trip-ref-big').textContent())!;
  await expect(page.getByText(`Paid: ${deposit}`)).toBeVisible();
  // The same banner as the UAE's, in rupees: the deposit, the balance with its due date, and the way to pay it.
  const received = page.locator('.trip-deposit-received');
  await expect(received).toContainText(
    new RegExp(
      `Deposit received: ${deposit.replace(/[.]/g, '\\.')}\\. Balance ₹[\\d,.]+ due \\d{1,2} [A-Z][a-z]{2} \\d{4}\\.`,
    ),
  );
  await expect(received.getByRole('link', { name: /^Pay balance: ₹[\d,.]+$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await gotoInteractive(page, `/in/trips/${ref}`);
  await page.getByRole('link', { name: /^Pay balance: ₹[\d,.]+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/in/checkout/pay/${ref}$`));
  await page.getByRole('button', { name: /^Pay balance: ₹[\d,.]+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/in/trips/${ref}\\?booked=1&paid=1$`));
  await expect(page.locator('.trip-head')).toContainText('Paid');
});
