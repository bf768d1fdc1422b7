import { expect, test } from '@playwright/test';
import { addToCart } from './cart-helpers.ts';
import { createAccount, fillTravellers, logIn, mailsTo, PASSWORD, signUpAtCheckout } from './checkout-helpers.ts';
import { gotoInteractive, interactive } from './page-helpers.ts';
import { withServiceWorker } from './service-worker.ts';

const SHOTS = process.env.SHOTS_DIR;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);
async function shot(page: import('@playwright/test').Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/*
 * The whole money path in the browser, on both sites: a cart, a hold, sign-in, travellers, review
 * with the server's price, then paying later or through a provider (whose step the local stand-in
 * plays, calling our verify call as the provider's page would).
 */

withServiceWorker(() => {
  test('UAE: a guest’s cart → sign up → travellers → review → pay later → confirmation → My trips', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = `guest-buyer-${Date.now()}@example.com`;
    await gotoInteractive(page, '/holidays/abu-dhabi-yas-island-family-4-nights');
    await addToCart(page, 2);
    await gotoInteractive(page, '/cart');
    await page.getByRole('button', { name: 'Continue to booking' }).click();

    // A guest signs up first; the held holidays come along.
    await signUpAtCheckout(page, email);

    // Travellers: checked before anything is sent; what was typed survives a reload.
    await expect(page.getByText(/Prices and rooms are held for you for/)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByText('Enter the first name.').first()).toBeVisible();
    await shot(page, 'checkout-1-errors');
    await fillTravellers(page, { first: 'Sara', last: 'Ali', phone: '501234567' });
    await page.reload();
    await expect(page.getByLabel('First name').first()).toHaveValue('Sara');
    // A field corrected after its error, then one click with the mouse (the press blurs the field):
    // the error line keeps its room, so the button stays under the pointer and the click goes.
    const toReview = page.getByRole('button', { name: 'Continue to review' });
    await page.getByLabel('Mobile number').fill('50');
    // Its place in the page (the failed submit scrolls to the first error, so not on the screen).
    const placeOf = () => toReview.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const before = await placeOf();
    await toReview.click();
    await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
    expect(await placeOf()).toBe(before);
    await page.getByLabel('Mobile number').fill('501234567');
    await toReview.click();

    // Review: the server's price, the best coupon applied, VAT shown as included.
    await expect(page).toHaveURL(/step=review/);
    const total = page.locator('.price-total dd');
    await expect(total).toHaveText(/^AED [\d,]+(\.\d\d)?$/);
    await expect(page.getByText('VAT 5% (included)')).toBeVisible();
    await expect(page.locator('.price-discount')).toBeVisible();
    const due = await total.textContent();
    await shot(page, 'checkout-2-review');

    // Offline: booking says it needs a connection, and nothing typed is lost.
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.getByText(/Booking needs a connection/)).toBeVisible();
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // Back and forward move between the steps.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
    await page.goForward();

    await expect(page.getByRole('button', { name: `Book and pay ${due}` })).toBeVisible();
    await page.getByLabel(/Book now, pay later/).check();
    await shot(page, 'checkout-3-pay');
    const confirm = page.getByRole('button', { name: 'Confirm booking' });
    await confirm.dblclick();

    await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    const ref = (await page.locator('.trip-ref-big').textContent())!;
    await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    await expect(page.getByText('IBAN')).toBeVisible();
    await shot(page, 'checkout-4-confirmed');
    await expect(page.locator('.price-total dd')).toHaveText(due!);
    await expect
      .poll(async () => (await mailsTo(page.request, email)).some((m) => m.subject === `Booking confirmed: ${ref}`))
      .toBe(true);
    // The booked lines leave the cart on this device too.
    await expect(page.getByRole('link', { name: 'Cart, 0 items' }).first()).toBeVisible();

    // After a first confirmed booking the shop offers to install the app, once.
    const offerInstall = () =>
      page.evaluate(() => {
        const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(e);
      });
    await offerInstall();
    await expect(page.getByRole('heading', { name: 'Keep your trip one tap away' })).toBeVisible();
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('heading', { name: 'Keep your trip one tap away' })).toBeHidden();
    await page.reload();
    await interactive(page);
    await offerInstall();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Keep your trip one tap away' })).toBeHidden();

    // A passport copy, kept on the booking.
    await page
      .getByLabel('Add passport or visa copies')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('status').filter({ hasText: '1 file was added to your booking.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'passport.png' })).toBeVisible();

    // A double tap made one booking; My trips lists it; the cart is empty.
    await gotoInteractive(page, '/trips');
    await expect(page.locator('.trip-card')).toHaveCount(1);
    await expect(page.locator('.trip-card')).toContainText(ref);
    await expect(page.locator('.trip-card')).toContainText('Confirmed');
    await shot(page, 'trips');
    await gotoInteractive(page, '/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
  });
});

test('India: a guest’s cart → sign up → travellers → review → pay later → confirmation → My trips, in rupees', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `in-guest-buyer-${Date.now()}@example.com`;
  await gotoInteractive(page, '/in/holidays/kerala-family-tour-5-nights');
  // Two adults and a child: the child's fare goes by the age on the day of travel.
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.getByRole('spinbutton', { name: /^Children/ }).fill('1');
  await addToCart(page, 2);
  await gotoInteractive(page, '/in/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await signUpAtCheckout(page, email, '/in');

  // A holiday in India: GST, and neither TCS nor a PAN.
  await fillTravellers(page, { first: 'Anil', last: 'Menon', phone: '9812345678' });
  // The child's date of birth is asked, and needed.
  const child = page.getByRole('group', { name: /Traveller 3 \(child/ });
  await child.getByLabel('First name').fill('Meera');
  await child.getByLabel('Last name').fill('Menon');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(child.getByText('Enter the child’s date of birth.')).toBeVisible();
  await child.getByLabel('Date of birth').fill('2019-06-01');
  await expect(page.getByLabel('PAN', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/in\/checkout\?step=review/);
  await expect(page.getByText('GST 5%')).toBeVisible();
  await expect(page.getByText(/TCS/)).toHaveCount(0);
  const total = page.locator('.price-total dd');
  await expect(total).toHaveText(/^₹[\d,]+(\.\d\d)?$/);
  const due = await total.textContent();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Book now, pay later/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page).toHaveURL(/\/in\/trips\/WL-[A-Z0-9]{5}-[A-Z0-9]{5}\?booked=1$/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  const ref = (await page.locator('.trip-ref-big').textContent())!;
  await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
  await expect(page.getByText('IFSC')).toBeVisible();
  await expect(page.locator('.price-total dd')).toHaveText(due!);
  await expect
    .poll(async () => (await mailsTo(page.request, email)).some((m) => m.subject === `Booking confirmed: ${ref}`))
    .toBe(true);

  await gotoInteractive(page, '/in/trips');
  await expect(page.locator('.trip-card')).toHaveCount(1);
  await expect(page.locator('.trip-card')).toContainText(ref);
  await expect(page.locator('.trip-card')).toContainText('Confirmed');
  await expect(page.locator('.trip-card')).toContainText('₹');
});

test('India: PAN checked, GST and TCS shown, paid through Razorpay’s checkout', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `priya-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email, '/in');
  await gotoInteractive(page, '/in/holidays/singapore-family-fun-4-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/in/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await expect(page).toHaveURL(/\/in\/checkout$/);

  await fillTravellers(page, { first: 'Priya', last: 'Shah', phone: '9812345678', email });
  await expect(page.getByText(/Indian law asks us to collect tax at source/)).toBeVisible();
  await page.getByLabel('PAN', { exact: true }).fill('ABCPK1234F');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to verify PAN' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('This PAN does not match the name Priya Shah');
  await page.getByLabel('PAN', { exact: true }).fill('ABCPS1234F');
  await page.getByRole('button', { name: 'Continue to review' }).click();

  await expect(page.getByText('GST 5%')).toBeVisible();
  await shot(page, 'checkout-in-review');
  await expect(page.getByText(/^TCS \d+% \(section 206C\(1G\)\)$/)).toBeVisible();
  await expect(page.locator('.price-total dd')).toHaveText(/^₹[\d,]+(\.\d\d)?$/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Pay now: UPI, card or netbanking/).check();
  await page.getByRole('button', { name: /^Book and pay ₹/ }).click();

  // The stand-in's checkout.js plays Razorpay: it hands the page the ids and signature.
  await expect(page).toHaveURL(/\/in\/trips\/WL-[A-Z0-9-]+\?booked=1$/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.locator('.trip-head')).toContainText('Paid');
  await expect(page.getByText('PAN: XXXXX1234F')).toBeVisible();
});

test('UAE: paid by card on Stripe’s page, confirmed on return', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `omar-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  await gotoInteractive(page, '/holidays/abu-dhabi-culture-trail-3-nights');
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Omar', last: 'Haddad', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('radio', { name: 'No coupon' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/Pay now by card/).check();
  await page.getByRole('button', { name: /^Book and pay AED/ }).click();

  // Stripe's hosted page (the stand-in), then back to the shop.
  await expect(page.getByRole('heading', { name: /^Pay AED/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/trips\/WL-[A-Z0-9-]+\?booked=1$/);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.locator('.trip-head')).toContainText('Paid');
});

test('a trip too close for pay later: review and payment say why, and only paying now is offered', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `soon-${Date.now()}@example.com`;
  await createAccount(page.request, email);
  await logIn(page, email);
  await gotoInteractive(page, '/holidays/abu-dhabi-culture-trail-3-nights');
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Travel date', { exact: true }).fill(soon);
  await addToCart(page, 2);
  await gotoInteractive(page, '/cart');
  await page.getByRole('button', { name: 'Continue to booking' }).click();
  await fillTravellers(page, { first: 'Hana', last: 'Saleh', phone: '501234567', email });
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('radio', { name: 'No coupon' }).check();
  const why =
    /^Paying later is offered for trips starting on .+ or later: .+ Your trip starts on .+: pay now, or choose a later date\.$/;
  await expect(page.getByRole('note').filter({ hasText: why })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByLabel(/Pay now by card/)).toBeChecked();
  await expect(page.getByLabel(/Book now, pay later/)).toHaveCount(0);
  await expect(page.getByRole('note').filter({ hasText: why })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Book and pay AED/ })).toBeEnabled();
});

