import { expect, test, type Page } from '@playwright/test';
import { createAccount, PASSWORD } from './checkout-helpers.ts';

/*
 * Forms tapped before the app has loaded (decision 0102): the page's scripts are held back, so the
 * form is plain HTML at work, as on a slow phone before hydration. It posts (never GET: nothing
 * typed lands in the address bar or the history); log in signs the traveller in without the app;
 * any other form comes back to its page saying nothing was sent and to try again.
 */

/** Holds back every script of the shop, as a phone that has not loaded them yet. */
async function withoutScripts(page: Page) {
  await page.route(/\.(js|mjs)(\?|$)/, (route) => route.abort());
}

test('log in before the app loads: signed in by the server, the password never in an address', async ({
  page,
  context,
  request,
}) => {
  const email = `before-hydration-${Date.now()}@example.com`;
  await createAccount(request, email);
  const password = PASSWORD;

  await withoutScripts(page);
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && addresses.push(frame.url()));
  await page.goto('/login?callbackUrl=%2Fcontact');
  await expect(page.locator('html')).not.toHaveAttribute('data-interactive', '');
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'NHauth_token')?.value).toBeTruthy();
  expect(cookies.find((c) => c.name === 'user_email')?.value).toBe(encodeURIComponent(email));
  for (const address of addresses) {
    expect(address).not.toContain(encodeURIComponent(password));
    expect(address).not.toContain('password=');
  }

  // With the app loaded, the page knows the traveller is signed in.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Log in');
});

test('a wrong password before the app loads comes back to log in, saying so', async ({ page }) => {
  await withoutScripts(page);
  await page.goto('/in/login');
  await page.getByLabel('Email or mobile number').fill('nobody.here@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/in\/login\?error=CredentialsSignin/);
  expect(page.url()).not.toContain('not');
  await expect(page.getByRole('alert')).toHaveText('Invalid email/mobile or password.');
});

for (const { path, fill, button } of [
  { path: '/signup', fill: 'Email or mobile number', button: 'Send code' },
  { path: '/contact', fill: 'First name', button: 'Send message' },
  { path: '/in/forgot-password', fill: 'Email or mobile number', button: 'Send code' },
]) {
  test(`${path} before the app loads: posted, back on the page that says nothing was sent and to try again`, async ({
    page,
  }) => {
    await withoutScripts(page);
    await page.goto(path);
    await page.getByLabel(fill).first().fill('someone.typing@example.com');
    await page.getByRole('button', { name: button }).first().click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}\\?formNotSent=1$`));
    await expect(page.getByRole('status').filter({ hasText: 'nothing was sent' })).toHaveText(
      'The page had not finished loading, so nothing was sent. It is ready now: please try again.',
    );
    expect(page.url()).not.toContain('someone.typing');
  });
}
