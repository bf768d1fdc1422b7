import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export async function firstPackageSlug(request: APIRequestContext, site: 'UAE' | 'IN' = 'UAE'): Promise<string> {
  const res = await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { country: site } });
  return (await res.json()).data.packages[0].slug;
}

/** Loads a page and waits until the service worker controls it (so offline reloads work). */
export async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  }
}

export async function guestId(context: BrowserContext): Promise<string> {
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'guest_id')?.value).toBeTruthy();
  return (await context.cookies()).find((c) => c.name === 'guest_id')!.value;
}

/** What the server holds for this guest, asked directly (not through the page). */
export async function serverCart(request: APIRequestContext, guest: string, site: 'UAE' | 'IN' = 'UAE') {
  const res = await request.post('/api/Common/GetCart', { data: { tempUserId: guest }, headers: { country: site } });
  const body = await res.json();
  return (body.data as { data: { CartId: number; currency: string; adults: number }[] }[]).flatMap((g) => g.data);
}

/**
 * Waits until a first visit has fetched the cart's code ahead (the page's `assets.cartCode`, at
 * idle): from then on an add works with the network gone, before the service worker controls
 * the page.
 */
export async function cartCodeFetchedAhead(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const data = JSON.parse(document.getElementById('__APP_DATA__')?.textContent ?? '{}') as {
          assets?: { cartCode?: string[] };
        };
        const files = data.assets?.cartCode ?? [];
        const done = new Set(
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((e) => e.responseEnd > 0)
            .map((e) => new URL(e.name).pathname),
        );
        return files.length > 0 && files.every((f) => done.has(f));
      }),
    )
    .toBe(true);
}

export function cartLink(page: Page) {
  return page.getByRole('link', { name: /^Cart, \d+ items$/ }).first();
}

export async function addToCart(page: Page, adults = 2) {
  // Enabled once the page is interactive (a tap before that would only post the form).
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  // No date is chosen for the traveller: a month ahead, unless the test chose one.
  const date = page.getByLabel('Travel date', { exact: true });
  if (!(await date.inputValue())) await date.fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  const adultsInput = page.getByRole('spinbutton', { name: 'Adults' });
  await adultsInput.fill(String(adults));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  // The badge moves at the tap; the line is on the device once the form says so (a reload or a
  // full navigation before then could lose a tap whose write has not happened yet).
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
}

/**
 * One whole round of the page's sync engine, started now (the module the app's cart code loads,
 * `assets.cartCode`, whose requestSync runs the engine, or folds into the round under way and runs
 * one more): every change waiting in the outbox and due has been sent, or tried, when it returns.
 * A round skipped because another tab or the worker held the engine is asked for again.
 */
export async function syncRound(page: Page) {
  await page.evaluate(async () => {
    const data = JSON.parse(document.getElementById('__APP_DATA__')!.textContent!) as {
      assets: { cartCode: string[] };
    };
    const cart = (await import(/* @vite-ignore */ data.assets.cartCode[0]!)) as {
      requestSync(): Promise<{ skipped?: boolean }>;
    };
    while ((await cart.requestSync()).skipped) await new Promise((resolve) => setTimeout(resolve, 100));
  });
}

/** The outbox's rows on this device (IndexedDB `wanderlust`, read as the app's db.ts writes them). */
export function outboxRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ ref: string; kind: string; state: string; attempts: number }[]>((resolve, reject) => {
        const open = indexedDB.open('wanderlust');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('outbox')) {
            open.result.close();
            return resolve([]);
          }
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
        };
      }),
  );
}

/** How many changes still wait in the outbox to be sent. */
export async function pendingChanges(page: Page) {
  return (await outboxRows(page)).filter((r) => r.state === 'pending').length;
}
