import { expect, test } from '@playwright/test';
import { siteDay } from '../../contract/calendar.ts';
import { formatMinor } from '../../contract/format.ts';
import { createAccount, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { setDepositPercent, signedInStaff } from './staff-helpers.ts';

/*
 * A part of the deposit (docs/decisions/0108) at 390 px: staff record at the desk a bank transfer
 * smaller than a deposit booking's deposit; My trips offers the rest of the deposit, paid through
 * Stripe's page (the stand-in), and the booking is confirmed as a deposit booking.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SLUG = 'abu-dhabi-culture-trail-3-nights';

test('UAE: a part of the deposit received at the desk, the rest paid from My trips confirms the booking', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const desk = await playwright.request.newContext({ baseURL });
  const staff = await signedInStaff(desk, 'owner');
  const packageId = await setDepositPercent(desk, staff, SLUG, 25);

  // The deposit booking, made through the API with the traveller's sign-in.
  const email = `deposit-part-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'NHauth_token')!.value);
  const auth = { authorization: `Bearer ${token}` };
  const travelDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await page.request.post('/api/Common/CreateCart', {
        headers: auth,
        data: { packageId, travelDate, adults: 1, rooms: 1 },
      })
    ).status(),
  ).toBe(200);
  const hold = await (await page.request.post('/api/Common/CreateTempBooking', { headers: auth, data: {} })).json();
  const lead = {
    Title: 'Ms',
    FirstName: 'Lina',
    LastName: 'Saleh',
    Email: email,
    Phone: '+971501234567',
    DOB: '1988-04-05',
  };
  const booked = await (
    await page.request.post('/api/Common/CreateBooking', {
      headers: auth,
      data: {
        TempBookingId: hold.data.TempBookingId,
        PaymentMethod: 'stripe',
        Deposit: true,
        LeadTraveller: lead,
        Travellers: [],
      },
    })
  ).json();
  expect(booked.status, booked.message).toBe('Success');
  const { RefIdKey: ref, DepositAmount: deposit } = booked.data as { RefIdKey: string; DepositAmount: number };

  // A bank transfer of 40% of the deposit, recorded at the desk.
  const part = Math.round(deposit * 0.4);
  const paid = await desk.post(`/api/admin/bookings/${ref}/payments`, {
    data: { amount: part, method: 'bank-transfer', reference: `TRF-${ref}`, receivedOn: siteDay(new Date(), 'UAE') },
    headers: { 'x-csrf-token': staff.csrf },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await desk.dispose();

  const rest = `Pay the rest of the deposit: ${formatMinor(deposit - part, 'AED')}`;
  await gotoInteractive(page, `/trips/${ref}`);
  await page.getByRole('link', { name: rest }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/pay/${ref}$`));
  await page.getByRole('button', { name: rest }).click();
  // Stripe's hosted page (the stand-in) asks the rest of the deposit only.
  await expect(page.getByRole('heading', { name: `Pay AED ${((deposit - part) / 100).toFixed(2)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/trips/${ref}\\?booked=1&paid=1$`));
  await expect(page.locator('.trip-deposit-received')).toContainText(
    `Deposit received: ${formatMinor(deposit, 'AED')}.`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
