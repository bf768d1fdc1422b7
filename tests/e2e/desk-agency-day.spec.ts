import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { addDays, siteDay } from '../../contract/calendar.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { deskMenu, signedInStaff } from './staff-helpers.ts';

/*
 * An agency's day on phones (390 px), as one story through the desk's pages (issue 31's "Done
 * when"; the pieces are decisions 0095 to 0098, 0101 and 0104): an agent books a caller's holiday
 * and sends a payment link, which the traveller pays on their own phone through Stripe's stand-in;
 * the agent moves the trip a week and adds a traveller, reading the server's difference first;
 * accounts records the bank transfer for that difference; the agent confirms the hotel with its
 * number, which the traveller's voucher then shows; the agent answers the traveller's enquiry and
 * quotes it, and the traveller books from the quote's link; the owner opens the month's register
 * and downloads its CSV, which holds the day's invoices. Staff work through the desk (its menu is a
 * sheet on a phone); only the set-up (staff sign-in, the traveller's account and enquiry) uses the API.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PACKAGE = { slug: 'abu-dhabi-culture-trail-3-nights', title: 'Abu Dhabi Culture Trail' };

/** A staff member of `role` signed in in a phone-sized browser of their own. */
async function staffPhone(browser: Browser, role: 'owner' | 'agent' | 'accounts') {
  const context = await browser.newContext(PHONE);
  await signedInStaff(context.request, role);
  return { context, page: await context.newPage() };
}

/** Follows a link of the desk's menu (a sheet behind the Menu button at 390 px). */
async function fromMenu(page: Page, name: string) {
  await (await deskMenu(page)).getByRole('link', { name, exact: true }).click();
}

