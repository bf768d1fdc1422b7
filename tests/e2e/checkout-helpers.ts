import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeFromMail } from './account-helpers.ts';
import { e2eMailPorts } from './mail-ports.ts';
import { gotoInteractive } from './page-helpers.ts';

export const PASSWORD = 'sunny beaches 42';

/** Mails sent to `to` (subjects and raw text), for confirmation checks. */
export async function mailsTo(request: APIRequestContext, to: string) {
  const mails = (await (await request.get(`http://127.0.0.1:${e2eMailPorts().reader}/`)).json()) as { to: string[]; subject: string; raw: string }[];
  return mails.filter((m) => m.to.includes(to));
}

/** An account made through the API (the sign-up screens have their own test). */
export async function createAccount(request: APIRequestContext, email: string) {
  // As the app asks it: with the Country header (a code is sent only when asked from our pages).
  const sent = await request.get(`/api/Common/ValidateSignUp?EmailIdOrPhone=${encodeURIComponent(email)}`, { headers: { country: 'UAE' } });
  expect(sent.status()).toBe(200);
  const code = await codeFromMail(request, email);
  const verified = await (await request.get(`/api/Common/ValidateOTP?OTP=${code}&EmailIdOrPhone=${encodeURIComponent(email)}`)).json();
  const saved = await request.post('/api/Common/SavePassword', { data: { Token: verified.data.token, Password: PASSWORD, ConfirmPassword: PASSWORD } });
  expect(saved.status()).toBe(200);
}

/** Logs in through the login page (which sets the spec's cookies) and lands on `then`. */
export async function logIn(page: Page, email: string, prefix = '', then = `${prefix}/account`) {
  await gotoInteractive(page, `${prefix}/login?callbackUrl=${encodeURIComponent(then)}`);
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${then.replace(/[?]/g, '\\?')}$`));
}

/** Fills the travellers step for a party of two adults. */
export async function fillTravellers(page: Page, lead: { first: string; last: string; phone: string; email?: string }) {
  await page.getByLabel('Title').selectOption('Ms');
  await page.getByLabel('Date of birth').first().fill('1988-03-14');
  await page.getByLabel('First name').first().fill(lead.first);
  await page.getByLabel('Last name').first().fill(lead.last);
  if (lead.email) await page.getByLabel('Email').fill(lead.email);
  await page.getByLabel('Mobile number').fill(lead.phone);
  // India asks the state (the place of supply) and, on an invoice from ₹50,000 without a GSTIN, the address.
  const state = page.getByLabel('State', { exact: true });
  if (await state.count()) await state.selectOption({ label: 'Maharashtra' });
  await page.getByLabel(/^Address/).fill('12 Hill Road, Bandra West\nMumbai 400050');
  const second = page.getByRole('group', { name: /Traveller 2/ });
  await second.getByLabel('First name').fill('Dev');
  await second.getByLabel('Last name').fill(lead.last);
}

/** A guest sent to sign in at checkout creates an account there and comes back to checkout signed in. */
export async function signUpAtCheckout(page: Page, email: string, prefix = '') {
  const checkout = `${prefix}/checkout`;
  await expect(page).toHaveURL(new RegExp(`${checkout}$`));
  await expect(page.getByRole('heading', { name: 'Log in to book' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await codeFromMail(page.request, email));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?callbackUrl=${encodeURIComponent(checkout)}$`));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${checkout}$`));
}

export { codeFromMail };
