import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eMailPorts } from './mail-ports.ts';
import { gotoInteractive } from './page-helpers.ts';

/** The code from the latest mail to `to`, as the local SMTP server of the global setup caught it. */
export async function codeFromMail(from: Page | APIRequestContext, to: string): Promise<string> {
  const request = 'request' in from ? from.request : from;
  const url = `http://127.0.0.1:${e2eMailPorts().reader}/`;
  let subject = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(url)).json()) as { to: string[]; subject: string; from: string }[];
        subject = mails.filter((m) => m.to.includes(to)).at(-1)?.subject ?? '';
        return subject;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6} is your sign-up code$/);
  return subject.slice(0, 6);
}

/** A new account through the real sign-up (the code read from its mail), then logged in: the page ends on /account. */
export async function signUpAndLogIn(page: Page, email: string, password: string) {
  await gotoInteractive(page, '/signup');
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await codeFromMail(page, email));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}
