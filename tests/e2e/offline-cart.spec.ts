import { expect, test } from '@playwright/test';
import {
  addToCart,
  cartLink,
  firstPackageSlug,
  guestId,
  openControlled,
  pendingChanges,
  serverCart,
  syncRound,
} from './cart-helpers.ts';
import { contentKept } from './page-helpers.ts';

// The service worker is allowed here (playwright.config.ts blocks it by default): these tests work offline.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ mode: 'serial' });

test('offline add → reload offline → online: the server holds exactly one', async ({ page, context, request }) => {
  const slug = await firstPackageSlug(request);
  await openControlled(page, `/holidays/${slug}`);
  await openControlled(page, '/cart');
  await page.goto(`/holidays/${slug}`);
  const guest = await guestId(context);

  await context.setOffline(true);
  await addToCart(page);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');

  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');
  await cartLink(page).click();
  await expect(page.getByText('Waiting to sync', { exact: true })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  expect(await serverCart(request, guest)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  expect(await serverCart(request, guest)).toHaveLength(1);
  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');
  expect(await serverCart(request, guest)).toHaveLength(1);
});

test('a first visit: the worker takes charge of the page it was installed from, so offline the page reloads and the cart works', async ({
  page,
  context,
  request,
}) => {
  const slug = await firstPackageSlug(request);
  await page.goto(`/holidays/${slug}`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  // No reload: the newly installed worker claims this page (Workbox's clientsClaim).
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
    .toBe(true);
  // What the page promises once idle: its data is kept for offline use.
  await contentKept(page, slug);
  const guest = await guestId(context);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  await addToCart(page);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');
  await cartLink(page).click();
  await expect(page.getByRole('listitem', { name: title })).toBeVisible();
  await expect(page.getByText('Waiting to sync', { exact: true })).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await serverCart(request, guest)).length, { timeout: 15_000 }).toBe(1);
});

test('the cart opened offline again shows its lines in the first frame after hydration, never "Loading your cart…"', async ({
  page,
  context,
  request,
}) => {
  const slug = await firstPackageSlug(request);
  // Seen once online: the worker keeps the cart page.
  await openControlled(page, '/cart');
  await page.goto(`/holidays/${slug}`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await context.setOffline(true);
  await addToCart(page);
  // Before every frame is painted, from the page's start: is the app live and still loading?
  await page.addInitScript(() => {
    const w = window as unknown as { loadingWhenLive?: boolean };
    const look = () => {
      if (
        document.documentElement.hasAttribute('data-interactive') &&
        document.querySelector('.cart-page [aria-busy="true"]')
      )
        w.loadingWhenLive = true;
      if (!document.querySelector('.cart-line')) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name: title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
  expect(await page.evaluate(() => (window as unknown as { loadingWhenLive?: boolean }).loadingWhenLive ?? false)).toBe(
    false,
  );
  await context.setOffline(false);
});

test('a line added online shows its picture in the cart opened offline; one added offline shows the placeholder, never a broken image', async ({
  page,
  context,
  request,
}) => {
  const slug = await firstPackageSlug(request);
  await openControlled(page, '/cart');
  await page.goto(`/holidays/${slug}`);
  await addToCart(page);
  // The picture was fetched as an image when the line was added: the worker's image cache holds it.
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await (await caches.open('images')).keys()).some((r) => /-480\.webp$/.test(r.url))),
      { timeout: 15_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.goto('/cart');
  const img = page.locator('.cart-line-image').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // The placeholder behind every cart picture: what a line whose picture never loaded shows.
  expect(await img.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('data:image/svg+xml');
  await context.setOffline(false);
});

test('network flapping mid-sync loses nothing and doubles nothing', async ({ page, context, request }) => {
  const slug = await firstPackageSlug(request);
  await openControlled(page, `/holidays/${slug}`);
  const guest = await guestId(context);
  await context.setOffline(true);
  for (const adults of [1, 2, 3]) await addToCart(page, adults);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  // Each time the network comes back it drops again while changes are on the wire: the server gets
  // them and does the work, the answers are lost (the page's or the worker's requests alike).
  let dropping = true;
  let dropped = 0;
  let onWire = 0;
  await context.route('**/api/Common/CreateCart', async (route) => {
    if (!dropping) return route.continue();
    onWire++;
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
    dropped++;
    onWire--;
  });
  for (let i = 0; i < 3; i++) {
    const before = dropped;
    await context.setOffline(false);
    // The changes leave again (after the engine's backoff) and are dropped on the way; the round's
    // last one has gone before the network comes back.
    await expect.poll(() => dropped, { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => onWire).toBe(0);
  }
  dropping = false;
  await context.setOffline(false);
  await expect.poll(async () => (await serverCart(request, guest)).length, { timeout: 30_000 }).toBe(3);
  await page.goto('/cart');
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(0, { timeout: 20_000 });
  const lines = await serverCart(request, guest);
  expect(lines.map((l) => l.adults).sort()).toEqual([1, 2, 3]);
});

test('an offline remove reaches the server when back online', async ({ page, context, request }) => {
  const slug = await firstPackageSlug(request);
  await openControlled(page, `/holidays/${slug}`);
  const guest = await guestId(context);
  await addToCart(page);
  await expect.poll(async () => (await serverCart(request, guest)).length).toBe(1);
  await openControlled(page, '/cart');
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(0);
  await context.setOffline(true);
  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  expect(await serverCart(request, guest)).toHaveLength(1);
  await context.setOffline(false);
  await expect.poll(async () => (await serverCart(request, guest)).length, { timeout: 15_000 }).toBe(0);
});

test('two tabs adding at the same moment: both lines, once each', async ({ context, request }) => {
  const slug = await firstPackageSlug(request);
  const a = await context.newPage();
  const b = await context.newPage();
  await a.goto(`/holidays/${slug}`);
  await b.goto(`/holidays/${slug}`);
  const guest = await guestId(context);
  await Promise.all([addToCart(a, 1), addToCart(b, 2)]);
  await expect.poll(async () => (await serverCart(request, guest)).length, { timeout: 15_000 }).toBe(2);
  await expect(cartLink(a)).toHaveAccessibleName('Cart, 2 items');
  await expect(cartLink(b)).toHaveAccessibleName('Cart, 2 items');
  // Nothing is sent twice: a whole sync round in each tab after both lines landed leaves nothing
  // waiting, and the server still holds two.
  for (const tab of [a, b]) await syncRound(tab);
  expect(await pendingChanges(a)).toBe(0);
  expect(await serverCart(request, guest)).toHaveLength(2);
});

test('the server answering 500 and then recovering: exactly one line', async ({ page, context, request }) => {
  const slug = await firstPackageSlug(request);
  await page.goto(`/holidays/${slug}`);
  const guest = await guestId(context);
  let failures = 0;
  // The server stays down until the cart has been seen waiting: a recovery on the third try could
  // otherwise land before the cart page draws, and the test would race the sync engine's backoff.
  let recovered = false;
  await page.route('**/api/Common/CreateCart', async (route) => {
    if (!recovered) {
      failures++;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'error',
          message: 'Something went wrong on our side. Please try again in a moment.',
          data: null,
        }),
      });
      return;
    }
    await route.continue();
  });
  await addToCart(page);
  await expect.poll(() => failures).toBeGreaterThanOrEqual(2);
  await page.goto('/cart');
  await expect(page.getByText('Waiting to sync', { exact: true })).toBeVisible();
  recovered = true;
  await expect.poll(async () => (await serverCart(request, guest)).length, { timeout: 20_000 }).toBe(1);
  await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(0, { timeout: 10_000 });
});

test('UAE and India carts stay apart, each in its own currency', async ({ page, context, request }) => {
  const uaeSlug = await firstPackageSlug(request, 'UAE');
  const inSlug = await firstPackageSlug(request, 'IN');
  await page.goto(`/holidays/${uaeSlug}`);
  const guest = await guestId(context);
  await addToCart(page);
  await page.goto(`/in/holidays/${inSlug}`);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  await addToCart(page);
  await addToCart(page, 1);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await expect.poll(async () => (await serverCart(request, guest, 'IN')).length).toBe(2);
  expect((await serverCart(request, guest, 'IN')).every((l) => l.currency === 'INR')).toBe(true);
  expect((await serverCart(request, guest, 'UAE')).map((l) => l.currency)).toEqual(['AED']);
  await page.goto('/in/cart');
  await expect(page.locator('.cart-total strong')).toHaveText(/^₹/);
  await page.goto('/cart');
  await expect(page.locator('.cart-total strong')).toHaveText(/^AED /);
});

test('continue to booking offline holds the cart once the server confirms', async ({ page, context, request }) => {
  const slug = await firstPackageSlug(request);
  await openControlled(page, `/holidays/${slug}`);
  await guestId(context);
  await addToCart(page);
  await openControlled(page, '/cart');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  // On to the checkout (a guest is asked to log in there); the cart shows the hold waiting.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Log in to book' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/waiting to sync\. The hold starts when we confirm it/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/Hold ends in/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Hold ends in \d+:\d{2}/)).toHaveText(/(9|10):\d{2}/);
});

test('a first visit loads no cart code, and creates no cart database, until the first add; that add counts, keeps and syncs', async ({
  page,
  context,
  request,
}) => {
  const slug = await firstPackageSlug(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  await page.goto('/');
  const guest = await guestId(context);
  // The page keeps its content for offline use once idle: by then, everything it starts with has run.
  await expect.poll(databases).toContain('wanderlust-content');
  expect(scripts.filter((s) => /\/(db|sync-runner|cart-count-live|pending-live)-[\w-]+\.js$/.test(s))).toEqual([]);

  // On the package page nothing is written either until the traveller adds (the server-restart
  // test covers its fetching the cart's code ahead, for an add after the network drops).
  await page.goto(`/holidays/${slug}`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })));
  expect(await databases()).not.toContain('wanderlust');

  await addToCart(page);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');
  await expect.poll(databases).toContain('wanderlust');
  await expect.poll(async () => (await serverCart(request, guest)).length, { timeout: 15_000 }).toBe(1);
  // The count now comes from the database, not only from the tap.
  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items');
  expect(await serverCart(request, guest)).toHaveLength(1);
});
