import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../../playwright.config.ts';
import { addToCart, openControlled } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, signUpAtCheckout } from './checkout-helpers.ts';
import { contentKept, gotoInteractive } from './page-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

/*
 * A checkout that survives the phone (decision 0099): the travellers form is a draft on the
 * device, per hold, brought back after the tab is killed, the browser restarted or the page opened
 * offline; a later step opened without what it needs sends the traveller back to the fields it
 * lacks; sign-up on the way signs the traveller in and returns to checkout with the hold.
 */

/**
 * Every field of the travellers step as it shows (selects, inputs, text areas, in order). The
 * mobile number is compared by its digits: kept as +971501234567, it comes back written the
 * country's way ("050 123 4567" for the "501234567" typed).
 */
const fieldsOf = (page: Page) =>
  page
    .locator('form.checkout-travellers')
    .locator('input, select, textarea')
    .evaluateAll((els) =>
      els.map((e) =>
        e.classList.contains('phone-field-input')
          ? (e as HTMLInputElement).value.replace(/\D/g, '').replace(/^0+/, '')
          : (e as HTMLInputElement).value,
      ),
    );

/** Whether the draft kept on the device (IndexedDB, never the server) holds `text` yet. */
async function draftHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (text) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('wanderlust');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('checkoutDrafts')) {
            db.close();
            return resolve(false);
          }
          const req = db.transaction('checkoutDrafts').objectStore('checkoutDrafts').getAll();
          req.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(req.result).includes(text));
          };
        };
      }),
    text,
  );
}

/** Counts requests that carry `text` anywhere (address or body): the draft must not leave the device. */
function watchLeaks(context: BrowserContext, text: string) {
  const leaks: string[] = [];
  context.on('request', (r) => {
    if (r.url().includes(text) || (r.postData() ?? '').includes(text)) leaks.push(`${r.method()} ${r.url()}`);
  });
  return leaks;
}

async function offlineNow(context: BrowserContext, page: Page | null) {
  await context.setOffline(true);
  if (page) await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}

withServiceWorker(() => {
  test('UAE: a tab killed on the travellers step comes back with every field, online and offline, and nothing typed reaches the server', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const email = `draft-uae-${Date.now()}@example.com`;
    await createAccount(page.request, email);
    await logIn(page, email);
    await openControlled(page, '/');
    await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
    await addToCart(page, 2);
    await gotoInteractive(page, '/cart');
    await page.getByRole('button', { name: 'Continue to booking' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(/Prices and rooms are held for you for/)).toBeVisible();

    const leaks = watchLeaks(context, 'Zephyrine');
    await fillTravellers(page, { first: 'Zephyrine', last: 'Qadir', phone: '501234567' });
    await page.getByLabel('TRN (optional, for a business)').fill('100123456700003');
    await page.getByLabel('Special requests (optional)').fill('A sea view, please');
    const typed = await fieldsOf(page);
    expect(typed).toContain('Zephyrine');
    // Saved as the traveller types (a moment after the last key), before the phone kills the tab.
    await expect.poll(() => draftHolds(page, 'A sea view, please')).toBe(true);

    // The phone kills the tab; the traveller opens the shop again.
    await page.close();
    const again = await context.newPage();
    await gotoInteractive(again, '/checkout');
    await expect(again.getByLabel('First name').first()).toHaveValue('Zephyrine');
    expect(await fieldsOf(again)).toEqual(typed);

    // Killed again, and opened with no connection: the same fields, from the device.
    await contentKept(again, 'StatesByCountryId').catch(() => undefined);
    await again.close();
    await offlineNow(context, null);
    const offline = await context.newPage();
    await gotoInteractive(offline, '/checkout');
    await expect(offline.getByText(/You are offline/).first()).toBeVisible();
    await expect(offline.getByLabel('First name').first()).toHaveValue('Zephyrine');
    expect(await fieldsOf(offline)).toEqual(typed);
    // Typed offline is kept too.
    await offline.getByLabel('Special requests (optional)').fill('A sea view, please, and a cot');
    await expect.poll(() => draftHolds(offline, 'and a cot')).toBe(true);
    await context.setOffline(false);
    expect(leaks).toEqual([]);
  });
});

