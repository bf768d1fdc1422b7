import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * The desk's travellers and documents register at 390 px (decision 0097): an India traveller's
 * holiday paid by bank transfer (its tax invoice), then the owner finds the traveller by email in
 * a list of cards (no sideways scrolling), opens their page with the booking, opens the month's
 * India register with the tax invoice, and downloads the GSTR-1 CSV.
 */

test('at 390 px: find a traveller, open their page, and the month’s register with its GSTR-1 CSV', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const headers = { country: 'IN' };
  const email = `register-${Date.now()}@example.com`;
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
    if (detail.data && !detail.data.tax?.overseas) {
      pkg = p;
      break;
    }
  }
  expect(pkg, 'a package in India on the India site').toBeTruthy();
  const travelDate = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
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
        FirstName: 'Meera',
        LastName: 'Varadkar',
        Email: email,
        Phone: '+919812345678',
        DOB: '1990-04-12',
        State: 'Maharashtra',
        Address: ['12 Hill Road, Bandra West', 'Mumbai 400050'],
      },
      Travellers: [{ FirstName: 'Ravi', LastName: 'Varadkar', AgeBand: 'adult' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const b = (await booked.json()).data as { RefIdKey: string; Total: number };

  // The owner, signed in in the page's own context (its cookie serves the pages), records the transfer.
  const owner = await signedInStaff(page.request, 'owner');
  const indiaToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const paid = await page.request.post(`/api/admin/bookings/${b.RefIdKey}/payments`, {
    headers: { 'x-csrf-token': owner.csrf },
    data: { amount: b.Total, method: 'bank-transfer', reference: `NEFT-${Date.now()}`, receivedOn: indiaToday },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/admin/travellers');
  await expect(page.getByRole('heading', { name: 'Travellers', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search travellers' }).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('region', { name: 'Travellers found' });
  const card = list.getByRole('row').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  // A card: its email and its name on the screen, nothing off to the side.
  await expect(card.getByText(email)).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: 'Meera Varadkar' }).click();
  await expect(page.getByRole('heading', { name: 'Meera Varadkar', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: "The traveller's bookings" }).getByRole('link', { name: b.RefIdKey }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: "The traveller's payments" })).toContainText(b.RefIdKey);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  const month = indiaToday.slice(0, 7);
  await page.goto(`/admin/documents?site=IN&month=${month}`);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  const invoice = page
    .getByRole('region', { name: 'Documents issued' })
    .getByRole('row')
    .filter({ hasText: b.RefIdKey })
    .filter({ hasText: 'Tax invoice' });
  await expect(invoice).toHaveCount(1);
  await expect(invoice.getByRole('link', { name: /^Open Tax invoice WLH-IN-/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`gstr-1-${month}.csv`);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Document,Number,Date,Booking,Buyer,GSTIN/UIN,Place of supply,Supply,Rate %,Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),GST not split (INR)',
  );
  expect(lines.find((l) => l.includes(b.RefIdKey))).toMatch(
    new RegExp(`^Tax invoice,WLH-IN-\\d+,${indiaToday},${b.RefIdKey},Ms Meera Varadkar,none,27-Maharashtra,intra,5,`),
  );
  expect(lines.at(-1)).toMatch(/^Total,/);
});