test('the package page and the cart say when a date is nearly full or sold out', async ({ page, request }) => {
  test.setTimeout(90_000);
  const slug = 'dubai-luxury-escape-4-nights';
  const packageId = (await (await request.get(`/api/Common/Holiday/GetPackageDetail?slug=${slug}`)).json()).data
    .id as number;
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const full = inDays(200);
  const nearly = inDays(201);
  // Someone else holds all four rooms of one date, and three of the next.
  const email = `holder-${Date.now()}@example.com`;
  await createAccount(request, email);
  const token = (
    await (
      await request.post(
        `/api/Common/Login?EmailorPhone=${encodeURIComponent(email)}&Password=${encodeURIComponent(PASSWORD)}`,
      )
    ).json()
  ).data.tokan as string;
  const auth = { authorization: `Bearer ${token}` };
  await request.post('/api/Common/CreateCart', {
    headers: auth,
    data: { packageId, travelDate: full, adults: 4, rooms: 4 },
  });
  await request.post('/api/Common/CreateCart', {
    headers: auth,
    data: { packageId, travelDate: nearly, adults: 3, rooms: 3 },
  });
  expect((await request.post('/api/Common/CreateTempBooking', { headers: auth, data: {} })).status()).toBe(200);

  await gotoInteractive(page, `/holidays/${slug}`);
  // Rooms follow the party: four adults need two rooms here (three adults a room at most).
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  const rooms = page.getByRole('spinbutton', { name: /^Rooms/ });
  await page.getByRole('spinbutton', { name: 'Adults' }).fill('4');
  await expect(rooms).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Fewer rooms' })).toBeDisabled();
  await page.getByRole('spinbutton', { name: 'Adults' }).fill('2');
  await page.getByRole('button', { name: 'Fewer rooms' }).click();
  await expect(rooms).toHaveValue('1');
  const date = page.getByLabel('Travel date', { exact: true });
  await date.fill(full);
  await expect(page.getByText('Sold out on this date. Choose another date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await date.fill(nearly);
  await expect(page.getByText('Nearly full: only 1 room left on this date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await gotoInteractive(page, '/cart');
  await expect(page.getByText('Nearly full: only 1 room left on this date.')).toBeVisible();
});
