import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, mailsTo } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * Amending a booking's travel date on a phone (docs/decisions/0096): a traveller books to pay
 * later; an agent at 390 px opens the booking, asks for a new date, reads the server's difference
 * before anything changes, confirms it, and the traveller's trip shows the new date and is mailed.
 */

async function bookToPayLater(page: Page, email: string) {
  await gotoInteractive(page, '/holidays/abu-dhabi-culture-trail-3-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Salma', last: 'Karim', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  return (await page.locator('.trip-ref-big').textContent())!.trim();
}

const day = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('at 390 px an agent moves a booking to another date after reading the server’s difference, and the traveller is told', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `desk-amend-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const ref = await bookToPayLater(page, email);

  const desk = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const agentPage = await desk.newPage();
  await signedInStaff(desk.request, 'agent');
  const detail = await desk.request.get(`/api/admin/bookings/${ref}`);
  const from = ((await detail.json()).data as { firstTravelDate: string }).firstTravelDate;
  const to = day(from, 7);

  await agentPage.goto(`/admin/bookings/${ref}`);
  const panel = agentPage.getByRole('region', { name: 'Amend' });
  await panel.getByLabel(/^New travel date/).fill(to);
  await panel.getByRole('button', { name: 'Show the difference' }).click();
  const preview = panel.getByTestId('amend-preview');
  await expect(preview).toBeVisible();
  await expect(panel.getByTestId('amend-difference')).toHaveText(/AED/);
  await expect(preview).toContainText('→');
  // Nothing sideways at 390 px, and nothing changed yet.
  expect(await agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(((await (await desk.request.get(`/api/admin/bookings/${ref}`)).json()).data as { firstTravelDate: string }).firstTravelDate).toBe(from);
  await expectNoAxeViolations(agentPage);

  await panel.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(panel.getByRole('status')).toContainText('Booking amended');
  expect(((await (await desk.request.get(`/api/admin/bookings/${ref}`)).json()).data as { firstTravelDate: string }).firstTravelDate).toBe(to);

  // The traveller's mail names the new dates.
  await expect.poll(async () => (await mailsTo(page.request, email)).some((m) => m.subject.startsWith(`Booking ${ref} changed: now from`)), { timeout: 30_000 }).toBe(true);
  await desk.close();
});
