import { expect, test } from '@playwright/test';
import { addToCart, cartCodeFetchedAhead, cartLink, pendingChanges } from './cart-helpers.ts';
import { ownServer } from './own-server.ts';

// The service worker is allowed here (playwright.config.ts blocks it by default): the test goes offline.
test.use({ serviceWorkers: 'allow' });

// The server is killed (SIGKILL, no goodbye) while changes are on their way and started again on
// the same data: the traveller's changes still land, once each.
const port = Number(process.env.E2E_PORT ?? 4173) + 100;
const server = ownServer(port, `data/e2e-restart-${port}`);
const origin = server.origin;

test('the server killed and restarted mid-sync: nothing lost, nothing doubled', async ({ page, context }) => {
  test.setTimeout(120_000);
  const featured = await (await fetch(`${origin}/api/Common/Holiday/GetFeaturedPackages?limit=1`)).json();
  const slug = featured.data.packages[0].slug;
  await page.goto(`${origin}/holidays/${slug}`);
  await expect.poll(async () => (await context.cookies(origin)).find((c) => c.name === 'guest_id')?.value).toBeTruthy();
  const guest = (await context.cookies(origin)).find((c) => c.name === 'guest_id')!.value;
  // A first visit: the worker does not control the page yet, so the cart's code must be in the
  // HTTP cache before the network goes.
  await cartCodeFetchedAhead(page);

  await context.setOffline(true);
  for (const adults of [1, 2, 3, 4]) await addToCart(page, adults);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
  // Kill the server as soon as the first change reaches it.
  const firstCreate = page.waitForRequest((r) => r.url().includes('/api/Common/CreateCart'));
  await context.setOffline(false);
  await firstCreate;
  let failed = 0;
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(`${origin}/api/`)) failed++;
  });
  await server.stop('SIGKILL');
  // The page has met the dead server (a change on the way, or the next try, failed), unless every
  // change had already landed.
  await expect.poll(async () => failed > 0 || (await pendingChanges(page)) === 0, { timeout: 15_000 }).toBe(true);
  await server.start();

  const cart = async () => {
    const res = await fetch(`${origin}/api/Common/GetCart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tempUserId: guest }),
    });
    return ((await res.json()).data as { data: { adults: number }[] }[]).flatMap((g) => g.data);
  };
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await cart()).length, { timeout: 60_000, intervals: [500] }).toBe(4);
  expect((await cart()).map((l) => l.adults).sort()).toEqual([1, 2, 3, 4]);
});
