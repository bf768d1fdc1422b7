import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signedInStaff } from './staff-helpers.ts';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, mailsTo } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * The desk records money received outside the shop (issue 20): a traveller books to pay later, an
 * agent opens the booking in the back office and records the bank transfer in two parts, and the
 * traveller's Trips shows it partly paid, then paid, with a receipt mailed for each part.
 */

/**
 * An agent added as `npm run staff` adds one (staffSetupLink), set up and signed in through the API in
 * `request`'s context (tests/e2e/staff-helpers.ts).
 */
const signedInAgent = async (request: APIRequestContext) => (await signedInStaff(request, 'agent')).email;

/** Books two adults of a UAE holiday to pay later; returns the reference and the total as the booking shows it. */
async function bookToPayLater(page: Page, email: string) {
  await gotoInteractive(page, '/holidays/abu-dhabi-culture-trail-3-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Layla', last: 'Nasser', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  await expect(page.locator('.trip-head')).toContainText('Not paid yet');
  const total = (await page.locator('.price-total dd').textContent())!;
  return { ref: (await page.locator('.trip-ref-big').textContent())!.trim(), total };
}

/** "AED 1,234.50" → 123450. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const units = (minor: number) => (minor / 100).toFixed(2);

test('an agent records a pay-later booking’s bank transfer in two parts, and the traveller’s Trips shows it paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `desk-pay-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const { ref, total } = await bookToPayLater(page, email);
  const totalMinor = minorOf(total);
  const first = Math.floor(totalMinor / 2 / 100) * 100;

  // The agent, in a browser of their own, finds the booking by the lead traveller's name.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const agentPage = await desk.newPage();
  await signedInAgent(desk.request);
  await agentPage.goto('/admin/bookings');
  await agentPage.getByLabel('Search bookings').fill('Layla Nasser');
  await agentPage.getByRole('button', { name: 'Search' }).click();
  await expect(agentPage).toHaveURL(/[?&]q=Layla/);
  await agentPage.getByRole('table', { name: 'Bookings, newest first' }).getByRole('link', { name: ref }).click();
  await expect(agentPage).toHaveURL(new RegExp(`/admin/bookings/${ref}$`));
  const panel = agentPage.getByRole('region', { name: 'Record a payment' });
  await expect(panel.getByTestId('balance-due')).toHaveText(total);
  await expectNoAxeViolations(agentPage);

  // First part of the transfer.
  await panel.getByLabel(/^Amount received/).fill(units(first));
  await panel.getByLabel('Method').selectOption('bank-transfer');
  await panel.getByLabel('Reference').fill(`FT-${ref}-1`);
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(panel.getByRole('status')).toContainText('Payment recorded');
  const left = totalMinor - first;
  await expect(panel.getByTestId('balance-due')).toHaveText(/\d/);
  await expect.poll(async () => minorOf((await panel.getByTestId('balance-due').textContent()) ?? '')).toBe(left);

  // The same reference again is refused, in words.
  await panel.getByLabel(/^Amount received/).fill('1');
  await panel.getByLabel('Reference').fill(`FT-${ref}-1`);
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(panel.getByRole('alert')).toContainText('already recorded');

  // The traveller sees it partly paid, with the balance.
  await gotoInteractive(page, `/trips/${ref}`);
  await expect(page.locator('.trip-head')).toContainText('Partly paid');
  await expect(page.getByText(/^Balance due:/)).toBeVisible();

  // The rest.
  await panel.getByLabel(/^Amount received/).fill(units(left));
  await panel.getByLabel('Reference').fill(`FT-${ref}-2`);
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(panel.getByRole('status')).toContainText('paid in full');
  await expect.poll(async () => minorOf((await panel.getByTestId('balance-due').textContent()) ?? '')).toBe(0);
  await expectNoAxeViolations(agentPage);
  await desk.close();

  await gotoInteractive(page, `/trips/${ref}`);
  await expect(page.locator('.trip-head').getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voucher' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invoice', exact: true })).toBeVisible();
  await expect
    .poll(
      async () => (await mailsTo(page.request, email)).filter((m) => m.subject.startsWith('Payment received')).length,
      { timeout: 15_000 },
    )
    .toBe(2);
});
