import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { createAccount, PASSWORD } from './checkout-helpers.ts';
import { deskMenu, nextCode, setUpStaff, STAFF_PASSWORD } from './staff-helpers.ts';

/*
 * The enquiries inbox (issue 21): a traveller writes through the shop's contact page with a file;
 * an agent signed in to the back office finds it, works it from new to contacted to booked
 * (linking a booking made through the shop's API), and the home page's count of new enquiries
 * follows.
 */

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), Buffer.alloc(4096, 0x20)]);

/** At 390 px the page does not scroll sideways (tables scroll in their own region); names what sticks out. */
async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
          !el.closest('.admin-table-wrap'),
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`)
      .slice(0, 5),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join(' | ')).toBeLessThanOrEqual(390);
}

/** The number the home page's "N new enquiries" link shows. */
async function newCount(page: Page): Promise<number> {
  await page.goto('/admin');
  const link = page.getByTestId('new-enquiries');
  await expect(link).toHaveText(/^\d+ new enquir(y|ies)$/);
  return Number((await link.textContent())!.match(/^\d+/)![0]);
}

test('an agent works a contact enquiry from new to contacted to booked, and the count of new enquiries follows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now())
    .slice(-6)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const last = `Inboxton${stamp}`;

  // A traveller's pay-later booking, through the shop's API (the enquiry will lead to it).
  const email = `enq-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  const login = await (
    await page.request.post('/api/Common/Login', {
      data: { EmailorPhone: email, Password: PASSWORD },
      headers: { country: 'UAE' },
    })
  ).json();
  const auth = { authorization: `Bearer ${login.data.tokan}`, country: 'UAE' };
  const featured = await (
    await page.request.get('/api/Common/Holiday/GetFeaturedPackages?limit=1', { headers: { country: 'UAE' } })
  ).json();
  const pkg = featured.data.packages[0] as { id: number };
  const travelDate = new Date(Date.now() + 80 * 86_400_000).toISOString().slice(0, 10);
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
        FirstName: 'Salma',
        LastName: last,
        Email: email,
        Phone: '+971501112244',
        DOB: '1987-05-06',
      },
      Travellers: [{ FirstName: 'Karim', LastName: last, AgeBand: 'adult' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const ref = (await booked.json()).data.RefIdKey as string;

  // An agent, added as `npm run staff` adds one while the shop runs (staffSetupLink), signs in with password and code.
  const agent = `inbox-agent-${Date.now()}@example.com`;
  const { secret } = await setUpStaff(page.request, agent, 'agent');
  await page.goto('/admin/login');
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.getByLabel('Email').fill(agent);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel(/Code from your authenticator/).fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-welcome')).toHaveText(`Signed in as ${agent}, agent.`);
  const before = await newCount(page);
  await expect(page.getByRole('table', { name: /Bookings made and money received today/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The traveller writes through the contact page, with a file.
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Salma');
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill('salma.traveller@gmail.com');
  await form.getByLabel('Phone number', { exact: true }).fill('501112244');
  await form.getByLabel('Enquiry type').selectOption('Holiday package');
  await form.getByLabel('Message').fill('Two adults, a sea view if possible.');
  await page.getByLabel('Attachment').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(/Thank you for contacting us/, { timeout: 15_000 });

  // The home page counts it, and its link opens the inbox of new enquiries.
  expect(await newCount(page)).toBe(before + 1);
  await page.getByTestId('new-enquiries').click();
  await expect(page).toHaveURL(/\/admin\/enquiries\?status=new$/);
  await expect(page.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Enquiries, newest first' });
  await expect(table.getByRole('row').nth(1)).toContainText(`Salma ${last}`);
  await page.getByLabel('Search enquiries').fill(last);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('(file attached)');
  await expectNoAxeViolations(page);
  // Usable at 390 px: the page does not scroll sideways (the table scrolls in its own region).
  await expectNoSidewaysScroll(page);
  // The menu leads here too.
  await expect((await deskMenu(page)).getByRole('link', { name: 'Enquiries', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The enquiry: what was sent, how to reach them, the file.
  await table.getByRole('link', { name: `Salma ${last}` }).click();
  await expect(page.getByRole('heading', { name: /^Enquiry \d+$/, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: New' })).toBeVisible();
  await expect(page.getByText('Two adults, a sea view if possible.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call \+971/ })).toHaveAttribute('href', 'tel:+971501112244');
  await expect(page.getByRole('link', { name: 'Write to salma.traveller@gmail.com' })).toHaveAttribute(
    'href',
    /^mailto:salma\.traveller@gmail\.com\?subject=/,
  );
  const file = page.getByRole('link', { name: 'Open the attached file passport.pdf' });
  const download = page.waitForEvent('download');
  await file.click();
  expect((await download).suggestedFilename()).toBe('passport.pdf');
  await expectNoAxeViolations(page);

  // New → contacted, with a note.
  await page.getByLabel('New status').selectOption('contacted');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
  await page.getByLabel(/Internal note/).fill('Called: wants the booking made today.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Called: wants the booking made today.')).toBeVisible();

  // Booked needs a booking that exists; then it links to it.
  await page.getByLabel('New status').selectOption('booked');
  await page.getByLabel('Booking reference').fill('WL-NOSUCH1');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is no booking WL-NOSUCH1' })).toBeVisible();
  await page.getByLabel('Booking reference').fill(ref);
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Booked' })).toBeVisible();
  await expect(page.getByRole('link', { name: ref })).toHaveAttribute('href', `/admin/bookings/${ref}`);
  const history = page.getByRole('table', { name: 'History, oldest first' });
  await expect(history).toContainText('Status new → contacted');
  await expect(history).toContainText(`Status contacted → booked (booking ${ref})`);
  await expect(history).toContainText('Opened the attached file passport.pdf');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // Worked: no longer counted as new.
  expect(await newCount(page)).toBe(before);
});
