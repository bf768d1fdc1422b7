import { expect, test, type Locator, type Page } from '@playwright/test';
import { openControlled } from './cart-helpers.ts';
import { contentKept, gotoInteractive, interactive } from './page-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

/*
 * The read side of the shop in a browser: home → listing → filter → detail on both sites, the
 * server-rendered HTML before any JavaScript, search suggestions, load more, failure and retry,
 * the itinerary PDF, coupons, and a seen page offline.
 */

const AED = /^AED \d{1,3}(,\d{3})*$/;
const INR = /^₹(\d{1,2},)*\d{1,3}$/;

/** The page's JSON-LD blocks, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

for (const site of [
  { name: 'UAE', prefix: '', money: AED, currency: 'AED' },
  { name: 'India', prefix: '/in', money: INR, currency: 'INR' },
]) {
  test(`${site.name}: home → listing → filter → detail, priced in ${site.currency}`, async ({ page }) => {
    await gotoInteractive(page, site.prefix || '/');
    await expect(page.getByRole('heading', { name: 'Featured holidays' })).toBeVisible();
    await page.getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(new RegExp(`${site.prefix}/holidays$`));
    await expect(page.getByRole('heading', { name: 'Choose a destination' })).toBeVisible();

    await page
      .getByRole('region', { name: 'Choose a destination' })
      .getByRole('link', { name: /^Dubai/ })
      .click();
    await expect(page).toHaveURL(/\/holidays\?cityId=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Holidays in Dubai' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '4 holidays' })).toBeVisible();

    // Filters live in the URL.
    await page.getByLabel('Trip type').selectOption({ label: 'Family' });
    await expect(page).toHaveURL(/cityId=1&typeId=2/);
    await expect(page.getByRole('heading', { level: 1, name: 'Family holidays in Dubai' })).toBeVisible();
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    // The sorted list has arrived (the previous one stays on screen while it loads).
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    const card = page.locator('.package-card').first();
    const title = (await card.locator('.card-title').textContent())!;
    const price = (await card.locator('.price-amount').textContent())!;
    expect(price).toMatch(site.money);
    const link = card.getByRole('link');
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${site.prefix}/holidays/[a-z0-9-]+$`));
    await link.click();

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.package-price .price-amount')).toHaveText(price);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Day by day' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Included', exact: true })).toBeVisible();
    // The JSON-LD is a section whose code loads after the page (decision 0074): wait for it on an in-app visit.
    await expect.poll(async () => (await jsonLd(page)).length).toBeGreaterThan(0);
    const [ld] = await jsonLd(page);
    expect(ld).toMatchObject({
      '@type': ['TouristTrip', 'Product'],
      name: title,
      offers: { priceCurrency: site.currency },
    });
  });
}

test.describe('before JavaScript runs', () => {
  test.use({ javaScriptEnabled: false });

  test('a package page holds its title, price, itinerary and JSON-LD in the HTML, on both sites', async ({
    page,
    request,
  }) => {
    const featured = await (
      await request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { Country: 'IN' } })
    ).json();
    const pkg = featured.data.packages[0] as { slug: string; title: string };
    for (const [prefix, money, currency] of [
      ['', AED, 'AED'],
      ['/in', INR, 'INR'],
    ] as const) {
      const res = await page.goto(`${prefix}/holidays/${pkg.slug}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pkg.title);
      expect(await page.locator('.package-price .price-amount').textContent()).toMatch(money);
      await expect(page.locator('.itinerary li').first()).toContainText('Day 1');
      const [ld] = await jsonLd(page);
      expect((ld!.offers as { priceCurrency: string }).priceCurrency).toBe(currency);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
        'href',
        new RegExp(`${prefix}/holidays/${pkg.slug}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        new RegExp(pkg.title.slice(0, 20)),
      );
    }
  });

  test('a filtered listing is rendered with its results, and the filter form works without JavaScript', async ({
    page,
  }) => {
    await page.goto('/in/holidays?typeId=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Honeymoon holidays' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '13 holidays' })).toBeVisible();
    for (const p of await page.locator('.package-card .price-amount').allTextContents()) expect(p).toMatch(INR);
    // Plain GET form: pick a destination and submit.
    await page.getByLabel('Destination').selectOption('7');
    await page.getByRole('button', { name: 'Show holidays' }).click();
    await expect(page).toHaveURL(/\/in\/holidays\?cityId=7&typeId=1/);
    await expect(page.getByRole('heading', { level: 1, name: 'Honeymoon holidays in Maldives' })).toBeVisible();
  });

  test('an unknown package answers 404', async ({ page }) => {
    const res = await page.goto('/holidays/no-such-holiday');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  });
});

test('search suggests as you type and opens a suggestion with the keyboard', async ({ page }) => {
  await gotoInteractive(page, '/in');
  const box = page.getByRole('combobox', { name: 'Where would you like to go?' });
  await box.fill('dub');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: /Dubai/ }).first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /opt-0$/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/in\/holidays\?cityId=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Holidays in Dubai' })).toBeVisible();
});

test('the carousel moves only when asked, with labelled buttons', async ({ page }) => {
  // The page's clock is the test's: a minute can pass at once.
  await page.clock.install();
  // The home page's call-back modal (after 10 s) would cover the carousel; it is not tested here.
  await page.addInitScript(() => sessionStorage.setItem('queryModalAutoShown', 'true'));
  await page.goto('/', { waitUntil: 'networkidle' });
  await interactive(page);
  const carousel = page.getByRole('region', { name: 'Offers' });
  const dots = carousel.getByRole('button', { name: /^Slide \d/ });
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  // A minute goes by untouched, every timer due in it firing (once, as after a sleeping laptop):
  // a carousel moving on a timer would have moved (and "Next" below would land on the third slide).
  await page.clock.fastForward(60_000);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  expect(await carousel.locator('.carousel-track').evaluate((el) => el.scrollLeft)).toBe(0);
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
});

/**
 * Clicks `button` and returns once the carousel's track has begun to scroll `towards` the slide
 * asked for (its first scroll event that way, which the carousel's own listener has seen too; one
 * left over from an earlier scroll does not count), and not arrived: the moment a second tap must
 * still count from the slide the first asked for.
 */
