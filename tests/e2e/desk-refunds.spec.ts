import { expect, test, type APIRequestContext } from '@playwright/test';
import { keepPercentFor, type CancellationStep } from '../../contract/cancellation.ts';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, logIn, PASSWORD } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { setUpStaff, STAFF_PASSWORD, totp } from './staff-helpers.ts';

/** A UAE booking paid by card on the Stripe stand-in's page (which sends Stripe's webhook to the shop). */
async function stripePaidBooking(
  request: APIRequestContext,
): Promise<{ ref: string; total: number; policy: CancellationStep[]; email: string }> {
  const email = `refund-${Date.now()}@example.com`;
  await createAccount(request, email);
  const token = (
    await (
      await request.post(
        `/api/Common/Login?EmailorPhone=${encodeURIComponent(email)}&Password=${encodeURIComponent(PASSWORD)}`,
      )
    ).json()
  ).data.tokan as string;
  const auth = { authorization: `Bearer ${token}`, country: 'UAE' };
  const travelDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const detail = await (
    await request.get('/api/Common/Holiday/GetPackageDetail?slug=dubai-luxury-escape-4-nights')
  ).json();
  expect(
    (
      await request.post('/api/Common/CreateCart', {
        headers: auth,
        data: { packageId: detail.data.id, travelDate, adults: 2, rooms: 1 },
      })
    ).status(),
  ).toBe(200);
  const hold = await (await request.post('/api/Common/CreateTempBooking', { headers: auth, data: {} })).json();
  const booked = await (
    await request.post('/api/Common/CreateBooking', {
      headers: auth,
      data: {
        TempBookingId: hold.data.TempBookingId,
        PaymentMethod: 'stripe',
        LeadTraveller: {
          Title: 'Ms',
          FirstName: 'Asha',
          LastName: 'Rao',
          Email: email,
          Phone: '+971501234567',
          DOB: '1990-04-12',
        },
        Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }],
      },
    })
  ).json();
  expect(booked.status, booked.message).toBe('Success');
  expect((await request.post(booked.data.Next.url as string, { maxRedirects: 0 })).status()).toBe(303);
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/api/Common/BookingDetailById?RefIdKey=${booked.data.RefIdKey}`, { headers: auth })
          ).json()
        ).data.PaymentStatus,
    )
    .toBe('paid');
  return {
    ref: booked.data.RefIdKey as string,
    total: booked.data.Total as number,
    policy: detail.data.cancellationPolicy as CancellationStep[],
    email,
  };
}

test('accounts cancels a gateway-paid booking with a partial refund and opens the credit note PDF; the traveller’s Trips keeps it beside the invoice', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const booking = await stripePaidBooking(request);

  // A member of accounts, set up and signed in through the real calls (the browser keeps the cookie).
  const email = `accounts-${Date.now()}@example.com`;
  const { secret, enrolledAt } = await setUpStaff(page.request, email, 'accounts');
  // Each code is taken once: sign in with the next step's, which the server takes (one step either side) without
  // waiting for it.
  expect(
    (
      await page.request.post('/api/admin/login', {
        data: { email, password: STAFF_PASSWORD, code: totp(secret, enrolledAt + 30_000) },
      })
    ).status(),
  ).toBe(200);

  await page.goto(`/admin/bookings/${booking.ref}`);
  const panel = page.getByRole('region', { name: 'Cancellation and refunds' });
  await expect(panel.getByRole('heading', { name: 'Cancel this booking' })).toBeVisible();
  // Sixty days ahead: the package's policy (a resort's: 20%) keeps its share, the rest goes back to the card.
  const keepPercent = keepPercentFor(booking.policy, 60);
  expect(keepPercent).toBeGreaterThan(0);
  expect(keepPercent).toBeLessThan(100);
  const keep = Math.round((booking.total * keepPercent) / 100);
  // Prefilled as staff type an amount: whole dirhams without decimals ("2380"), others with two ("2380.50").
  const typedKeep = keep % 100 === 0 ? String(keep / 100) : (keep / 100).toFixed(2);
  await expect(panel.getByLabel(/^Amount kept/)).toHaveValue(typedKeep);
  await expectNoAxeViolations(page);
  await panel.getByLabel('Reason for the cancellation').fill('The traveller cannot travel');
  await panel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(panel.getByRole('status')).toContainText('Booking cancelled');
  await expect(panel.getByText('This booking is cancelled.')).toBeVisible();

  // The refund of the rest through Stripe: pending, then processed when Stripe's webhook comes.
  const refunds = panel.getByRole('table', { name: 'Refunds' });
  await expect(refunds.getByRole('row')).toHaveCount(2);
  await expect(refunds.getByText('processed')).toBeVisible({ timeout: 15_000 });
  const payments = panel.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row').nth(1)).toContainText(/Refund through Stripe/);
  await expectNoAxeViolations(page);

  // The credit note: a link to its PDF.
  const link = panel.getByRole('link', { name: /^Credit note WLH-AE-CN-\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(popup.url()).toContain(`/api/admin/bookings/${booking.ref}/credit-notes/`);
  await popup.close();
  const number = (await link.textContent())!.match(/WLH-AE-CN-\d{6}/)![0];

  // The traveller's trip wallet: the booking cancelled, its credit note beside the invoice, with its PDF.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const trips = await phone.newPage();
  await logIn(trips, booking.email);
  await gotoInteractive(trips, `/trips/${booking.ref}`);
  const note = trips.getByRole('region', { name: 'Credit note' });
  await expect(note).toContainText(`Credit note ${number}`, { timeout: 20_000 });
  await expect(note).toContainText(/against invoice WLH-AE-\d{6}/);
  await expect(note.getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', /^blob:/);
  await expect(trips.locator('.trip-head')).toContainText('Cancelled');
  await phone.close();
});