test('India: the browser restarted on the travellers step, then opened offline, keeps every field', async ({
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const email = `draft-in-${Date.now()}@example.com`;
  await createAccount(request, email);
  const profile = mkdtempSync(join(tmpdir(), 'wl-draft-profile-'));
  const { baseURL, viewport } = testInfo.project.use;
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      baseURL,
      viewport,
      deviceScaleFactor: 1,
      serviceWorkers: 'allow',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
  let browser = await launch();
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await logIn(page, email, '/in');
    await openControlled(page, '/in');
    await gotoInteractive(page, '/in/holidays/kerala-family-tour-5-nights');
    await addToCart(page, 2);
    await gotoInteractive(page, '/in/cart');
    await page.getByRole('button', { name: 'Continue to booking' }).click();
    await expect(page).toHaveURL(/\/in\/checkout$/);
    await expect(page.getByText(/Prices and rooms are held for you for/)).toBeVisible();
    const leaks = watchLeaks(browser, 'Anandita');
    await fillTravellers(page, { first: 'Anandita', last: 'Menon', phone: '9812345678' });
    await page.getByLabel('Special requests (optional)').fill('Ground floor room');
    const typed = await fieldsOf(page);
    expect(typed).toContain('Anandita');
    await expect.poll(() => draftHolds(page, 'Ground floor room')).toBe(true);
    // The state list is kept for offline use once the page is idle.
    await contentKept(page, 'StatesByCountryId');
    expect(leaks).toEqual([]);

    // The whole browser goes (the phone restarts it) and comes back on the same profile.
    await browser.close();
    browser = await launch();
    const back = browser.pages()[0] ?? (await browser.newPage());
    await gotoInteractive(back, '/in/checkout');
    await expect(back.getByLabel('First name').first()).toHaveValue('Anandita');
    expect(await fieldsOf(back)).toEqual(typed);

    // Once more with no connection at all.
    await back.close();
    await offlineNow(browser, null);
    const offline = await browser.newPage();
    await gotoInteractive(offline, '/in/checkout');
    await expect(offline.getByText(/You are offline/).first()).toBeVisible();
    await expect(offline.getByLabel('First name').first()).toHaveValue('Anandita');
    await expect(offline.getByLabel('State', { exact: true })).toHaveValue(/\d+/);
    expect(await fieldsOf(offline)).toEqual(typed);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('review or payment opened in a new tab without the travellers’ details goes back to them, marked; a field the server refuses shows under it in words', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = `draft-guard-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  for (const step of ['review', 'pay']) {
    const tab = await context.newPage();
    await gotoInteractive(tab, `/checkout?step=${step}`);
    await expect(tab).toHaveURL(/\/checkout$/);
    await expect(tab.getByRole('heading', { name: 'Who is travelling' })).toBeVisible();
    await expect(tab.getByRole('alert').filter({ hasText: 'Some details are missing or need a change' })).toBeVisible();
    // The missing fields are marked; what was there is kept.
    await expect(tab.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(tab.getByLabel('First name').first()).toHaveAttribute('aria-invalid', 'true');
    await expect(tab.getByText('Enter the first name.').first()).toBeVisible();
    await expect(tab.getByLabel('Email')).toHaveValue(email);
    await expect(tab.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(tab.getByText('(lead traveller)')).toHaveCount(0);
    await tab.close();
  }

  // Filled in, on through review and payment; the server refuses the title (as an older page could send it).
  await fillTravellers(page, { first: 'Sara', last: 'Ali', phone: '501234567' });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page.getByText('Sara Ali')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.route('**/api/Common/CreateBooking', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'error',
        message: 'LeadTraveller.Title: Choose a title: Mr, Mrs, Ms, Miss or Dr.',
        data: null,
      }),
    }),
  );
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const title = page.getByLabel('Title');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator('.field-error').filter({ hasText: /^Choose a title: Mr, Mrs, Ms, Miss or Dr\.$/ }),
  ).toBeVisible();
  await expect(page.getByText('LeadTraveller')).toHaveCount(0);
  await expect(page.getByLabel('First name').first()).toHaveValue('Sara');
  // Written a moment after the last change (the draft's debounce): the whole form, kept.
  await expect.poll(() => draftHolds(page, 'Sara')).toBe(true);

  // Booked for real: the draft leaves the device with the hold.
  await page.unroute('**/api/Common/CreateBooking');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  await expect.poll(() => draftHolds(page, 'Sara')).toBe(false);
});

test('sign-up during checkout signs the traveller in and returns to checkout with the hold kept', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `draft-signup-${Date.now()}@example.com`;
  await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  // The helper checks "Code accepted" and that no log-in page comes between.
  await signUpAtCheckout(page, email);
  await expect(page.getByText('Your account is ready. Please log in.')).toHaveCount(0);
  await expect(page.getByText('OTP is Validated.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Who is travelling' })).toBeVisible();
  await expect(page.getByText(/Prices and rooms are held for you for/)).toBeVisible();
  await expect(page.getByText('You have no holidays on hold.')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
