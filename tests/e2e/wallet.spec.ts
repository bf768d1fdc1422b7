import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bookTrip, createAccount, PASSWORD } from './checkout-helpers.ts';
import { interactive } from './page-helpers.ts';
import { BASE, launch } from './wallet-helpers.ts';

/*
 * The trip wallet: a booking's vouchers and invoice open from the phone with no signal, after the
 * browser was closed and opened again (a persistent profile: the same IndexedDB, service worker
 * and cookies), and leave the phone at sign-out.
 */

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function logIn(page: Page, email: string) {
  await page.goto('/login?callbackUrl=%2Ftrips');
  await interactive(page);
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/trips$/);
}

const walletCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('wanderlust');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('wallet')) return resolve(0);
          const req = db.transaction('wallet').objectStore('wallet').count();
          req.onsuccess = () => resolve(req.result);
        };
      }),
  );

test('vouchers and the invoice PDF open offline after a browser restart; share falls back to download; sign-out removes them', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'wl-wallet-'));
  try {
    const email = `kabir-${Date.now()}@example.com`;
    await createAccount(request, email);
    let context = await launch(dir);
    let page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, email);
    const ref = await bookTrip(request, context);

    // Online, My trips lists the booking and saves it (detail, voucher, invoice, their PDFs).
    await page.reload();
    await interactive(page);
    const card = page.locator('.trip-card').filter({ hasText: ref });
    await expect(card.getByText(/^Saved on this phone/)).toBeVisible({ timeout: 15_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.close();

    // The browser again, with no signal from the start.
    context = await launch(dir, { signal: false });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/trips');
    await expect(page.getByText('You are offline: these are the trips saved on this phone.')).toBeVisible({
      timeout: 15_000,
    });
    await shot(page, 'wallet-trips-offline');
    await page.locator('.trip-card').filter({ hasText: ref }).getByRole('link', { name: 'Voucher' }).click();
    await expect(page.locator('.trip-ref-big')).toHaveText(ref);
    await expect(page.getByRole('img', { name: `QR code of booking ${ref}` })).toBeVisible();
    await expect(page.locator('.voucher').first()).toBeVisible();
    await expect(page.getByText(/Saved on this phone/)).toBeVisible();
    await shot(page, 'wallet-voucher-offline');

    // The invoice page (never opened before), and its PDF from the Blob on the phone.
    await page.goto(`/trips/${ref}/invoice`);
    await expect(page.locator('.invoice-number')).toHaveText(/^WLH-AE-\d{6}$/);
    await shot(page, 'wallet-invoice-offline');
    // The PDF is the Blob kept on the phone: the link opens its object URL. (Chromium's offline
    // emulation refuses every fetch from a page, blob: URLs included, so the bytes are read from
    // the wallet itself.)
    const pdf = page.getByRole('link', { name: 'Open PDF' });
    await expect(pdf).toHaveAttribute('href', /^blob:http:\/\/localhost:\d+\//);
    const stored = await page.evaluate(
      (reference) =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('wanderlust');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('wallet').objectStore('wallet').get(reference);
            req.onsuccess = async () => {
              const blob = req.result.invoicePdf as Blob;
              resolve(`${blob.type} ${new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))}`);
            };
          };
        }),
      ref,
    );
    expect(stored).toBe('application/pdf %PDF-');
    const popup = page.waitForEvent('popup');
    await pdf.click();
    expect((await popup).url()).toBe(await pdf.getAttribute('href'));

    // A browser that cannot share files saves the PDF instead.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'canShare', { value: () => false, configurable: true });
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^(Share|Download) PDF$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-WLH-AE-\d{6}\.pdf$/);

    // The browser again, with signal: signing out says what it removes, then removes it.
    await context.close();
    context = await launch(dir);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/account');
    await interactive(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(
      page.getByText('Signing out removes the 1 trip saved on this phone, with their vouchers and invoices.'),
    ).toBeVisible();
    expect(await walletCount(page)).toBe(1);
    await page.getByRole('button', { name: 'Sign out and remove them' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    expect(await walletCount(page)).toBe(0);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a pay-later booking: the trip page says vouchers come when the balance is paid; the phone keeps its proforma invoice and no vouchers', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'wl-wallet-'));
  try {
    const email = `leila-${Date.now()}@example.com`;
    await createAccount(request, email);
    const context = await launch(dir);
    const page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, email);
    const ref = await bookTrip(request, context, { how: 'pay-later' });

    await page.goto(`/trips/${ref}`);
    await interactive(page);
    await expect(page.locator('.trip-head')).toContainText('Your vouchers come when the balance is paid.');
    await expect(page.locator('.trip-head').getByRole('link', { name: 'Voucher' })).toHaveCount(0);
    await page.locator('.trip-head').getByRole('link', { name: 'Proforma invoice' }).click();
    await expect(page.locator('.invoice-head')).toContainText('Proforma Invoice');
    await expect(page.locator('.invoice-number')).toHaveText('Not a tax invoice');
    await expect(
      page.getByText(
        'This is a proforma invoice: the tax invoice, with its number, is issued when the balance is received in full.',
      ),
    ).toBeVisible();

    await page.goto(`/trips/${ref}/voucher`);
    await expect(page.getByText(/^Vouchers come when the balance is paid\./)).toBeVisible();
    const saved = await page.evaluate(
      (reference) =>
        new Promise<{ vouchers: unknown; invoice: string | null }>((resolve, reject) => {
          const open = indexedDB.open('wanderlust');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('wallet').objectStore('wallet').get(reference);
            req.onsuccess = () =>
              resolve({ vouchers: req.result?.vouchers ?? null, invoice: req.result?.invoice?.title ?? null });
          };
        }),
      ref,
    );
    expect(saved).toEqual({ vouchers: null, invoice: 'Proforma Invoice' });
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
