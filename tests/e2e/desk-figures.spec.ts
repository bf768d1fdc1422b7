import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { deskMenu, signedInStaff } from './staff-helpers.ts';

/*
 * The booking page's money panels show current figures: an agent at 390 px records part of a
 * pay-later booking's bank transfer, and the booking's header and the cancellation panel show the
 * new paid figure (and what a cancellation would refund) at once, without a reload. Then the
 * agent's My account lists this session and changes the password, refusing a wrong current one.
 */

/** Books two adults of a UAE holiday to pay later; returns the reference. */
async function bookToPayLater(page: Page, email: string) {
  await gotoInteractive(page, '/holidays/abu-dhabi-culture-trail-3-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Omar', last: 'Figures', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  return (await page.locator('.trip-ref-big').textContent())!.trim();
}

/** "AED 1,234.50" → 123450. */
const minorOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

test('a payment recorded on the booking page shows at once in the header and the cancellation panel, at 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `desk-figures-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const ref = await bookToPayLater(page, email);

  const desk = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const agentPage = await desk.newPage();
  await signedInStaff(desk.request, 'agent');
  await gotoInteractive(agentPage, `/admin/bookings/${ref}`);

  const header = agentPage.locator('dl.admin-facts').first();
  const headerPaid = header.locator('dt:text-is("Paid") + dd');
  const cancel = agentPage.getByRole('region', { name: 'Cancellation and refunds' });
  const cancelPaid = cancel.locator('.desk-quote dt:text-is("Paid") + dd');
  await expect(cancelPaid).toBeVisible();
  expect(minorOf(await headerPaid.textContent())).toBe(0);
  expect(minorOf(await cancelPaid.textContent())).toBe(0);

  // Marks this document: a reload would lose the mark.
  await agentPage.evaluate(() => {
    (window as unknown as { deskFiguresMark: boolean }).deskFiguresMark = true;
  });

  const panel = agentPage.getByRole('region', { name: 'Record a payment' });
  await panel.getByLabel(/^Amount received/).fill('100');
  await panel.getByLabel('Method').selectOption('bank-transfer');
  await panel.getByLabel('Reference').fill(`FT-${ref}-figures`);
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(panel.getByRole('status')).toContainText('Payment recorded');

  // Every panel reads the booking again: the header and the cancellation panel say what is paid now.
  await expect.poll(async () => minorOf(await headerPaid.textContent())).toBe(10_000);
  await expect.poll(async () => minorOf(await cancelPaid.textContent())).toBe(10_000);
  await expect(cancel.getByRole('table', { name: 'Payments' })).toContainText(`FT-${ref}-figures`);
  expect(await agentPage.evaluate(() => (window as unknown as { deskFiguresMark?: boolean }).deskFiguresMark)).toBe(
    true,
  );
  // Nothing scrolls sideways at 390 px.
  expect(await agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(agentPage);

  // My account: this session listed, a wrong current password refused in words, then the change.
  await (await deskMenu(agentPage)).getByRole('link', { name: 'My account' }).click();
  await expect(agentPage).toHaveURL(/\/admin\/account$/);
  const sessions = agentPage.getByRole('list', { name: 'Signed-in sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions).toContainText('(this session)');
  await agentPage.getByLabel('Current password').fill('not the password at all');
  await agentPage.getByLabel(/^New password \(at least/).fill('a newer staff password');
  await agentPage.getByLabel('New password again').fill('a newer staff password');
  await agentPage.getByRole('button', { name: 'Change password' }).click();
  await expect(agentPage.getByRole('alert').filter({ hasText: 'current password is not right' })).toBeVisible();
  await agentPage.getByLabel('Current password').fill('a long staff password');
  await agentPage.getByRole('button', { name: 'Change password' }).click();
  await expect(agentPage.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await expectNoAxeViolations(agentPage);
  await desk.close();
});
