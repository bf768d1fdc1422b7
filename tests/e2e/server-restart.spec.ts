import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { addToCart, cartCodeFetchedAhead, cartLink } from './cart-helpers.ts';

// The server is killed (SIGKILL, no goodbye) while changes are on their way and started again on
// the same data: the traveller's changes still land, once each.
const port = Number(process.env.E2E_PORT ?? 4173) + 100;
const origin = `http://localhost:${port}`;
const dataDir = `data/e2e-restart-${port}`;
let server: ChildProcess | null = null;

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

async function killServer() {
  const s = server;
  if (!s) return;
  const exited = new Promise((r) => s.once('exit', r));
  s.kill('SIGKILL');
  await exited;
  server = null;
}

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await startServer();
});
test.afterAll(async () => {
  await killServer();
  rmSync(dataDir, { recursive: true, force: true });
});

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
  await killServer();
  await page.waitForTimeout(1000);
  await startServer();

  const cart = async () => {
    const res = await fetch(`${origin}/api/Common/GetCart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tempUserId: guest }) });
    return ((await res.json()).data as { data: { adults: number }[] }[]).flatMap((g) => g.data);
  };
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await cart()).length, { timeout: 60_000, intervals: [500] }).toBe(4);
  expect((await cart()).map((l) => l.adults).sort()).toEqual([1, 2, 3, 4]);
});
