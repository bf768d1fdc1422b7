import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { deskMenu, nextCode, setUpStaff, STAFF_PASSWORD } from './staff-helpers.ts';

/*
 * The books (issue 21): an overseas holiday sold on the India site with a PAN, its balance received
 * by bank transfer (an agent records it), then accounts signs in, opens Reports → TCS register and
 * downloads the CSV: its header and the receipt's row with the PAN and the TCS.
 */

test('accounts downloads the TCS register as CSV with the receipt of an overseas holiday and its PAN', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = { country: 'IN' };
  // An India traveller books an overseas holiday, pay later, with a PAN.
  const email = `tcs-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  const login = await (
    await page.request.post('/api/Common/Login', { data: { EmailorPhone: email, Password: PASSWORD }, headers })
  ).json();
  const auth = { authorization: `Bearer ${login.data.tokan}`, ...headers };
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=24', { headers })
  ).json();
  let pkg: { id: number; slug: string } | undefined;
  for (const p of featured.data.packages as { id: number; slug: string }[]) {
    const detail = await (
      await page.request.get(`/api/Common/Holiday/GetPackageDetail?Slug=${p.slug}`, { headers })
    ).json();
    if (detail.data?.tax?.overseas) {
      pkg = p;
      break;
    }
  }
  expect(pkg, 'an overseas package on the India site').toBeTruthy();
  const travelDate = new Date(Date.now() + 80 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await page.request.post('/api/Common/CreateCart', {
        data: { packageId: pkg!.id, travelDate, adults: 2, rooms: 1 },
        headers: auth,
      })
    ).status(),
  ).toBe(200);
  const held = await (await page.request.post('/api/Common/CreateTempBooking', { data: {}, headers: auth })).json();
  const booked = await page.request.post('/api/Common/CreateBooking', {
    headers: auth,
    data: {
      TempBookingId: held.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: {
        Title: 'Ms',
        FirstName: 'Asha',
        LastName: 'Rao',
        Email: email,
        Phone: '+919812345678',
        DOB: '1990-04-12',
        State: 'Maharashtra',
        Address: ['12 Hill Road, Bandra West', 'Mumbai 400050'],
      },
      Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }],
      Pan: 'ABCPR1234F',
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const b = (await booked.json()).data as { RefIdKey: string; Total: number };

  // An agent (its own request context) and accounts are set up; both sign in with the next step's code.
  const stamp = Date.now();
  const agentEmail = `agent-tcs-${stamp}@example.com`;
  const accountsEmail = `accounts-tcs-${stamp}@example.com`;
  const { secret: agentSecret } = await setUpStaff(request, agentEmail, 'agent');
  const { secret: accountsSecret } = await setUpStaff(page.request, accountsEmail, 'accounts');
  const agentLogin = await request.post('/api/admin/login', {
    data: { email: agentEmail, password: STAFF_PASSWORD, code: nextCode(agentSecret) },
  });
  expect(agentLogin.status()).toBe(200);
  const csrf = (await agentLogin.json()).data.csrfToken as string;
  const indiaToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const paid = await request.post(`/api/admin/bookings/${b.RefIdKey}/payments`, {
    headers: { 'x-csrf-token': csrf },
    data: { amount: b.Total, method: 'bank-transfer', reference: `NEFT-${stamp}`, receivedOn: indiaToday },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/admin/login');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(accountsEmail);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(accountsSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toHaveText(`Signed in as ${accountsEmail}, accounts.`);
  await (await deskMenu(page)).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'TCS register' }).click();
  const register = page.getByRole('table', { name: 'TCS register' });
  await expect(register.getByRole('row').filter({ hasText: b.RefIdKey })).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the TCS register as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tcs-register-\d{4}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Quarter,Date,Collectee name,PAN,Entry,Booking,Invoice,Credit note,Amount received (INR),Amount on which TCS collected (INR),TCS rate %,TCS collected (INR),Section',
  );
  const row = lines.find((l) => l.includes(b.RefIdKey));
  expect(row).toMatch(
    new RegExp(
      `^Q\\d,${indiaToday},Ms Asha Rao,ABCPR1234F,Receipt,${b.RefIdKey},WLH-IN-\\d+,,${(b.Total / 100).toFixed(2)},\\d+\\.\\d{2},\\d+(\\.\\d+)?,\\d+\\.\\d{2},206C\\(1G\\)$`,
    ),
  );
});
