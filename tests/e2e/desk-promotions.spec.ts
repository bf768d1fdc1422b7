import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { gotoInteractive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * Deals from the desk (docs/decisions/0105): catalogue staff create a deal with a picture they
 * upload, and the shop's deals page shows it with that picture at once.
 */

test('catalogue staff create a deal with a picture and it shows on the shop’s deals page', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await signedInStaff(desk.request, 'catalogue');
  await gotoInteractive(staff, '/admin/deals');
  await staff.getByRole('button', { name: 'New deal' }).click();
  const form = staff.getByRole('form', { name: 'New deal' });
  const title = `Lagoon villas ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Three nights over the water, breakfast and transfers.');
  const picture = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 140, b: 170 } },
  })
    .jpeg()
    .toBuffer();
  await form.getByLabel(/^Picture/).setInputFiles({ name: 'lagoon.jpg', mimeType: 'image/jpeg', buffer: picture });
  await form.getByLabel('Discount, percent').fill('25');
  const ends = new Date(Date.now() + 20 * 86_400_000);
  const local = new Date(ends.getTime() - ends.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel('Ends').fill(local);
  await form.getByRole('button', { name: 'Create the deal' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `The deal “${title}” is created: the shop shows it now.` }),
  ).toBeVisible();
  await expect(staff.getByRole('rowheader', { name: title })).toBeVisible();
  await desk.close();

  await gotoInteractive(page, '/deals');
  const card = page.locator('article.deal-card').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('25% off')).toBeVisible();
  const src = await card.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/images\/uploads\/[a-f0-9]{32}-480\.webp$/);
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
});

test('catalogue staff read and type a coupon’s amounts in dirhams and rupees; the shop keeps fils and paise', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await signedInStaff(desk.request, 'catalogue');
  await gotoInteractive(staff, '/admin/coupons');
  // The welcome coupon: 10% up to AED 300 or ₹5,000, from AED 1,000 or ₹12,000 (the seed keeps fils and paise).
  const row = staff.getByRole('row').filter({ has: staff.getByRole('button', { name: 'Edit WELCOME10' }) });
  await expect(row).toContainText('10% up to AED 300 / ₹5,000');
  await row.getByRole('button', { name: 'Edit WELCOME10' }).click();
  const form = staff.getByRole('form', { name: 'Edit coupon WELCOME10' });
  await expect(form.getByLabel('Cap, AED (empty: none)')).toHaveValue('300');
  await expect(form.getByLabel('Minimum booking, rupees')).toHaveValue('12000');
  const minimum = async () =>
    (
      await (
        await staff.request.post('/api/Common/Coupon/GetCouponDetail', {
          data: { CouponSlug: 'welcome-10' },
          headers: { country: 'UAE' },
        })
      ).json()
    ).data.minCart;
  try {
    await form.getByLabel('Minimum booking, AED').fill('1,250.50');
    await form.getByRole('button', { name: 'Save the coupon' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Coupon WELCOME10 is saved.' })).toBeVisible();
    expect(await minimum()).toEqual({ amount: 125_050, currency: 'AED' });
    // Not an amount: refused before anything is sent.
    await staff.getByRole('button', { name: 'Edit WELCOME10' }).click();
    await form.getByLabel('Minimum booking, AED').fill('12.345');
    await form.getByRole('button', { name: 'Save the coupon' }).click();
    await expect(
      staff.getByText('Write each amount as a number of dirhams or rupees, e.g. 150 or 1,299.50.'),
    ).toBeVisible();
    expect(await minimum()).toEqual({ amount: 125_050, currency: 'AED' });
  } finally {
    // As the seed had it, for the other tests.
    await gotoInteractive(staff, '/admin/coupons');
    await staff.getByRole('button', { name: 'Edit WELCOME10' }).click();
    await form.getByLabel('Minimum booking, AED').fill('1000');
    await form.getByRole('button', { name: 'Save the coupon' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Coupon WELCOME10 is saved.' })).toBeVisible();
    await desk.close();
  }
});
