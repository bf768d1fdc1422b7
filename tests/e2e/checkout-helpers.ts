import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { codeFromMail } from './account-helpers.ts';
import { e2eMailPorts } from './mail-ports.ts';
import { gotoInteractive } from './page-helpers.ts';

export const PASSWORD = 'sunny beaches 42';

/** Mails sent to `to` (subjects and raw text), for confirmation checks. */
export async function mailsTo(request: APIRequestContext, to: string) {
  const mails = (await (await request.get(`http://127.0.0.1:${e2eMailPorts().reader}/`)).json()) as {
    to: string[];
    subject: string;
    raw: string;
  }[];
  return mails.filter((m) => m.to.includes(to));
}

/** An account made through the API (the sign-up screens have their own test). */
export async function createAccount(request: APIRequestContext, email: string) {
  // As the app asks it: with the Country header (a code is sent only when asked from our pages).
  const sent = await request.get(`/api/Common/ValidateSignUp?EmailIdOrPhone=${encodeURIComponent(email)}`, {
    headers: { country: 'UAE' },
  });
  expect(sent.status()).toBe(200);
  const code = await codeFromMail(request, email);
  const verified = await (
    await request.get(`/api/Common/ValidateOTP?OTP=${code}&EmailIdOrPhone=${encodeURIComponent(email)}`)
  ).json();
  const saved = await request.post('/api/Common/SavePassword', {
    data: { Token: verified.data.token, Password: PASSWORD, ConfirmPassword: PASSWORD },
  });
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

/**
 * A guest sent to sign in at checkout creates an account there and comes back to checkout signed in, without logging in
 * again.
 */
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
  await expect(page.getByRole('status').filter({ hasText: 'Code accepted' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed in at once and back at checkout: no log-in page on the way.
  await expect(page).toHaveURL(new RegExp(`${checkout}$`));
}

export { codeFromMail };

interface LeadTraveller {
  Title: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  DOB: string;
}
const KABIR: LeadTraveller = {
  Title: 'Mr',
  FirstName: 'Kabir',
  LastName: 'Mehta',
  Email: 'kabir.mehta@example.com',
  Phone: '+971501234567',
  DOB: '1985-02-03',
};

/**
 * A booking made through the API with the traveller's own sign-in: to pay later, or paid by card on
 * the Stripe stand-in's page (which also sends Stripe's webhook to the shop).
 */
export async function bookTrip(
  request: APIRequestContext,
  context: BrowserContext,
  {
    how = 'paid',
    lead = KABIR,
    daysAhead = 90,
  }: { how?: 'pay-later' | 'paid'; lead?: LeadTraveller; daysAhead?: number } = {},
): Promise<string> {
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'NHauth_token')!.value);
  const auth = { authorization: `Bearer ${token}` };
  const travelDate = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const detail = await (await request.get('/api/Common/Holiday/GetPackageDetail?slug=goa-beach-break-3-nights')).json();
  expect(
    (
      await request.post('/api/Common/CreateCart', {
        headers: auth,
        data: { packageId: detail.data.id, travelDate, adults: 1, rooms: 1 },
      })
    ).status(),
  ).toBe(200);
  const hold = await (await request.post('/api/Common/CreateTempBooking', { headers: auth, data: {} })).json();
  const booked = await request.post('/api/Common/CreateBooking', {
    headers: auth,
    data: {
      TempBookingId: hold.data.TempBookingId,
      PaymentMethod: how === 'paid' ? 'stripe' : 'pay-later',
      LeadTraveller: lead,
      Travellers: [],
    },
  });
  const body = await booked.json();
  expect(body.status, body.message).toBe('Success');
  if (how === 'paid') {
    // Stripe's page took the card: back to the shop (not followed), the webhook already sent.
    const paid = await request.post(body.data.Next.url as string, { maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await expect
      .poll(
        async () =>
          (
            await (
              await request.get(`/api/Common/BookingDetailById?RefIdKey=${body.data.RefIdKey}`, { headers: auth })
            ).json()
          ).data.PaymentStatus,
      )
      .toBe('paid');
  }
  return body.data.RefIdKey as string;
}
