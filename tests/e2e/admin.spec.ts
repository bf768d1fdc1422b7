import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectNoAxeViolations } from './axe.ts';
import { DATA_DIR, deskMenu, nextCode, PORT, STAFF_PASSWORD, totp } from './staff-helpers.ts';

// The service worker is allowed here (playwright.config.ts blocks it by default): the test checks it never keeps
// back-office pages.
test.use({ serviceWorkers: 'allow' });

test('set-up link → authenticator enrolment → staff sign-in, while the shop runs on PGlite', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `owner-${Date.now()}@example.com`;
  // The running server holds the data folder: the command asks it over loopback. This is the test
  // of the command itself against the running shop, compiled as `npm run staff` runs it (dist/node is
  // built before the browser tests, tests/e2e/serve.mjs); the other browser tests ask the server as
  // it does (staff-helpers.ts staffSetupLink), without a process each.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['dist/node/scripts/staff.js', 'add', email, 'owner'],
    {
      env: { ...process.env, DATA_DIR, PORT, DATABASE_URL: '' },
    },
  );
  const link = stdout.match(/\S*\/admin\/setup\?token=\S+/)?.[0];
  expect(link, stdout).toBeTruthy();
  const setupPath = new URL(link!).pathname + new URL(link!).search;

  const res = await page.goto(setupPath);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await expectNoAxeViolations(page);

  await page.getByLabel(/^Password/).fill(STAFF_PASSWORD);
  await page.getByLabel('The same password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('The six-digit code the app shows now').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page);

  // The link worked once: opened again, it is refused and sets nothing.
  const reopened = await page.context().newPage();
  await reopened.goto(setupPath);
  await reopened.getByLabel(/^Password/).fill('an intruder password');
  await reopened.getByLabel('The same password again').fill('an intruder password');
  await reopened.getByRole('button', { name: 'Continue' }).click();
  await expect(reopened.getByRole('alert')).toHaveText(
    'This set-up link has already been used. Ask an owner for a new one.',
  );
  await expect(reopened.getByTestId('totp-secret')).toHaveCount(0);
  await reopened.close();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toHaveText(`Signed in as ${email}, owner.`);
  await expectNoAxeViolations(page);

  // The owner's pages, by keyboard-reachable links.
  await page.getByRole('link', { name: 'Staff', exact: true }).first().click();
  const agent = `agent-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(agent);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(/Invitation mailed|set-up link/);
  // Other browser tests add staff to the same server: this owner and the one invited are listed once each.
  const rows = page.getByRole('table', { name: 'Staff' }).getByRole('row');
  await expect(rows.filter({ hasText: agent })).toHaveCount(1);
  await expect(rows.filter({ hasText: email })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await (await deskMenu(page)).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'staff.invite' }).first()).toBeVisible();
  // This owner's own sign-in (other tests' staff sign in on the same server too).
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: email })
      .filter({ has: page.getByRole('cell', { name: 'staff.login' }) }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);

  await (await deskMenu(page)).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  expect((await page.request.get('/api/admin/me')).status()).toBe(401);

  // The shop's pages load none of the back office's code.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${baseURL}/`);
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  expect(requested.filter((p) => p.startsWith('/admin'))).toEqual([]);

  // The shop's service worker keeps shop pages, never back-office ones.
  // Installing means precaching the shell (about 140 files): as openControlled (cart-helpers.ts), wait for it, not a
  // click's 7 s.
  await expect
    .poll(
      () =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.ready) && navigator.serviceWorker.controller)),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.goto('/contact');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  const kept = () =>
    page.evaluate(async () => (await (await caches.open('pages-v2')).keys()).map((r) => new URL(r.url).pathname));
  await expect.poll(kept).toContain('/contact');
  expect((await kept()).filter((p) => p.startsWith('/admin'))).toEqual([]);
  // Nor does any of its caches (the precache included) hold a back-office file.
  const everything = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
    return paths;
  });
  expect(everything.some((p) => p.startsWith('/assets/'))).toBe(true);
  expect(everything.filter((p) => /^\/(admin|api\/admin)/.test(p))).toEqual([]);

  // The back office is not linked from the shop, and has no /in copy.
  for (const shopPage of ['/', '/in', '/contact']) {
    const html = await (await page.request.get(shopPage)).text();
    expect(html, shopPage).not.toMatch(/href="\/(in\/)?admin/);
  }
  expect((await page.request.get('/in/admin')).status()).toBe(404);
  expect((await page.request.get('/in/admin/login')).status()).toBe(404);
});
