import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bookTrip, createAccount, logIn } from './checkout-helpers.ts';
import { signedInStaff } from './staff-helpers.ts';
import { BASE, launch, walletRow } from './wallet-helpers.ts';

/*
 * The wallet never contradicts the shop (docs/decisions/0107): a trip saved on the phone, then its
 * documents changed on the server while its status, payment and total stay (a supplier's number on
 * a voucher); online once, the phone's copy is replaced, and offline the new number shows. Then the
 * booking is cancelled: online once more, and offline its vouchers are gone from the phone.
 */

/** Opens the trip online and waits until the phone's copy satisfies `done`. */
async function openOnline(page: Page, ref: string, done: (row: Record<string, unknown>) => boolean) {
  await page.goto(`/trips/${ref}`);
  await expect
    .poll(
      async () => {
        const row = await walletRow(page, ref);
        return row !== null && done(row);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

test('a supplier’s number reaches the saved vouchers, and cancelled vouchers leave the phone', async ({
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'wl-wallet-docs-'));
  const desk = await playwright.request.newContext({ baseURL: BASE });
  try {
    const email = `wallet-docs-${Date.now()}@example.com`;
    await createAccount(request, email);
    let context = await launch(dir);
    let page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, email, '', '/trips');
    const ref = await bookTrip(request, context);

    // Saved on the phone, keyed on its documents (the tax invoice and each voucher).
    await openOnline(page, ref, (row) => String(row.version).startsWith('2|') && row.vouchers !== null);
    // The phone reopens offline below: the service worker must have installed (its precache) first.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The desk records the hotel's confirmation number: status, payment and total stay the same.
    const staff = await signedInStaff(desk, 'owner');
    const suppliers = await (await desk.get(`/api/admin/bookings/${ref}/suppliers`)).json();
    const lineId = suppliers.data.lines[0].lineId as number;
    const set = await desk.post(`/api/admin/bookings/${ref}/lines/${lineId}/supplier`, {
      headers: { 'x-csrf-token': staff.csrf },
      data: { service: 'stay-1', status: 'confirmed', number: 'HTL-0107-77' },
    });
    expect(set.status(), await set.text()).toBe(200);

    // Online once: the copy is replaced. Then offline, the voucher shows the number.
    await openOnline(page, ref, (row) => JSON.stringify(row.vouchers).includes('HTL-0107-77'));
    await context.close();
    context = await launch(dir, { signal: false });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/trips/${ref}/voucher`);
    await expect(page.locator('.trip-ref-big')).toHaveText(ref, { timeout: 15_000 });
    await expect(page.getByText('HTL-0107-77')).toBeVisible();
    await context.close();

    // The booking is cancelled at the desk: online once, then offline its vouchers are gone.
    const cancelled = await desk.post(`/api/admin/bookings/${ref}/cancel`, {
      headers: { 'x-csrf-token': staff.csrf },
      data: { reason: 'Plans changed' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    context = await launch(dir);
    page = context.pages()[0] ?? (await context.newPage());
    await openOnline(
      page,
      ref,
      (row) => row.vouchers === null && (row.detail as { Status: string }).Status === 'cancelled',
    );
    await context.close();
    context = await launch(dir, { signal: false });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/trips/${ref}/voucher`);
    await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.voucher')).toHaveCount(0);
    await expect(page.getByText('HTL-0107-77')).toHaveCount(0);
    await context.close();
  } finally {
    await desk.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
