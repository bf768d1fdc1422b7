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
