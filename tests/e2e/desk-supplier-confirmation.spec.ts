import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signedInStaff } from './staff-helpers.ts';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, mailsTo } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * A supplier's confirmation on a phone (docs/decisions/0098): a traveller books to pay later and
 * the balance is recorded; an agent at 390 px opens the booking, marks the hotel stay confirmed
 * with the hotel's number (refused first without one), and the traveller's voucher shows the
 * number, mailed to them with the updated vouchers. The due list opens at 390 px too.
 */

/**
 * An agent added as `npm run staff` adds one (staffSetupLink), set up and signed in through the API in
 * `request`'s context (tests/e2e/staff-helpers.ts).
 */
const signedInAgent = async (request: APIRequestContext) => (await signedInStaff(request, 'agent')).email;

async function bookToPayLater(page: Page, email: string) {
  await gotoInteractive(page, '/holidays/abu-dhabi-culture-trail-3-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Noor', last: 'Haddad', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  const total = (await page.locator('.price-total dd').textContent())!;
  return { ref: (await page.locator('.trip-ref-big').textContent())!.trim(), total };
}

const units = (text: string) => (Math.round(Number(text.replace(/[^\d.]/g, '')) * 100) / 100).toFixed(2);

test('at 390 px an agent confirms a hotel stay with its number, and the traveller’s voucher shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `desk-sup-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const { ref, total } = await bookToPayLater(page, email);

  const desk = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const agentPage = await desk.newPage();
  await signedInAgent(desk.request);

  // The balance received, so the traveller holds vouchers.
  await agentPage.goto(`/admin/bookings/${ref}`);
  const pay = agentPage.getByRole('region', { name: 'Record a payment' });
  await pay.getByLabel(/^Amount received/).fill(units(total));
  await pay.getByLabel('Reference').fill(`FT-${ref}`);
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByRole('status')).toContainText('paid in full');

  const panel = agentPage.getByRole('region', { name: 'Supplier confirmations' });
  const stay = panel.getByRole('form', { name: /^Supplier confirmation: .*stay/ }).first();
  await expect(stay).toBeVisible();
  // Nothing sideways at 390 px.
  expect(await agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Confirmed without the number: said at once, nothing sent.
  await stay.getByLabel('Status').selectOption('confirmed');
  await stay.getByRole('button', { name: 'Save' }).click();
  await expect(stay.getByRole('alert')).toContainText('confirmation number');

  await stay.getByLabel('Confirmation number').fill('HTL-390-77');
  await stay.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toContainText('confirmed, number HTL-390-77');
  await expect(panel.getByText('HTL-390-77', { exact: true })).toBeVisible();
  await expectNoAxeViolations(agentPage);

  // The list of confirmations due, at 390 px.
  await agentPage.goto('/admin/supplier-confirmations');
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Supplier confirmations due' })).toBeVisible();
  await expect(agentPage.getByRole('status')).toContainText('within 14 days');
  expect(await agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(agentPage);
  await desk.close();

  // The traveller's voucher carries the number, and the updated vouchers are mailed.
  await gotoInteractive(page, `/trips/${ref}/voucher`);
  await expect(page.getByText('Confirmation no.').first()).toBeVisible();
  await expect(page.getByText('HTL-390-77')).toBeVisible();
  await expect
    .poll(
      async () => (await mailsTo(page.request, email)).filter((m) => m.subject.startsWith('Updated vouchers')).length,
      { timeout: 20_000 },
    )
    .toBe(1);
});