async function clickAndScrolling(button: Locator, track: Locator, towards: 'next' | 'previous') {
  const start = await track.evaluate((el, towards) => {
    const from = el.scrollLeft;
    const w = window as unknown as { scrolled?: Promise<number> };
    w.scrolled = new Promise((resolve) => {
      const onScroll = () => {
        if (towards === 'next' ? el.scrollLeft <= from : el.scrollLeft >= from) return;
        el.removeEventListener('scroll', onScroll);
        resolve(el.scrollLeft);
      };
      el.addEventListener('scroll', onScroll, { passive: true });
    });
    return from;
  }, towards);
  await button.click();
  const first = await track.evaluate(() => (window as unknown as { scrolled: Promise<number> }).scrolled);
  // Under way, not a whole slide yet.
  expect(Math.abs(first - start)).toBeLessThan(await track.evaluate((el) => el.clientWidth));
}

test('a second tap while the carousel is still scrolling counts from the slide asked for', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const carousel = page.getByRole('region', { name: 'Offers' });
  const dots = carousel.getByRole('button', { name: /^Slide \d/ });
  const next = carousel.getByRole('button', { name: 'Next slide' });
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  const track = carousel.locator('.carousel-track');
  // The smooth scroll to slide 2 is still on its way (its scroll events pass slide 1's position).
  await clickAndScrolling(next, track, 'next');
  await next.click();
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  // Once the scroll has stopped, the track shows slide 3 and the dot still says so.
  await expect
    .poll(() => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth)), { timeout: 5000 })
    .toBe(2);
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  await clickAndScrolling(carousel.getByRole('button', { name: 'Previous slide' }), track, 'previous');
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 5000 }).toBe(0);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
});

test('load more adds the next page and keeps it in the URL', async ({ page }) => {
  await gotoInteractive(page, '/holidays?typeId=1');
  await expect(page.locator('.package-card')).toHaveCount(12);
  await expect(page.getByText('Showing 12 of 13')).toBeVisible();
  await page.getByRole('link', { name: 'Load more' }).click();
  await expect(page).toHaveURL(/typeId=1&page=2/);
  await expect(page.locator('.package-card')).toHaveCount(13);
  await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
});

