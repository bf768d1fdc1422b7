import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { calendarDate, priceCalendar } from './calendar-helpers.ts';
import { openControlled } from './cart-helpers.ts';
import { interactive } from './page-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

/*
 * The package page's price calendar (issue 34): the departures catalogue staff scheduled, each with
 * its price from per adult; a stop-sale and a new price show within 5 s of the next read; offline,
 * the last copy is shown with the time its prices are from; tapping a date fills the travel date.
 */

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

withServiceWorker(() => {
  test('staff schedule dates, stop one and change the price: the calendar shows it within 5 s, and offline shows the last copy with its time', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const featured = await (
      await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=12', { headers: { country: 'UAE' } })
    ).json();
    // Not the first (most tests book it) nor the last (the departures test's): its dates are this test's own.
    const pkg = featured.data.packages.at(-2) as { id: number; slug: string };
    // Three Tuesdays of one month about 260 days out.
    let start = Date.now() + 260 * 86_400_000;
    while (new Date(start).getUTCDate() > 7 || new Date(start).getUTCDay() !== 2) start += 86_400_000;
    const tuesdays = [0, 1, 2].map((w) => isoDay(start + w * 7 * 86_400_000));

    const staff = await signedInStaff(request, 'catalogue');
    const admin = (method: 'POST' | 'PATCH', path: string, data: object) =>
      request.fetch(`/api/admin/${path}`, { method, data, headers: { 'x-csrf-token': staff.csrf } });
    for (const d of tuesdays)
      expect((await admin('POST', `packages/${pkg.id}/departures/${d}`, { rooms: 6 })).status()).toBe(200);

    await openControlled(page, `/holidays/${pkg.slug}`);
    await interactive(page);
    const calendar = priceCalendar(page);
    const second = await calendarDate(calendar, tuesdays[1]!);
    await expect(second).toBeEnabled();
    const priceBefore = Number(
      (await second.locator('.visually-hidden').textContent())!.match(/from AED ([\d,]+)/)![1]!.replaceAll(',', ''),
    );
    await expectNoAxeViolations(page);

    // Staff stop the second Tuesday and raise the price by AED 100 a person.
    const detail = await (
      await request.get(`/api/Common/Holiday/GetPriceCalendar?packageId=${pkg.id}`, { headers: { country: 'UAE' } })
    ).json();
    const perAdult = detail.data.perAdult as number;
    expect((await admin('POST', `packages/${pkg.id}/departures/${tuesdays[1]}`, { stopSale: true })).status()).toBe(
      200,
    );
    expect((await admin('PATCH', `packages/${pkg.id}`, { prices: { UAE: perAdult + 10_000 } })).status()).toBe(200);

    await page.reload();
    await interactive(page);
    const stopped = await calendarDate(calendar, tuesdays[1]!);
    await expect(stopped).toBeDisabled({ timeout: 5_000 });
    await expect(stopped.locator('s')).toHaveText('Closed');
    const first = await calendarDate(calendar, tuesdays[0]!);
    await expect(first).toHaveAccessibleName(
      new RegExp(`from AED ${(priceBefore + 100).toLocaleString('en-US')} per adult`),
      { timeout: 5_000 },
    );
    await expect(calendar.getByText(/prices as of/)).toHaveCount(0);

    // Tapping a date fills the travel date.
    await first.click();
    await expect(page.getByLabel('Travel date', { exact: true })).toHaveValue(tuesdays[0]!);
    await expect(first).toHaveAttribute('aria-pressed', 'true');

    // Offline: the last copy, saying when its prices are from.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('wanderlust-content');
              open.onsuccess = () => {
                if (!open.result.objectStoreNames.contains('answers')) return resolve(false);
                const req = open.result.transaction('answers').objectStore('answers').getAllKeys();
                req.onsuccess = () => resolve(req.result.some((k) => String(k).includes('GetPriceCalendar')));
              };
            }),
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await interactive(page);
    await expect(calendar.getByText(/prices as of/)).toBeVisible();
    const offlineFirst = await calendarDate(calendar, tuesdays[0]!);
    await expect(offlineFirst).toHaveAccessibleName(
      new RegExp(`from AED ${(priceBefore + 100).toLocaleString('en-US')} per adult`),
    );
    await expect(await calendarDate(calendar, tuesdays[1]!)).toBeDisabled();
    await context.setOffline(false);
    // Put the price back for the other tests.
    expect((await admin('PATCH', `packages/${pkg.id}`, { prices: { UAE: perAdult } })).status()).toBe(200);
  });
});

test('the India site’s calendar prices in rupees', async ({ page, request }) => {
  test.setTimeout(90_000);
  const featured = await (
    await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=12', { headers: { country: 'IN' } })
  ).json();
  const pkg = featured.data.packages.at(-2) as { id: number; slug: string };
  let start = Date.now() + 290 * 86_400_000;
  while (new Date(start).getUTCDay() !== 4) start += 86_400_000;
  const thursday = isoDay(start);
  const staff = await signedInStaff(request, 'catalogue');
  expect(
    (
      await request.post(`/api/admin/packages/${pkg.id}/departures/${thursday}`, {
        data: { rooms: 2 },
        headers: { 'x-csrf-token': staff.csrf },
      })
    ).status(),
  ).toBe(200);
  await page.goto(`/in/holidays/${pkg.slug}`);
  await interactive(page);
  const calendar = priceCalendar(page);
  await expect(calendar.getByRole('table')).toContainText('(INR)');
  const button = await calendarDate(calendar, thursday);
  await expect(button).toHaveAccessibleName(/from ₹[\d,]+ per adult, 2 rooms left/);
  await expect(button).toContainText('2 left');
});
