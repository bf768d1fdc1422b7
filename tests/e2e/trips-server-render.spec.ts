import { expect, test, type Page } from '@playwright/test';
import { bookTrip, createAccount, logIn } from './checkout-helpers.ts';

// The service worker is allowed here (playwright.config.ts blocks it by default): the test checks no cache of it
// keeps trips.
test.use({ serviceWorkers: 'allow' });

/*
 * My trips for a signed-in traveller is rendered on the server with their list (decision 0080): the
 * trips are in the HTML, painted before any script; a guest gets the page every visitor gets. The
 * personal page is stored nowhere: not in the server's page cache (a guest asking next gets no
 * trips), not in the browser's, not in the service worker's pages.
 */

/** What the service worker's caches hold: each entry's address and whether its body names `needle`. */
const cachedEntries = (page: Page, needle: string) =>
  page.evaluate(async (needle) => {
    const out: { cache: string; path: string; names: boolean }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const text = res && /text|json/.test(res.headers.get('content-type') ?? '') ? await res.text() : '';
        out.push({ cache: name, path: new URL(req.url).pathname, names: text.includes(needle) });
      }
    }
    return out;
  }, needle);

test('My trips has the signed-in traveller’s trips in the server HTML (painted with scripts off), a guest’s has none, and no cache keeps them', async ({
  page,
  context,
  request,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `noor-${Date.now()}@example.com`;
  await createAccount(request, email);
  await logIn(page, email, '', '/trips');
  const ref = await bookTrip(request, context, {
    how: 'pay-later',
    daysAhead: 80,
    lead: {
      Title: 'Ms',
      FirstName: 'Noor',
      LastName: 'Haddad',
      Email: 'noor.haddad@example.com',
      Phone: '+971501234567',
      DOB: '1988-06-09',
    },
  });
  const card = new RegExp(`<span class="trip-ref">${ref}</span>`);

  // The traveller's own request (the context's cookies): the list is in the HTML, stored nowhere.
  for (const path of ['/trips', '/in/trips']) {
    const mine = await page.request.get(path);
    expect(mine.status(), path).toBe(200);
    expect(mine.headers()['cache-control'], path).toBe('private, no-store');
    expect(mine.headers().etag, path).toBeUndefined();
    const html = await mine.text();
    expect(html, path).toMatch(card);
    // Each trip is a heading (a screen reader goes from trip to trip), and a trip booked on the
    // UAE site says so on India's My trips, not on its own site's (issue 34).
    expect(html, path).toMatch(/<h2 class="trip-card-title">Goa Beach Break/);
    if (path === '/in/trips') expect(html, path).toContain('Booked on the UAE site');
    else expect(html, path).not.toContain('Booked on the');
  }
  // A guest next (no cookies): the page every visitor gets, not the one just rendered.
  const guestApi = await playwright.request.newContext({ baseURL });
  const guest = await guestApi.get('/trips');
  expect(guest.headers()['cache-control']).toBe('private, no-cache');
  const guestHtml = await guest.text();
  expect(guestHtml).not.toContain(ref);
  expect(guestHtml).not.toContain('Noor');
  expect(guestHtml).toContain('Loading…');
  await guestApi.dispose();

  // With scripts off, the trip is on the screen: it is the server's HTML, not the app, that shows it.
  const noScript = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  try {
    await noScript.addCookies(await context.cookies());
    const bare = await noScript.newPage();
    await bare.goto('/trips');
    await expect(bare.locator('.trip-card').filter({ hasText: ref })).toBeVisible();
    await expect(bare.getByText('Loading…')).toHaveCount(0);
  } finally {
    await noScript.close();
  }

  // In the app, under the service worker: My trips is loaded through it and never kept, while a
  // public page is (the worker keeps pages; this one it leaves out).
  // The app takes over the server's list as it is: hydration finds nothing to redo.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/trips');
  await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
  await expect(page.locator('.trip-card').filter({ hasText: ref })).toBeVisible();
  await expect(
    page
      .locator('.trip-card')
      .filter({ hasText: ref })
      .getByText(/^Saved on this phone/),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.trip-card').filter({ hasText: ref }).getByRole('heading', { level: 2 })).toHaveText(
    /^Goa Beach Break/,
  );
  expect(errors.filter((e) => /hydrat|React error|#418|#423|#425/i.test(e))).toEqual([]);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.reload();
  await expect(page.locator('.trip-card').filter({ hasText: ref })).toBeVisible();
  await page.goto('/holidays');
  await expect
    .poll(async () => (await cachedEntries(page, ref)).some((e) => e.cache === 'pages-v2' && e.path === '/holidays'), {
      timeout: 15_000,
    })
    .toBe(true);
  const entries = await cachedEntries(page, ref);
  expect(entries.filter((e) => e.path.endsWith('/trips'))).toEqual([]);
  expect(entries.filter((e) => e.names)).toEqual([]);
});
