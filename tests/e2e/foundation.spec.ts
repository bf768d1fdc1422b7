import { expect, test } from '@playwright/test';
import { gotoInteractive } from './page-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

test.describe('server-rendered sites', () => {
  test.use({ javaScriptEnabled: false });

  test('the UAE home page shows featured holidays priced in AED before any JavaScript runs', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Featured holidays' })).toBeVisible();
    const prices = await page.locator('.price-amount').allTextContents();
    expect(prices.length).toBeGreaterThan(3);
    for (const p of prices) expect(p).toMatch(/^AED \d{1,3}(,\d{3})*$/);
    await expect(page).toHaveTitle(/from the UAE/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-AE');
  });

  test('the India home page shows rupees with Indian digit grouping', async ({ page }) => {
    await page.goto('/in');
    const prices = await page.locator('.price-amount').allTextContents();
    expect(prices.length).toBeGreaterThan(3);
    for (const p of prices) expect(p).toMatch(/^₹(\d{1,2},)*\d{1,3}$/);
    expect(prices.some((p) => /^₹\d{1,2},\d{2},\d{3}$/.test(p))).toBe(true);
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(canonical).toMatch(/\/in$/);
    await expect(page.locator('link[rel=alternate][hreflang=en-AE]')).toHaveAttribute('href', /\/$/);
  });

  test('an unknown page is a 404 with a way back', async ({ page }) => {
    const res = await page.goto('/in/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  });
});

test("the first paint waits for no stylesheet request, and the entry carries V8's compile hint", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  // The stylesheet is in the page itself; no render-blocking <link rel=stylesheet>.
  expect(html).toMatch(/<style id="shop-css">[^<]*\.footer-columns\{/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  // The entry is started by an inline script (after the hero paints), not named for the preload scanner.
  expect(html).not.toMatch(/<script type="module" src=|rel="modulepreload"[^>]*entry-client/);
  const entry = /startAfterHero[^<]*\("(\/assets\/entry-client-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  expect((await (await request.get(entry!)).text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  // Styled once hydrated too: the page keeps its look (the bottom bar stays fixed to the screen).
  await gotoInteractive(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCSS('position', 'fixed');
});

test('every server-rendered page is styled at its first paint, and no route adds a stylesheet of its own later', async ({
  page,
  request,
}) => {
  // The contact form's and the sign-in page's styles live with code the page loads later; they
  // are in the page's inline stylesheet all the same.
  const styleOf = async (path: string) =>
    /<style id="shop-css">([\s\S]*?)<\/style>/.exec(await (await request.get(path)).text())?.[1] ?? '';
  expect(await styleOf('/contact')).toContain('.enq-field');
  expect(await styleOf('/login')).toContain('.auth-card');
  const featured = await (
    await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { Country: 'UAE' } })
  ).json();
  await gotoInteractive(page, `/holidays/${featured.data.packages[0].slug}`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  // The one whole stylesheet, linked when the app started (decision 0075); no route's own CSS.
  expect(
    await page.locator('link[rel=stylesheet]').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
  ).toEqual([expect.stringMatching(/^\/assets\/style-[^/]+\.css$/)]);
});

test('the app starts once the hero image is in, and hydrates the page without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await gotoInteractive(page, '/');
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!.currentSrc;
    const find = (test: (name: string) => boolean) => entries.find((e) => test(e.name));
    return {
      heroEnd: find((n) => n === hero)?.responseEnd,
      entryStart: find((n) => /\/assets\/entry-client-[^/]+\.js$/.test(n))?.startTime,
    };
  });
  expect(timing.heroEnd).toBeGreaterThan(0);
  expect(timing.entryStart).toBeGreaterThanOrEqual(timing.heroEnd!);
  // Hydrated: the carousel's buttons work.
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByRole('button', { name: /^Slide 2:/ })).toHaveAttribute('aria-current', 'true');
  expect(errors).toEqual([]);
});

test('campaign parameters ride along on later in-app navigation', async ({ page }) => {
  await gotoInteractive(page, '/?utm_source=newsletter&utm_campaign=diwali&gclid=abc123');
  await page.getByRole('navigation', { name: 'Choose your country site' }).getByRole('link', { name: 'India' }).click();
  await expect(page).toHaveURL(/\/in\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('utm_source')).toBe('newsletter');
  expect(url.searchParams.get('utm_campaign')).toBe('diwali');
  expect(url.searchParams.get('gclid')).toBe('abc123');
  // A plain link without parameters still gets them back.
  await page.getByRole('link', { name: 'Wanderlust Holidays, home' }).click();
  await expect(page).toHaveURL(/\/in\?.*utm_source=newsletter/);
});

test('a guest gets one guest_id for 7 days, reused on later visits', async ({ page, context }) => {
  await page.goto('/');
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'guest_id')?.value).toBeTruthy();
  const first = (await context.cookies()).find((c) => c.name === 'guest_id')!;
  const days = (first.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  await page.goto('/in');
  await page.reload();
  const again = (await context.cookies()).filter((c) => c.name === 'guest_id');
  expect(again).toHaveLength(1);
  expect(again[0]!.value).toBe(first.value);
});

