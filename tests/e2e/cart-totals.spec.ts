import { expect, test, type Page } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn } from './checkout-helpers.ts';
import { gotoInteractive } from './page-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

/*
 * Totals that never jump (docs/decisions/0106), at 390 px: the cart shows what checkout charges (the
 * coupon checkout applies by itself as a line, India's taxes as figures), removing the coupon moves
 * both, and a hold that became a paid booking leaves the cart's banner, also after a reconnect.
 */

const SLUG = 'singapore-family-fun-4-nights';

/** Enough adults for the festive coupons' minimums (AED 3,000 / ₹50,000). */
async function adultsFor(page: Page, site: 'UAE' | 'IN') {
  const detail = await (
    await page.request.get(`/api/Common/Holiday/GetPackageDetail?slug=${SLUG}`, { headers: { country: site } })
  ).json();
  const price = detail.data.price.amount as number;
  // In the smallest unit, as the price: ₹50,000 in paise, AED 3,000 in fils.
  return Math.min(6, Math.max(2, Math.ceil((site === 'IN' ? 5_000_000 : 300_000) / price)));
}

async function signedInCart(page: Page, site: 'UAE' | 'IN') {
  const prefix = site === 'IN' ? '/in' : '';
  const email = `totals-${site.toLowerCase()}-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, prefix);
  await gotoInteractive(page, `${prefix}/holidays/${SLUG}`);
  await addToCart(page, await adultsFor(page, site));
  await gotoInteractive(page, `${prefix}/cart`);
  return prefix;
}

const cartTotal = (page: Page) => page.getByTestId('cart-total');
/** The figure in checkout's "Total to pay" line. */
const checkoutTotal = (page: Page) => page.getByTestId('checkout-total').locator('strong');

for (const site of ['UAE', 'IN'] as const) {
  test(`${site}: the cart total is the first checkout total, with the coupon as a line; removing it changes both`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const prefix = await signedInCart(page, site);
    const coupon = page.getByTestId('cart-coupon');
    await expect(coupon).toBeVisible();
    await expect(coupon).toContainText(/−(AED|₹)/);
    if (site === 'IN') {
      // Taxes as figures, not "+ taxes".
      await expect(page.getByTestId('cart-figures')).toContainText(/GST 5%[\s\S]*\+₹/);
      await expect(page.getByTestId('cart-figures')).toContainText(/TCS/);
    }
    const withCoupon = (await cartTotal(page).textContent())!;

    await page.getByRole('button', { name: 'Continue to booking' }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/checkout$`));
    await expect(checkoutTotal(page)).toHaveText(withCoupon);
    await expect(page.getByTestId('total-change')).toHaveCount(0);

    // Back in the cart, the coupon is removed: the cart's total and checkout's both change, and stay changed.
    await gotoInteractive(page, `${prefix}/cart`);
    await page.getByRole('button', { name: /^Remove coupon / }).click();
    await expect(coupon).toHaveCount(0);
    await expect(cartTotal(page)).not.toHaveText(withCoupon);
    const without = (await cartTotal(page).textContent())!;
    await expect(page.getByRole('button', { name: /^Apply / })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to booking' }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/checkout$`));
    await expect(checkoutTotal(page)).toHaveText(without);
    await expect(page.getByTestId('total-change')).toHaveCount(0);
  });
}

test('a total that changes after the cart says why: the coupon taken off at review', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInCart(page, 'UAE');
  const code = (await page.getByTestId('cart-coupon').locator('dt').textContent())!.replace('Remove', '').trim();
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillTravellers(page, { first: 'Lina', last: 'Haddad', phone: '+971501234567' });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page.getByTestId('total-change')).toHaveCount(0);
  await page.getByRole('radio', { name: 'No coupon' }).check();
  await expect(page.getByTestId('total-change')).toContainText(`Coupon ${code} removed`);
});

withServiceWorker(() => {
  test('a hold that became a paid booking leaves the cart’s banner, also after going offline and online again', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signedInCart(page, 'UAE');
    await page.getByRole('button', { name: 'Continue to booking' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(checkoutTotal(page)).toBeVisible();

    // The hold is booked and paid (another tab, say) through the API, with the traveller's own sign-in.
    const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'NHauth_token')!.value);
    const auth = { authorization: `Bearer ${token}`, country: 'UAE' };
    const holds = (await (await page.request.post('/api/Common/GetTempBooking', { headers: auth, data: {} })).json())
      .data as { TempBookingId: number; status: string }[];
    const hold = holds.find((h) => h.status === 'held')!;
    const booked = await (
      await page.request.post('/api/Common/CreateBooking', {
        headers: auth,
        data: {
          TempBookingId: hold.TempBookingId,
          PaymentMethod: 'stripe',
          LeadTraveller: {
            Title: 'Ms',
            FirstName: 'Lina',
            LastName: 'Haddad',
            Email: 'lina.haddad@example.com',
            Phone: '+971501234567',
            DOB: '1990-05-06',
          },
          Travellers: Array.from({ length: (await adultsFor(page, 'UAE')) - 1 }, (_, i) => ({
            FirstName: `Guest${'abcdef'[i]}`,
            LastName: 'Haddad',
            AgeBand: 'adult',
          })),
        },
      })
    ).json();
    expect(booked.status, booked.message).toBe('Success');
    expect((await page.request.post(booked.data.Next.url as string, { maxRedirects: 0 })).status()).toBe(303);

    // The same holiday in the cart again: the paid hold held exactly this, and must not show as held.
    await gotoInteractive(page, `/holidays/${SLUG}`);
    await addToCart(page, await adultsFor(page, 'UAE'));
    await gotoInteractive(page, '/cart');
    await expect(page.getByTestId('cart-total')).toBeVisible();
    await expect(page.getByText(/^Held for you/)).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            await new Promise<number>((resolve) => {
              const open = indexedDB.open('wanderlust');
              open.onsuccess = () => {
                const count = open.result.transaction('tempBookings').objectStore('tempBookings').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        ),
      )
      .toBe(0);

    await context.setOffline(true);
    await expect(page.getByText('You are offline.', { exact: false }).first()).toBeVisible();
    // Offline, the last figures stay, with a word that they may change.
    await expect(page.getByTestId('cart-figures')).toContainText('they may change when you are back online');
    await expect(page.getByText(/^Held for you/)).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByText('You are offline.', { exact: false })).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toBeVisible();
    await expect(page.getByText(/^Held for you/)).toHaveCount(0);
  });
});