test('a failed search says so and retries', async ({ page }) => {
  await gotoInteractive(page, '/holidays');
  await page.route('**/api/Common/Holiday/GetPackagesByTypeCityAndInterest', (route) => route.abort());
  await page.getByRole('region', { name: 'Choose a destination' }).getByRole('link', { name: /^Goa/ }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to fetch packages');
  await page.unroute('**/api/Common/Holiday/GetPackagesByTypeCityAndInterest');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: '4 holidays' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an empty filter set shows a way out', async ({ page }) => {
  await gotoInteractive(page, '/holidays?cityId=1&interests=10');
  await expect(page.getByRole('heading', { name: '0 holidays' })).toBeVisible();
  await expect(page.getByText('No holidays match these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear interests' }).click();
  await expect(page).toHaveURL(/\/holidays\?cityId=1$/);
  await expect(page.getByRole('heading', { name: '4 holidays' })).toBeVisible();
});

test('Download itinerary gives the traveller a PDF', async ({ page }) => {
  await page.goto('/in/holidays/dubai-family-fun-5-nights', { waitUntil: 'networkidle' });
  const form = page.locator('form.itinerary-form');
  await form.getByLabel('Full name').fill('Asha Rao');
  await form.getByLabel('Email').fill('asha@example.com');
  await form.getByRole('button', { name: 'Download itinerary' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid phone number.');
  await form.getByLabel(/Phone/).fill('+91 98765 43210');
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download itinerary' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('dubai-family-fun-5-nights-itinerary.pdf');
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(form.getByRole('status')).toHaveText('Your itinerary is downloading.');
});

test('share falls back to copying the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/holidays/dubai-family-fun-5-nights', { waitUntil: 'networkidle' });
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/holidays\/dubai-family-fun-5-nights$/);
});

test('sections whose code loads after the page hydrate without an error and work at once', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // The home page's deal tiles, reviews and blog teasers; the listing's text; a package's lower half.
  for (const path of ['/', '/holidays?cityId=7']) await gotoInteractive(page, path);
  await gotoInteractive(page, '/holidays/maldives-overwater-honeymoon-4-nights');
  expect(await jsonLd(page)).toContainEqual(expect.objectContaining({ '@type': expect.arrayContaining(['Product']) }));
  // Interactive means the lower half too: its form answers in the page, not by posting it away.
  const form = page.locator('form.itinerary-form');
  await form.getByRole('button', { name: 'Download itinerary' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect(page.url()).toMatch(/\/holidays\/maldives-overwater-honeymoon-4-nights$/);
  // A related holiday opens in the app (a client-side navigation, its heading focused).
  const related = page.getByRole('region', { name: 'You may also like' }).getByRole('link').first();
  const href = await related.getAttribute('href');
  await related.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(errors).toEqual([]);
});

test('coupons: categories, copy code, detail with terms and the statement', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/in/coupons', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  const first = page.locator('.coupon-card').first();
  const code = (await first.locator('.coupon-code').textContent())!;
  await first.getByRole('button', { name: `Copy code ${code}` }).click();
  await expect(first.getByRole('status')).toHaveText(`Code ${code} copied.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(page.locator('.coupon-statement h2')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Coupon categories' })
    .getByRole('link', { name: /^Bank Offers/ })
    .click();
  await expect(page).toHaveURL(/\/in\/coupons\?category=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank Offers coupons' })).toBeVisible();
  await page
    .locator('.coupon-card')
    .first()
    .getByRole('link', { name: /Details and terms/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
  await expect(page.locator('.coupon-discount')).toContainText('₹');
});

test('deals and blog pages render with their data', async ({ page }) => {
  await gotoInteractive(page, '/deals');
  await page
    .getByRole('link', { name: /^Winter Wonderland/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Winter Wonderland' })).toBeVisible();
  await expect(page.locator('.deal-card').first()).toBeVisible();
  await page.getByRole('link', { name: /^Snow Holidays/ }).click();
  await expect(page).toHaveURL(/\/deals\/winter-wonderland\?sub=snow-holidays$/);

  await gotoInteractive(page, '/blog');
  await page.locator('.blog-teaser').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.locator('.blog-body p').first()).toBeVisible();
  expect((await page.goto('/blog/no-such-post'))?.status()).toBe(404);
});

withServiceWorker(() => {
  test('a package seen in the app renders offline later, from the data kept on the device', async ({
    page,
    context,
  }) => {
    await openControlled(page, '/');
    // Opened inside the app (no page load of its own), so only its data can bring it back offline.
    await page.getByRole('link', { name: 'See all' }).click();
    await page
      .getByRole('region', { name: 'Choose a destination' })
      .getByRole('link', { name: /^Dubai/ })
      .click();
    await expect(page).toHaveURL(/cityId=\d+/);
    const card = page.locator('.package-card').first();
    // The Dubai list is on screen (not the one before the filter).
    await expect(card).toContainText('Dubai');
    const title = (await card.locator('.card-title').textContent())!;
    const href = (await card.getByRole('link').getAttribute('href'))!;
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await contentKept(page, href.split('/').pop()!);

    await context.setOffline(true);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.package-price .price-amount')).toHaveText(AED);
    await expect(page.getByRole('heading', { name: 'Day by day' })).toBeVisible();
    await context.setOffline(false);
  });
});
