import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { addToCart, outboxRows, syncRound } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, mailsTo } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { BASE_URL as BASE, signedInStaff } from './staff-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

/*
 * The traveller's side of cancelling (issue 20): the package page's policy, a request from Trips
 * made offline that reaches the server exactly once, and a request approved by staff from the
 * requests page, after which the trip shows it cancelled.
 */

async function requestsFor(api: APIRequestContext, ref: string, status = 'pending') {
  const res = await api.get(`${BASE}/api/admin/cancellation-requests?status=${status}`);
  expect(res.status()).toBe(200);
  return ((await res.json()).data.items as { RefIdKey: string; id: number }[]).filter((i) => i.RefIdKey === ref);
}

/** The booking's cancellation request as the phone keeps it in its outbox (cancellation-queue.ts), or null. */
async function queuedOnPhone(page: Page, ref: string) {
  const row = (await outboxRows(page)).find((r) => r.ref === `cancel:${ref.toUpperCase()}`);
  return row ? { state: row.state, attempts: row.attempts } : null;
}

/**
 * Books a package to pay later, through the shop's screens, and lands on the trip; checkout's review shows the policy.
 */
async function bookToPayLater(page: Page, slug: string, email: string) {
  await gotoInteractive(page, `/holidays/${slug}`);
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Leila', last: 'Haddad', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  return (await page.locator('.trip-ref-big').textContent())!;
}

test('the package page shows its cancellation policy in the HTML, on both sites', async ({ request }) => {
  for (const prefix of ['', '/in']) {
    const html = await (await request.get(`${prefix}/holidays/maldives-overwater-honeymoon-4-nights`)).text();
    expect(html).toContain('Cancellation policy');
    expect(html).toContain('45 days or more before travel: 20% of the total kept, the rest refunded');
    expect(html).toContain('Less than 15 days before travel: no refund');
  }
});

withServiceWorker(() => {
  test('a traveller requests a cancellation from Trips while offline; back online, exactly one request reaches the server', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const email = `cancel-offline-${Date.now()}@example.com`;
    await createAccount(page.request, email);
    await logIn(page, email);
    const ref = await bookToPayLater(page, 'abu-dhabi-culture-trail-3-nights', email);
    const staff = await playwrightRequest.newContext();
    await signedInStaff(staff, 'owner');

    await gotoInteractive(page, `/trips/${ref}`);
    await expect(page.getByRole('button', { name: 'Request cancellation' })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Request cancellation' }).click();
    await expect(page.getByRole('heading', { name: 'Request cancellation' })).toBeFocused();
    await expect(
      page.getByText('30 days or more before travel: 10% of the total kept, the rest refunded'),
    ).toBeVisible();
    await expect(page.getByTestId('cancel-refund-today')).toContainText('Nothing has been paid yet');
    await expectNoAxeViolations(page);
    await page.getByLabel('Why do you want to cancel?').fill('My passport will not be renewed in time.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cancellation requested' })).toContainText(
      'You are offline',
    );
    await expect(page.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
    // Still on the phone only: the engine tried to send it, offline, and kept it.
    await expect.poll(async () => (await queuedOnPhone(page, ref))?.attempts ?? 0).toBeGreaterThan(0);
    expect(await queuedOnPhone(page, ref)).toMatchObject({ state: 'pending' });
    expect(await requestsFor(staff, ref)).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Cancellation requested' })).toContainText(
      'We will reply by email',
      { timeout: 20_000 },
    );
    expect(await requestsFor(staff, ref)).toHaveLength(1);
    expect(await queuedOnPhone(page, ref)).toBeNull();
    // A reload and another sync send nothing more (the page's or the worker's: the whole context is watched).
    let resent = 0;
    context.on('request', (r) => {
      if (r.url().includes('/RequestCancellation')) resent++;
    });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Cancellation requested' })).toBeVisible();
    await syncRound(page);
    expect(resent).toBe(0);
    expect(await requestsFor(staff, ref)).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await mailsTo(page.request, email)).filter(
            (m) => m.subject === `We have your cancellation request for booking ${ref}`,
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await staff.dispose();
  });
});

// Approval is the desk's cancellation (POST /api/admin/bookings/<ref>/cancel, another part of issue 20).
test('a traveller requests a cancellation from Trips, staff approve it from the requests page, and the trip shows it cancelled', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `cancel-approve-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  const ref = await bookToPayLater(page, 'abu-dhabi-culture-trail-3-nights', email);

  await gotoInteractive(page, `/trips/${ref}`);
  await page.getByRole('button', { name: 'Request cancellation' }).click();
  await page.getByLabel('Why do you want to cancel?').fill('A family emergency at home.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cancellation requested' })).toContainText(
    'We will reply by email',
    { timeout: 20_000 },
  );

  // Staff, in their own browser context, at desktop width.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signedInStaff(desk.request, 'owner');
  const staffPage = await desk.newPage();
  await staffPage.goto('/admin/cancellation-requests');
  const row = staffPage.getByTestId(`request-${ref}`);
  await expect(row).toContainText('A family emergency at home.');
  await expect(row.getByRole('link', { name: ref })).toHaveAttribute('href', `/admin/bookings/${ref}`);
  await row.getByRole('button', { name: `Decline the request for ${ref}` }).click();
  await expect(row.getByLabel('Message to the traveller')).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await row.getByRole('button', { name: 'Keep waiting' }).click();
  await row.getByRole('button', { name: `Approve the request for ${ref}` }).click();
  await expect(staffPage.getByRole('status').filter({ hasText: `Booking ${ref} is cancelled` })).toBeVisible();
  await expect(staffPage.getByTestId(`request-${ref}`)).toHaveCount(0);
  await desk.close();

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Cancellation approved' })).toContainText(
    'This booking is cancelled',
  );
  await expect(page.locator('.trip-head')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
  void context;
});
