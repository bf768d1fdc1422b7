import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { nextCode, setUpStaff, STAFF_PASSWORD } from './staff-helpers.ts';

/*
 * An enquiry answered and turned into a quote and a booking, at 390 px (docs/decisions/0101): an
 * agent replies with a saved template (the package filled in), makes a quote the server prices,
 * the traveller opens the quote's link on a phone and puts it in the cart, books that holiday, and
 * the enquiry shows the booking and is booked.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('at 390 px an agent replies to an enquiry with a template, quotes it, and the traveller’s booking from the quote shows on it', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const desk = await browser.newContext(phone);
  const page = await desk.newPage();

  // The traveller's account and their package enquiry, through the shop's calls.
  const email = `quote-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { country: 'UAE' } })
  ).json();
  const pkg = featured.data.packages[0] as { id: number; title: string; slug: string };
  const travelDate = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const sent = await page.request.post('/api/Common/SubmitEnquiryForm', {
    headers: { country: 'UAE' },
    data: {
      PackageId: pkg.id,
      PackageSlug: pkg.slug,
      PackageTitle: pkg.title,
      FullName: 'Noor Haddad',
      Email: email,
      PhoneNumber: '+971501234999',
      Adults: 2,
      Message: 'Two of us, please price it.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const enquiryId = (await sent.json()).data.EnquiryId as number;

  // An agent, added as `npm run staff` adds one (staffSetupLink), signs in on a phone.
  const agent = `quote-agent-${Date.now()}@example.com`;
  const { secret } = await setUpStaff(page.request, agent, 'agent');
  await page.goto('/admin/login');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(agent);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toContainText(agent);

  // The reply: a template fills the body with the package; the reply is listed and the enquiry contacted.
  await page.goto(`/admin/enquiries/${enquiryId}`);
  const reply = page.getByRole('form', { name: 'Reply by email' });
  await expect(reply).toBeVisible();
  await reply.getByLabel('Template').selectOption({ label: 'Need your dates' }, { timeout: 20_000 });
  await expect(reply.getByLabel('Message')).toHaveValue(new RegExp(pkg.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await reply.getByRole('button', { name: 'Send reply' }).press('Enter', { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Reply to the traveller' }).getByRole('status')).toHaveText(
    `Reply queued to ${email}.`,
    { timeout: 20_000 },
  );
  await expect(page.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Replies sent' })).toBeVisible();

  // The quote, priced by the server.
  const quote = page.getByRole('form', { name: 'Make a quote' });
  await quote.getByLabel('Holiday').selectOption(String(pkg.id), { timeout: 20_000 });
  await quote.getByLabel('Travel date').fill(travelDate);
  await quote.getByLabel('Adults').fill('2');
  await quote.getByRole('button', { name: 'Price and send the quote' }).press('Enter', { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Make a quote' }).getByRole('status')).toHaveText(
    `Quote made and mailed to ${email}.`,
    { timeout: 20_000 },
  );
  const link = page.getByRole('link', { name: 'The traveller’s link' });
  const href = (await link.getAttribute('href'))!;
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The traveller opens it on their phone and puts it in the cart.
  const shop = await browser.newContext(phone);
  const traveller = await shop.newPage();
  await traveller.goto(new URL(href).pathname);
  await expect(traveller.getByRole('heading', { name: 'Your holiday quote' })).toBeVisible();
  await expect(traveller.getByText(pkg.title).first()).toBeVisible();
  // Enabled once the holiday's details (for the cart line) have loaded.
  await expect(traveller.getByRole('button', { name: 'Book this' })).toBeEnabled({ timeout: 20_000 });
  await traveller.getByRole('button', { name: 'Book this' }).press('Enter', { timeout: 20_000 });
  await expect(traveller).toHaveURL(/\/cart$/);
  await expect(traveller.getByText(pkg.title).first()).toBeVisible();
  await expectNoSidewaysScroll(traveller);

  // They book that holiday (through the shop's calls, as checkout sends them).
  const login = await (
    await page.request.post('/api/Common/Login', {
      data: { EmailorPhone: email, Password: PASSWORD },
      headers: { country: 'UAE' },
    })
  ).json();
  const auth = { authorization: `Bearer ${login.data.tokan}`, country: 'UAE' };
  expect(
    (
      await page.request.post('/api/Common/CreateCart', {
        data: { packageId: pkg.id, travelDate, adults: 2, rooms: 1 },
        headers: auth,
      })
    ).status(),
  ).toBe(200);
  const held = await (await page.request.post('/api/Common/CreateTempBooking', { data: {}, headers: auth })).json();
  const booked = await page.request.post('/api/Common/CreateBooking', {
    headers: auth,
    data: {
      TempBookingId: held.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: {
        Title: 'Ms',
        FirstName: 'Noor',
        LastName: 'Haddad',
        Email: email,
        Phone: '+971501234999',
        DOB: '1988-02-03',
      },
      Travellers: [{ FirstName: 'Sami', LastName: 'Haddad', AgeBand: 'adult' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const ref = (await booked.json()).data.RefIdKey as string;

  // The enquiry shows the booking, with a link to the desk's booking page, and is booked.
  await page.reload();
  await expect(page.getByRole('link', { name: `Booked: ${ref}` })).toHaveAttribute('href', `/admin/bookings/${ref}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Status: Booked' })).toBeVisible();
  await expect(page.getByRole('link', { name: ref, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shop.close();
  await desk.close();
});