test('client-side reads send the Country of the site in the path', async ({ page }) => {
  await gotoInteractive(page, '/');
  const request = page.waitForRequest((r) => r.url().includes('/api/Common/Holiday/GetFeaturedPackages'));
  await page.getByRole('navigation', { name: 'Choose your country site' }).getByRole('link', { name: 'India' }).click();
  expect((await request).headers()['country']).toBe('IN');
  await expect(page.locator('.price-amount').first()).toHaveText(/^₹/);
});

withServiceWorker(() => {
  test('the service worker installs and precaches the shell', async ({ page }) => {
    await page.goto('/');
    // Installing means precaching the shell (about 140 files): as openControlled (cart-helpers.ts), wait for it, not a
    // click's 7 s.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready;
            return reg.active?.state;
          }),
        { timeout: 30_000 },
      )
      .toBe('activated');
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(cached.some((u) => /^\/assets\/entry-client-.*\.js$/.test(u))).toBe(true);
    // A page carries its own rules inline; the app started offline links the whole stylesheet, kept here.
    expect(cached.filter((u) => /\.css$/.test(u))).toEqual([expect.stringMatching(/^\/assets\/style-[^/]+\.css$/)]);
    expect(cached).toContain('/offline-shell');
  });
});

test("an app installed before the sites' own icons still finds its icons", async ({ request }) => {
  for (const [old, now] of [
    ['/icons/icon-192.png', '/icons/icon-uae-192.png'],
    ['/icons/icon-512.png', '/icons/icon-uae-512.png'],
    ['/icons/maskable-512.png', '/icons/maskable-uae-512.png'],
    ['/icons/apple-touch-icon-180.png', '/icons/apple-touch-icon-uae-180.png'],
  ]) {
    const moved = await request.get(old!, { maxRedirects: 0 });
    expect(moved.status(), old).toBe(301);
    expect(moved.headers().location).toBe(now);
    const icon = await request.get(old!);
    expect(icon.status(), old).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
  }
});

test('the web app manifest is served and complete', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const m = await res.json();
  expect(m).toMatchObject({ display: 'standalone', start_url: expect.any(String), scope: '/' });
  expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`)).toEqual([
    '192x192:any',
    '512x512:any',
    '512x512:maskable',
  ]);
  expect(m.shortcuts.map((s: { name: string }) => s.name)).toEqual(['Holidays', 'Cart', 'My trips']);
  for (const icon of [...m.icons, ...m.screenshots]) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
});

for (const site of [
  {
    name: 'UAE',
    home: '/',
    id: '/',
    scope: '/',
    lang: 'en-AE',
    prefix: '',
    price: /^AED /,
    shortName: 'Wanderlust UAE',
    icon: '-uae-',
    shot: /^\/screenshots\/home-(narrow|wide)\.webp$/,
  },
  {
    name: 'India',
    home: '/in',
    id: '/in',
    scope: '/in/',
    lang: 'en-IN',
    prefix: '/in',
    price: /^₹/,
    shortName: 'Wanderlust India',
    icon: '-in-',
    shot: /^\/screenshots\/home-in-(narrow|wide)\.webp$/,
  },
] as const) {
  test(`installed from the ${site.name} site, the app opens that site and its shortcuts stay in it`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto(site.home);
    // The manifest the page links.
    const href = (await page.locator('link[rel=manifest]').getAttribute('href'))!;
    const res = await request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const m = await res.json();
    // Each app has its own scope (issue 34): India's is `/in/`, and its start URL and shortcuts are inside it.
    expect(m).toMatchObject({
      id: site.id,
      scope: site.scope,
      lang: site.lang,
      display: 'standalone',
      short_name: site.shortName,
    });
    for (const url of [m.start_url, ...m.shortcuts.map((s: { url: string }) => s.url)])
      expect(new URL(url, baseURL).pathname.startsWith(site.scope), url).toBe(true);
    // Its install screenshots show its own home (India's in rupees, not the UAE's in dirhams).
    expect(m.screenshots.map((s: { form_factor: string }) => s.form_factor)).toEqual(['narrow', 'wide']);
    for (const shot of m.screenshots) {
      expect(shot.src).toMatch(site.shot);
      const img = await request.get(shot.src);
      expect(img.status(), shot.src).toBe(200);
      expect(img.headers()['content-type']).toBe('image/webp');
    }
    // Each site's app is named for its country and carries its flag: two apps on one phone tell apart.
    expect(m.name).toBe(`Wanderlust Holidays ${site.name}`);
    for (const icon of m.icons) {
      expect(icon.src).toContain(site.icon);
      expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
    const touch = await page.locator('link[rel=apple-touch-icon]').getAttribute('href');
    expect(touch).toContain(site.icon);
    expect((await request.get(touch!)).status()).toBe(200);
    expect(new URL(m.start_url, baseURL).pathname.replace(/(.)\/$/, '$1')).toBe(site.home);
    expect(m.shortcuts.map((s: { url: string }) => s.url)).toEqual([
      `${site.prefix}/holidays`,
      `${site.prefix}/cart`,
      `${site.prefix}/trips`,
    ]);

    // What its start URL serves: this site's home, in its currency.
    const start = await page.goto(m.start_url);
    expect(start?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', site.lang);
    await expect(page.locator('.price-amount').first()).toHaveText(site.price);
    // Every shortcut opens a real page of the same site (My trips asks a visitor to log in there).
    for (const s of m.shortcuts) {
      expect((await page.goto(s.url))?.status(), s.url).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', site.lang);
      expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe(href);
    }
  });
}
