import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { deskMenu, nextCode, setUpStaff, STAFF_PASSWORD } from './staff-helpers.ts';

/*
 * The booking desk (issue 20): an agent signs in, finds a booking by the lead traveller's name,
 * and opens it. The booking is made through the shop's API as the app makes it.
 */

test('an agent finds a booking by the lead traveller’s name and opens its lines and payments', async ({ page }) => {
  test.setTimeout(150_000);
  // A traveller's pay-later booking, through the API.
  const email = `desk-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  const login = await (
    await page.request.post('/api/Common/Login', {
      data: { EmailorPhone: email, Password: PASSWORD },
      headers: { country: 'UAE' },
    })
  ).json();
  const auth = { authorization: `Bearer ${login.data.tokan}`, country: 'UAE' };
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { country: 'UAE' } })
  ).json();
  const pkg = featured.data.packages[0] as { id: number; title: string };
  const travelDate = new Date(Date.now() + 75 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await page.request.post('/api/Common/CreateCart', {
        data: { packageId: pkg.id, travelDate, adults: 2, rooms: 1 },
        headers: auth,
      })
    ).status(),
  ).toBe(200);
  const held = await (await page.request.post('/api/Common/CreateTempBooking', { data: {}, headers: auth })).json();
  const last = `Deskton${String(Date.now())
    .slice(-5)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const booked = await page.request.post('/api/Common/CreateBooking', {
    headers: auth,
    data: {
      TempBookingId: held.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: {
        Title: 'Ms',
        FirstName: 'Zarina',
        LastName: last,
        Email: email,
        Phone: '+971501112233',
        DOB: '1988-02-03',
      },
      Travellers: [{ FirstName: 'Idris', LastName: last, AgeBand: 'adult' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const ref = (await booked.json()).data.RefIdKey as string;

  // An agent, added as `npm run staff` adds one while the shop runs (staffSetupLink), signs in with password and code.
  const agent = `agent-${Date.now()}@example.com`;
  const { secret } = await setUpStaff(page.request, agent, 'agent');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(agent);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toHaveText(`Signed in as ${agent}, agent.`);
  // An agent has the bookings and the cancellation requests, not the refunds.
  await expect(page.getByRole('main').getByRole('link', { name: 'Cancellation requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Refunds' })).toHaveCount(0);

  // The back office's menu (behind its Menu button at 390 px) leads to the desk too.
  await expect((await deskMenu(page)).getByRole('link', { name: 'Bookings', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('main').getByRole('link', { name: 'Bookings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bookings, newest first' })).toBeVisible();
  await page.getByLabel('Search bookings').fill(`zarina ${last}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=zarina/);
  const table = page.getByRole('table', { name: 'Bookings, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: new RegExp(`Zarina ${last}`) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /\/api\/admin\/bookings\.csv\?q=zarina/,
  );
  await expectNoAxeViolations(page);

  // Usable at 390 px: the page does not scroll sideways (the table scrolls in its own region).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The reference, reached by keyboard, opens the booking.
  const link = table.getByRole('link', { name: ref });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${ref}$`));
  await expect(page.getByRole('heading', { name: `Booking ${ref}` })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines).toContainText(pkg.title);
  await expect(lines.getByRole('cell', { name: travelDate })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Travellers' }).getByRole('cell', { name: `Ms Zarina ${last} (lead)` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proforma invoice (PDF)' })).toHaveAttribute(
    'href',
    `/api/admin/bookings/${ref}/invoice.pdf`,
  );
  await expectNoAxeViolations(page);

  // A note, kept and shown in the timeline.
  await page.getByLabel(/Internal note/).fill('Asked for a sea view.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note added.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Timeline' }).getByText('[note] Asked for a sea view.')).toBeVisible();
});
