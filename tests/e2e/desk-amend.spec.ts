import { expect, test, type Page } from '@playwright/test';
import { addDays, siteDay } from '../../contract/calendar.ts';
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

const day = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('at 390 px an agent moves a booking to another date after reading the server’s difference, and the traveller is told', async ({
  page,
  browser,
}) => {
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
  expect(
    ((await (await desk.request.get(`/api/admin/bookings/${ref}`)).json()).data as { firstTravelDate: string })
      .firstTravelDate,
  ).toBe(from);
  await expectNoAxeViolations(agentPage);

  await panel.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(panel.getByRole('status')).toContainText('Booking amended');
  expect(
    ((await (await desk.request.get(`/api/admin/bookings/${ref}`)).json()).data as { firstTravelDate: string })
      .firstTravelDate,
  ).toBe(to);

  // The traveller's mail names the new dates.
  await expect
    .poll(
      async () =>
        (await mailsTo(page.request, email)).some((m) => m.subject.startsWith(`Booking ${ref} changed: now from`)),
      { timeout: 30_000 },
    )
    .toBe(true);
  await desk.close();
});

test('at 390 px an agent changes a booking’s holiday to another of the site’s, on one of its departures, after reading the server’s before and after', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const desk = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const agentPage = await desk.newPage();
  const agent = await signedInStaff(desk.request, 'agent');
  // A desk booking (the convention's body) of the site's first holiday, to pay later.
  const holidays = (
    (await (await desk.request.get('/api/admin/bookings/new/packages?site=UAE')).json()).data as {
      items: { id: number; title: string }[];
    }
  ).items;
  const first = holidays[0]!;
  const departures = (
    (await (await desk.request.get(`/api/admin/bookings/new/departures?site=UAE&packageId=${first.id}`)).json())
      .data as { departures: { travelDate: string; status: string }[] }
  ).departures;
  const soon = addDays(siteDay(new Date(), 'UAE'), 40);
  const travelDate =
    departures.find((d) => d.travelDate >= soon && (d.status === 'available' || d.status === 'limited'))?.travelDate ??
    addDays(soon, 20);
  const email = `desk-holiday-${Date.now()}@example.com`;
  const made = await desk.request.post('/api/admin/bookings', {
    headers: { 'x-csrf-token': agent.csrf, 'idempotency-key': `desk-holiday-${Date.now()}` },
    data: {
      site: 'UAE',
      packageId: first.id,
      travelDate,
      adults: 2,
      children: 0,
      rooms: 1,
      lead: {
        title: 'Ms',
        firstName: 'Noor',
        lastName: 'Aziz',
        email,
        phone: `+97150${String(Date.now()).slice(-7)}`,
        dob: '1990-03-03',
      },
      payment: 'pay-later',
    },
  });
  const body = (await made.json()) as { message: string; data: { RefIdKey: string } };
  expect(made.status(), body.message).toBe(200);
  const ref = body.data.RefIdKey;

  await agentPage.goto(`/admin/bookings/${ref}`);
  const panel = agentPage.getByRole('region', { name: 'Amend' });
  const chooser = panel.getByLabel('New holiday (same site)');
  await expect(chooser.locator('option')).not.toHaveCount(1);
  const choice = chooser.locator('option').nth(1);
  const newTitle = ((await choice.textContent()) ?? '').replace(/ \(.*$/, '');
  await chooser.selectOption({ index: 1 });
  // A date the new holiday departs on: its departures when staff schedule them, else any date.
  const dateSelect = panel.locator('select[name="holidayDate"]');
  const dateInput = panel.locator('input[name="holidayDate"]');
  await expect(dateSelect.or(dateInput)).toBeVisible();
  if (await dateSelect.isVisible()) {
    const value = await dateSelect.locator('option:not([disabled])').nth(1).getAttribute('value');
    await dateSelect.selectOption(value!);
  } else await dateInput.fill(travelDate);
  await panel.getByRole('button', { name: 'Show the difference' }).click();
  await expect(panel.getByTestId('amend-holiday')).toHaveText(`${first.title} → ${newTitle}`);
  await expect(panel.getByTestId('amend-difference')).toHaveText(/AED/);
  expect(await agentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(agentPage);

  await panel.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(panel.getByRole('status')).toContainText('Booking amended');
  const after = (
    (await (await desk.request.get(`/api/admin/bookings/${ref}`)).json()).data as { lines: { title: string }[] }
  ).lines;
  expect(after.map((l) => l.title)).toEqual([newTitle]);
  await desk.close();
});
