import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signedInStaff } from './staff-helpers.ts';
import { mailsTo } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';

/*
 * A phone booking at the desk with a payment link (issue 31, docs/decisions/0095): an agent on a
 * phone (390 px) makes the booking for a caller who has no account, reads the server's price before
 * confirming and sends the link; the traveller opens it on their own phone without signing in and
 * pays on Stripe's page (the local stand-in); the desk shows the booking paid.
 */

/**
 * An agent added as `npm run staff` adds one (staffSetupLink), set up and signed in through the API in
 * `request`'s context (tests/e2e/staff-helpers.ts).
 */
const signedInAgent = async (request: APIRequestContext) => (await signedInStaff(request, 'agent')).email;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('an agent at 390 px books a caller’s holiday with a payment link, and the traveller pays it on their phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `caller-${Date.now()}@example.com`;
  await signedInAgent(page.request);

  // The desk on the agent's phone: from the bookings list to New booking.
  await page.goto('/admin/bookings');
  await page.getByRole('link', { name: 'New booking' }).first().click();
  await expect(page).toHaveURL(/\/admin\/bookings\/new$/);
  const form = page.getByRole('form', { name: 'New booking' });
  await form.getByLabel('Site').selectOption('UAE');
  const holiday = form.getByLabel('Holiday');
  await expect(holiday.locator('option', { hasText: 'Abu Dhabi Culture Trail' })).toHaveCount(1);
  const value = await holiday.locator('option', { hasText: 'Abu Dhabi Culture Trail' }).getAttribute('value');
  await holiday.selectOption(value!);
  // A date from the package's departures (or any date when none are scheduled), far enough for pay later.
  const date = form.getByLabel('Travel date');
  await expect(date).toBeVisible();
  if ((await date.evaluate((el) => el.tagName)) === 'SELECT') {
    const options = await date
      .locator('option:not([disabled])')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const later = options.find((d) => d >= inDays(20)) ?? options[options.length - 1]!;
    await date.selectOption(later);
  } else {
    await date.fill(inDays(30));
  }
  await form.getByLabel('Adults').fill('2');

  // The caller has no account: the search says so, and their details are entered.
  await form.getByLabel('Find by email or phone').fill(email);
  await form.getByRole('button', { name: 'Find' }).click();
  await expect(form.getByRole('status').first()).toContainText('No account with this email or phone yet');
  await form.getByLabel('Title').selectOption('Mr');
  await form.getByLabel('First name').first().fill('Karim');
  await form.getByLabel('Last name').first().fill('Aziz');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await form.getByLabel('Phone (with country code)').fill(`+97150${String(Date.now()).slice(-7)}`);
  await form.getByLabel('Date of birth').first().fill('1984-03-09');
  await form.getByLabel(/Send a payment link/).check();

  // The server's price before anything is booked.
  await form.getByRole('button', { name: 'Show the price' }).click();
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByTestId('new-booking-total')).toHaveText(/^AED [\d,]+(\.\d{2})?$/);
  const total = (await price.getByTestId('new-booking-total').textContent())!;
  await expect(price).toContainText('one is made with the booking');
  // Nothing sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await price.getByRole('button', { name: `Book and send the payment link (${total})` }).click();
  const made = page.getByRole('region', { name: /^Booking WL-/ });
  await expect(made).toBeVisible();
  const ref = ((await made.getByRole('heading').textContent()) ?? '').match(/WL-[A-Z0-9]{5}-[A-Z0-9]{5}/)![0];
  const url = (await made.getByTestId('payment-url').textContent())!.trim();
  expect(url).toMatch(/\/checkout\/link\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{32}$/);
  await expect
    .poll(
      async () => (await mailsTo(page.request, email)).some((m) => m.subject === `Pay for booking ${ref}: ${total}`),
      { timeout: 15_000 },
    )
    .toBe(true);

  // The traveller's own phone: not signed in, the link from the mail.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const traveller = await phone.newPage();
  await gotoInteractive(traveller, new URL(url).pathname);
  await expect(traveller.getByRole('heading', { name: 'Pay for your booking' })).toBeVisible();
  await expect(traveller.getByText(ref)).toBeVisible();
  await expectNoAxeViolations(traveller);
  await traveller.getByRole('button', { name: `Pay ${total} now` }).click();
  // Stripe's hosted page (the stand-in), then back to the link's page.
  await expect(traveller.getByRole('heading', { name: /^Pay AED/ })).toBeVisible();
  await traveller.getByRole('button', { name: 'Pay' }).click();
  await expect(traveller).toHaveURL(/\/checkout\/link\/.+\?session_id=/);
  await expect(traveller.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(traveller.getByText(`Thank you: booking ${ref} is paid.`, { exact: false })).toBeVisible();
  await phone.close();

  // The desk shows it paid.
  await page.goto(`/admin/bookings/${ref}`);
  await expect(page.getByText(/paid/i).first()).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/bookings/${ref}`)).json()).data.PaymentStatus, {
      timeout: 15_000,
    })
    .toBe('paid');
});