/** Opens a booking from the bookings list, found by its reference. */
async function openBooking(page: Page, ref: string) {
  await fromMenu(page, 'Bookings');
  await page.getByLabel('Search bookings').fill(ref);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('region', { name: 'Bookings found' }).getByRole('link', { name: ref }).click();
  await expect(page.getByRole('heading', { name: `Booking ${ref}`, level: 1 })).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A date from a travel-date field: a departure on or after `from` when it lists them, else `from` itself. */
async function chooseDate(field: Locator, from: string) {
  if ((await field.evaluate((el) => el.tagName)) !== 'SELECT') {
    await field.fill(from);
    return from;
  }
  const options = await field
    .locator('option:not([disabled])')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const day = options.find((d) => d >= from) ?? options[options.length - 1]!;
  await field.selectOption(day);
  return day;
}

test('an agency’s day at 390 px: a phone booking paid by link, a change and its difference, a hotel’s number on the voucher, an enquiry quoted and booked, the month’s register', async ({
  browser,
}) => {
  test.setTimeout(170_000);
  const uaeToday = siteDay(Date.now(), 'UAE');

  // Set-up, all at once: the traveller's account and their enquiry about the holiday (through the
  // shop's calls), the traveller signed in, and three staff members, each on a phone of their own.
  const shop = await browser.newContext(PHONE);
  const traveller = await shop.newPage();
  const email = `agency-day-${Date.now()}@example.com`;
  const enquire = async () => {
    await createAccount(shop.request, email);
    const detail = (
      await (
        await shop.request.get(`/api/Common/Holiday/GetPackageDetail?slug=${PACKAGE.slug}`, {
          headers: { country: 'UAE' },
        })
      ).json()
    ).data as { id: number; title: string };
    const asked = await shop.request.post('/api/Common/SubmitEnquiryForm', {
      headers: { country: 'UAE' },
      data: {
        PackageId: detail.id,
        PackageSlug: PACKAGE.slug,
        PackageTitle: detail.title,
        FullName: 'Karim Aziz',
        Email: email,
        PhoneNumber: '+971501234777',
        Adults: 2,
        Message: 'Could you price the same trip for my parents in the spring?',
      },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    // Signed in on their phone, to pay, see their voucher and book.
    await logIn(traveller, email);
    return detail;
  };
  const [pkg, agent, accounts, owner] = await Promise.all([
    enquire(),
    staffPhone(browser, 'agent'),
    staffPhone(browser, 'accounts'),
    staffPhone(browser, 'owner'),
  ]);

  // 1. The agent books the caller's holiday at the desk and sends a payment link.
  const a = agent.page;
  await gotoInteractive(a, '/admin');
  await fromMenu(a, 'New booking');
  const form = a.getByRole('form', { name: 'New booking' });
  await form.getByLabel('Site').selectOption('UAE');
  const holiday = form.getByLabel('Holiday');
  await expect(holiday.locator('option', { hasText: PACKAGE.title })).toHaveCount(1);
  await holiday.selectOption(String(pkg.id));
  const travelDate = await chooseDate(form.getByLabel('Travel date'), addDays(uaeToday, 30));
  await form.getByLabel('Adults').fill('2');
  await form.getByLabel('Find by email or phone').fill(email);
  await form.getByRole('button', { name: 'Find' }).click();
  await expect(form.getByRole('status').first()).not.toBeEmpty();
  await expect(form.getByRole('status').first()).not.toContainText('No account');
  await form.getByLabel('Title').selectOption('Mr');
  await form.getByLabel('First name').first().fill('Karim');
  await form.getByLabel('Last name').first().fill('Aziz');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await form.getByLabel('Phone (with country code)').fill('+971501234777');
  await form.getByLabel('Date of birth').first().fill('1984-03-09');
  const second = form.getByRole('group', { name: /Traveller 2/ });
  await second.getByLabel(/First name/).fill('Huda');
  await second.getByLabel(/Last name/).fill('Aziz');
  await form.getByLabel(/Send a payment link/).check();
  await form.getByRole('button', { name: 'Show the price' }).click();
  const price = a.getByRole('region', { name: 'Price' });
  await expect(price).toContainText(`Booked in the account of`);
  const total = (await price.getByTestId('new-booking-total').textContent())!;
  expect(total).toMatch(/^AED [\d,]+(\.\d{2})?$/);
  await expectNoSidewaysScroll(a);
  await price.getByRole('button', { name: `Book and send the payment link (${total})` }).click();
  const made = a.getByRole('region', { name: /^Booking WL-/ });
  const ref = ((await made.getByRole('heading').textContent()) ?? '').match(/WL-[A-Z0-9]{5}-[A-Z0-9]{5}/)![0];
  const payLink = (await made.getByTestId('payment-url').textContent())!.trim();

  // The traveller, on their own phone, pays the link on Stripe's page (the stand-in).
  await gotoInteractive(traveller, new URL(payLink).pathname);
  await expect(traveller.getByText(ref)).toBeVisible();
  await traveller.getByRole('button', { name: `Pay ${total} now` }).click();
  await expect(traveller.getByRole('heading', { name: /^Pay AED/ })).toBeVisible();
  await traveller.getByRole('button', { name: 'Pay' }).click();
  await expect(traveller.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });

  // 2. The agent moves the trip a week later and adds the traveller's mother: the difference first.
  await openBooking(a, ref);
  const summary = a.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  const amend = a.getByRole('region', { name: 'Amend' });
  const newDate = await chooseDate(amend.getByLabel(/^New travel date/), addDays(travelDate, 7));
  expect(newDate > travelDate).toBe(true);
  await amend.getByLabel('Adults').fill('3');
  await amend.getByRole('button', { name: 'Add a traveller' }).click();
  const joining = amend.getByRole('group', { name: 'Traveller joining 1' });
  await joining.getByLabel('First name').fill('Samira');
  await joining.getByLabel('Last name').fill('Aziz');
  await amend.getByRole('button', { name: 'Show the difference' }).click();
  const difference = amend.getByTestId('amend-difference');
  await expect(difference).toHaveText(/^\+AED [\d,]+(\.\d{2})?$/);
  const owed = (await difference.textContent())!.slice(1);
  await expect(amend.getByTestId('amend-preview')).toContainText(`The traveller owes ${owed} more`);
  await expectNoSidewaysScroll(a);
  await amend.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(amend.getByRole('status')).toContainText('Booking amended');

  // 3. Accounts sees the difference due and records the traveller's bank transfer for it.
  const c = accounts.page;
  await gotoInteractive(c, '/admin');
  await openBooking(c, ref);
  const pay = c.getByRole('region', { name: 'Record a payment' });
  await expect(pay.getByTestId('balance-due')).toHaveText(owed);
  await pay.getByLabel(/^Amount received/).fill(owed.replace(/[^\d.]/g, ''));
  await pay.getByLabel('Method').selectOption('bank-transfer');
  await pay.getByLabel('Reference').fill(`FT-${ref}`);
  await expect(pay.getByLabel('Date received')).toHaveValue(uaeToday);
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByRole('status')).toContainText('paid in full');
  await expect(pay.getByTestId('balance-due')).toHaveText(/^AED 0(\.00)?$/);
  await expectNoSidewaysScroll(c);

  // 4. The hotel confirms: the agent saves its number, and the traveller's voucher shows it.
  await a.reload();
  const suppliers = a.getByRole('region', { name: 'Supplier confirmations' });
  const stay = suppliers.getByRole('form', { name: /^Supplier confirmation: .*stay/ }).first();
  await stay.getByLabel('Status').selectOption('confirmed');
  await stay.getByLabel('Confirmation number').fill(`HTL-${ref.slice(-5)}`);
  await stay.getByRole('button', { name: 'Save' }).click();
  await expect(suppliers.getByRole('status')).toContainText(`confirmed, number HTL-${ref.slice(-5)}`);
  await gotoInteractive(traveller, `/trips/${ref}/voucher`);
  await expect(traveller.getByText(`HTL-${ref.slice(-5)}`)).toBeVisible();
  await expectNoSidewaysScroll(traveller);

  // 5. The enquiry: answered, quoted, and booked by the traveller from the quote's link.
  await fromMenu(a, 'Enquiries');
  await a.getByLabel('Search enquiries').fill(email);
  await a.getByRole('button', { name: 'Filter' }).click();
  await a.getByRole('region', { name: 'Enquiries found' }).getByRole('link', { name: 'Karim Aziz' }).click();
  const reply = a.getByRole('form', { name: 'Reply by email' });
  await reply.getByLabel('Subject').fill(`${pkg.title}: for your parents`);
  await reply
    .getByLabel('Message')
    .fill('Spring is a lovely time for it. A quote for two follows in a moment; it holds for two weeks.');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(a.getByRole('region', { name: 'Reply to the traveller' }).getByRole('status')).toHaveText(
    `Reply queued to ${email}.`,
    { timeout: 20_000 },
  );
  await expect(a.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
  const quote = a.getByRole('form', { name: 'Make a quote' });
  await quote.getByLabel('Holiday').selectOption(String(pkg.id), { timeout: 20_000 });
  await quote.getByLabel('Travel date').fill(addDays(uaeToday, 60));
  await quote.getByLabel('Adults').fill('2');
  await quote.getByRole('button', { name: 'Price and send the quote' }).click();
  await expect(a.getByRole('region', { name: 'Make a quote' }).getByRole('status')).toHaveText(
    `Quote made and mailed to ${email}.`,
    { timeout: 20_000 },
  );
  const quoteLink = (await a.getByRole('link', { name: 'The traveller’s link' }).getAttribute('href'))!;
  await expectNoSidewaysScroll(a);

  await gotoInteractive(traveller, new URL(quoteLink).pathname);
  await expect(traveller.getByRole('heading', { name: 'Your holiday quote' })).toBeVisible();
  await expect(traveller.getByRole('button', { name: 'Book this' })).toBeEnabled({ timeout: 20_000 });
  await traveller.getByRole('button', { name: 'Book this' }).click();
  await expect(traveller).toHaveURL(/\/cart$/);
  await traveller.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(traveller, { first: 'Karim', last: 'Aziz', phone: '501234777' });
  await traveller.getByRole('button', { name: 'Continue to review' }).click();
  await expect(traveller).toHaveURL(/step=review/);
  await traveller.getByRole('button', { name: 'Continue to payment' }).click();
  await traveller.getByLabel(/Book now, pay later/).check();
  await traveller.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(traveller).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  const quoted = (await traveller.locator('.trip-ref-big').textContent())!.trim();
  await shop.close();

  // The enquiry shows the booking made from its quote.
  await expect(async () => {
    await a.reload();
    await expect(a.getByRole('link', { name: `Booked: ${quoted}` })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // 6. The owner opens the month's UAE register and downloads its CSV: the day's invoices are in it.
  const o = owner.page;
  const month = uaeToday.slice(0, 7);
  await gotoInteractive(o, '/admin');
  await fromMenu(o, 'Documents');
  const which = o.getByRole('form', { name: 'Which documents' });
  await which.getByLabel('Site').selectOption('UAE');
  await which.getByLabel('Month').fill(month);
  await which.getByRole('button', { name: 'Show' }).click();
  const issued = o.getByRole('region', { name: 'Documents issued' });
  const invoices = issued.getByRole('row').filter({ hasText: ref }).filter({ hasText: 'Tax invoice' });
  await expect(invoices.first()).toBeVisible();
  const numbers = (await invoices.getByRole('link', { name: /^Open Tax invoice / }).allTextContents()).map((n) =>
    n.trim(),
  );
  expect(numbers.length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(o);
  const [download] = await Promise.all([
    o.waitForEvent('download'),
    o.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  for (const number of numbers) expect(csv).toContain(number);

  await agent.context.close();
  await accounts.context.close();
  await owner.context.close();
});
