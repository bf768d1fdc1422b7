import { expect, test } from '@playwright/test';
import { gotoInteractive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';

/*
 * Coupons and banners through the calls declared in contract/admin-promotions-calls.ts (decision
 * 0111): catalogue staff save a coupon's rules, disable and enable it, and move a banner down and
 * back up. Each change is undone, so the shop's coupons and banners end as they began.
 */

test('catalogue staff save a coupon, disable and enable it, and reorder banners', async ({ browser }) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desk.newPage();
  await signedInStaff(desk.request, 'catalogue');

  await gotoInteractive(page, '/admin/coupons');
  const coupons = page.getByRole('region', { name: 'Coupons' });
  const edit = coupons.getByRole('button', { name: /^Edit / }).first();
  const code = (await edit.getAttribute('aria-label'))!.replace(/^Edit /, '');
  await edit.click();
  await page
    .getByRole('form', { name: `Edit coupon ${code}` })
    .getByRole('button', { name: 'Save the coupon' })
    .click();
  await expect(page.getByText(`Coupon ${code} is saved.`)).toBeVisible();

  await coupons.getByRole('button', { name: `Disable ${code}`, exact: true }).click();
  await expect(page.getByText(`Coupon ${code} is disabled: the shop refuses it from now on.`)).toBeVisible();
  await coupons.getByRole('button', { name: `Enable ${code}`, exact: true }).click();
  await expect(page.getByText(`Coupon ${code} is enabled again.`)).toBeVisible();

  await gotoInteractive(page, '/admin/banners');
  const ordered = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/admin/banners/order') && r.request().method() === 'POST');
  const down = page.getByRole('button', { name: /^Move .+ down$/, disabled: false }).first();
  const title = (await down.getAttribute('aria-label'))!.replace(/^Move (.+) down$/, '$1');
  let saved = ordered();
  await down.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('The banners’ order is saved.')).toBeVisible();
  saved = ordered();
  await page.getByRole('button', { name: `Move ${title} up`, exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: `Move ${title} down`, exact: true })).toBeEnabled();
  await desk.close();
});
